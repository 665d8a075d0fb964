/**
 * JSON read without losing a digit of a number. `JSON.parse` turns every number into a double, so
 * `0.30000000000000000001` would silently become `0.3`. A cheap look at the text first tells
 * whether any number in it might change (one regular-expression test on the usual body); only
 * when one really would, the text is parsed again with `lossless-json`, and each such number
 * becomes a {@link JsonNumberText} holding its exact source text. Numbers a double keeps stay
 * numbers, so counts and times decode as before.
 *
 * @module
 */
import { parse as parseLossless } from 'lossless-json';
import { keepsValueAsDouble, plainDecimalOf } from './json-number.js';

/** A JSON number a double would have changed, as its exact source text. */
export class JsonNumberText {
  /** The number exactly as written in the JSON text (`0.30000000000000000001`). */
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}

/**
 * True when the text may hold a number a double changes: where a number may start (the text's
 * start, or after `:`, `,` or `[` and blanks), a run of 16 digits or points (more significant
 * digits than a double keeps for sure) or digits followed by an exponent mark. Strings are not
 * skipped here, so this may say yes for nothing; it never says no wrongly. Anchoring on the
 * characters before a number keeps it to about a microsecond on a 1 kB body.
 */
const MAYBE_INEXACT = /(?:^|[:,[])\s*-?(?:[\d.]{16}|[\d.]+[eE])/;

/** A string (skipped) or a number outside strings (group 1), in text `JSON.parse` accepted. */
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|(-?\d[\d.eE+-]*)/g;

/**
 * Tells whether JSON text holds a number whose value a double would change.
 *
 * @example
 * ```ts
 * hasInexactNumber('{"a":0.1,"b":"0.30000000000000000001"}'); // false
 * hasInexactNumber('{"a":0.30000000000000000001}'); // true
 * ```
 */
export function hasInexactNumber(text: string): boolean {
  if (!MAYBE_INEXACT.test(text)) return false;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const number = match[1];
    if (number !== undefined && !keepsValueAsDouble(number)) return true;
  }
  return false;
}

function exactNumber(text: string): number | JsonNumberText {
  return keepsValueAsDouble(text) ? Number(text) : new JsonNumberText(text);
}

/**
 * Given JSON text and what `JSON.parse` made of it, returns the same value with every number a
 * double changed replaced by a {@link JsonNumberText}: `parsed` itself when there is none (the
 * usual case, one cheap test). A repeated name keeps its last value, as with `JSON.parse`.
 *
 * @throws SyntaxError only if `lossless-json` refuses text that `JSON.parse` accepted.
 * @example
 * ```ts
 * const text = '{"free":0.30000000000000000001}';
 * keepExactNumbers(text, JSON.parse(text)); // { free: JsonNumberText { text: '0.30000000000000000001' } }
 * ```
 */
export function keepExactNumbers(text: string, parsed: unknown): unknown {
  if (!hasInexactNumber(text)) return parsed;
  return parseLossless(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}

/**
 * `JSON.parse` that never changes a number's value (see {@link keepExactNumbers}).
 *
 * @throws SyntaxError when the text is not JSON.
 * @example
 * ```ts
 * parseJsonExactly('{"n":5,"x":1e400}'); // { n: 5, x: JsonNumberText { text: '1e400' } }
 * ```
 */
export function parseJsonExactly(text: string): unknown {
  return keepExactNumbers(text, JSON.parse(text));
}

/**
 * The decimal text a JSON value stands for, read exactly: a string as it is, a number from
 * {@link parseJsonExactly} as the plain text of its value (`1e-8` is `0.00000001`), a
 * {@link JsonNumberText} as the plain text of its source. `undefined` for anything else. The text
 * still has to pass the vocabulary's check.
 *
 * @example
 * ```ts
 * decimalTextOf(new JsonNumberText('0.30000000000000000001')); // '0.30000000000000000001'
 * decimalTextOf(1e-8); // '0.00000001'
 * decimalTextOf(true); // undefined
 * ```
 */
export function decimalTextOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? plainDecimalOf(String(value)) : undefined;
  return value instanceof JsonNumberText ? plainDecimalOf(value.text) : undefined;
}
