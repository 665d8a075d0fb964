/**
 * Reads what a request carries: the query string exactly as sent (for the signature) and as
 * name/value pairs, and the JSON body of broker POST/DELETE.
 *
 * @module
 */
import { parse as parseLossless } from 'lossless-json';
import { JsonNumberText } from '../decimal/exact-json.js';
import { SIM_CODES, SimError } from './errors.js';

/** A query string, read. */
export interface QueryParts {
  /** Decoded name/value pairs, signature excluded. */
  readonly values: ReadonlyMap<string, string>;
  /** The `signature` value, when sent. */
  readonly signature: string | undefined;
  /** The query text as sent, minus the `signature` pair: the text the caller signed. */
  readonly signedText: string;
}

function bad(msg: string): SimError {
  return new SimError(SIM_CODES.parameterInvalid, msg);
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw bad('malformed query string');
  }
}

/**
 * Reads a raw query string (without `?`). Refuses malformed escapes and repeated names (700004).
 *
 * @example
 * ```ts
 * parseQuery('limit=5&timestamp=1&signature=ab');
 * // { values: Map { limit => '5', timestamp => '1' }, signature: 'ab', signedText: 'limit=5&timestamp=1' }
 * ```
 */
export function parseQuery(raw: string): QueryParts {
  const values = new Map<string, string>();
  const signed: string[] = [];
  let signature: string | undefined;
  for (const segment of raw === '' ? [] : raw.split('&')) {
    const eq = segment.indexOf('=');
    const name = decodeComponent(eq < 0 ? segment : segment.slice(0, eq));
    const value = eq < 0 ? '' : decodeComponent(segment.slice(eq + 1));
    if (name === '') continue;
    if (values.has(name) || (name === 'signature' && signature !== undefined)) {
      throw bad(`Parameter '${name}' was sent more than once`);
    }
    if (name === 'signature') signature = value;
    else {
      values.set(name, value);
      signed.push(segment);
    }
  }
  return { values, signature, signedText: signed.join('&') };
}

/** The body's JSON, every number kept as its source text; a name given two values is refused. */
function parseBodyJson(text: string): unknown {
  try {
    return parseLossless(text, null, {
      parseNumber: (number) => new JsonNumberText(number),
      onDuplicateKey: ({ key }) => {
        throw bad(`Parameter '${key}' was sent more than once`);
      },
    });
  } catch (error: unknown) {
    if (error instanceof SimError) throw error;
    throw bad('request body is not JSON');
  }
}

/**
 * Reads a JSON body of parameters: an object whose values are strings. A number is read as its
 * text exactly as written in the body (`0.30000000000000000001` stays that, never a float), so
 * it meets the same rules as the same text in a query string; a boolean as `true`/`false`; `null`
 * as absent. An empty body is no parameters. Anything else is 700004.
 *
 * @example
 * ```ts
 * parseJsonBody('{"subAccount":"client0001","amount":0.30000000000000000001}');
 * // Map { subAccount => 'client0001', amount => '0.30000000000000000001' }
 * ```
 */
export function parseJsonBody(text: string): ReadonlyMap<string, string> {
  const values = new Map<string, string>();
  if (text.trim() === '') return values;
  const parsed = parseBodyJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || parsed instanceof JsonNumberText) {
    throw bad('request body must be a JSON object');
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (value === null) continue;
    if (typeof value === 'string') values.set(name, value);
    else if (value instanceof JsonNumberText) values.set(name, value.text);
    else if (typeof value === 'boolean') values.set(name, String(value));
    else throw bad(`Parameter '${name}' must be a string`);
  }
  return values;
}
