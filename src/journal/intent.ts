/**
 * An intent's parameters as a journal records them: checked by the operation's own parameter rules
 * before anything is written, encoded as the wire text that is sent, secrets left out; and the
 * comparison that tells the same intent from another under one key.
 *
 * @module
 */
import type { Endpoint } from '../endpoints/endpoint.js';
import { paramFields, type AnyEndpoint } from '../endpoints/endpoint.js';
import { ValidationError } from '../errors.js';
import { encodeParams, paramsObject } from '../params/validate.js';
import type { JournalEntry } from './types.js';

/** The longest key a journal takes. */
export const MAX_KEY_LENGTH = 200;

/** An intent split into its key and the operation's parameters, or why it cannot be. */
export interface SplitIntent {
  readonly key: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * Splits an intent into its key (1 to 200 characters, no line break) and the operation's
 * parameters: a {@link ValidationError} when the intent is not an object or the key is bad.
 *
 * @example
 * ```ts
 * splitIntent('M6', { key: 'payout-1', asset: 'USDT' }); // { key: 'payout-1', params: { asset: 'USDT' } }
 * ```
 */
export function splitIntent(operation: JournalEntry['operation'], intent: unknown): SplitIntent | ValidationError {
  const given = paramsObject(operation, intent);
  if (given instanceof ValidationError) return given;
  const { key, ...params } = given;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || /[\r\n]/.test(key)) {
    return new ValidationError({ operation, issues: [{ field: 'key', rule: `your idempotency key, 1 to ${MAX_KEY_LENGTH} characters on one line` }] });
  }
  return { key, params };
}

/**
 * The parameters as the journal records them: checked by `row`'s rules (a {@link ValidationError}
 * when one is broken, before anything is written), as wire text, with every secret left out.
 *
 * @example
 * ```ts
 * journalParams(B12, { coin: 'USDT', network: 'TRC20', address: 'T9yD', amount: '5', password: md5 });
 * // { coin: 'USDT', network: 'TRC20', address: 'T9yD', amount: '5' }
 * ```
 */
export function journalParams<P>(row: Endpoint<P, unknown>, params: Readonly<Record<string, unknown>>): Readonly<Record<string, string>> | ValidationError {
  const encoded = encodeParams(row.id, paramFields(row as AnyEndpoint), params);
  if (encoded instanceof ValidationError) return encoded;
  const secret = new Set(encoded.secretNames);
  return Object.fromEntries(encoded.pairs.filter(([name]) => !secret.has(name)));
}

/**
 * The names of the parameters whose text differs between two records of an intent (in either).
 *
 * @example
 * ```ts
 * differingFields({ asset: 'USDT', amount: '5' }, { asset: 'USDT', amount: '6' }); // ['amount']
 * ```
 */
export function differingFields(recorded: Readonly<Record<string, string>>, given: Readonly<Record<string, string>>): readonly string[] {
  const names = new Set([...Object.keys(recorded), ...Object.keys(given)]);
  return [...names].filter((name) => recorded[name] !== given[name]).sort();
}
