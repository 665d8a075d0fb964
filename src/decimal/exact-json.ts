/**
 * JSON read without losing a digit of a number. `JSON.parse` turns every number into a double, so
 * `0.30000000000000000001` would silently become `0.3`. A cheap look at the text first tells
 * whether any number in it might change (one regular-expression test on the usual body); only
 * when one really would, the text is parsed again, with each such number written as a marked
 * string, and each becomes a {@link JsonNumberText} holding its exact source text. Numbers a
 * double keeps stay numbers, so counts and times decode as before.
 *
 * Written here rather than taken from a JSON parser that hands over each number's text
 * (`lossless-json`, which the simulator uses for request bodies): the engine's own `JSON.parse`
 * does the parsing, and this module with the number rules it uses weighs 0.75 KB in a page
 * against the parser's 2.34 KB (minified and gzipped, `npm run bench -- --only handwritten`;
 * docs/architecture.md, "Written by hand, and why").
 *
 * @module
 */
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
 * Whether JSON text holds a number a double would change: the quick test, then, only when it
 * says maybe, each number outside strings checked, without building any text (a body with long
 * numbers a double keeps, which the quick test lets through, costs no copy of itself).
 */
function hasInexactNumber(text: string): boolean {
  if (!MAYBE_INEXACT.test(text)) return false;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const number = match[1];
    if (number !== undefined && !keepsValueAsDouble(number)) return true;
  }
  return false;
}

/** A run of escaped NUL characters (`\u0000`) in JSON text. */
const NUL_ESCAPES = /(?:\\u0000)+/g;

/**
 * A prefix no string of the JSON `text` starts with: one NUL more than the longest run of `\u0000`
 * escapes in the text. A string holds a NUL only through that escape (JSON refuses a raw control
 * character), so no string can begin with more NULs than the longest run (an escaped backslash
 * before `u0000` only makes the count longer than needed, never shorter).
 */
function markerFor(text: string): string {
  let longest = 0;
  for (const run of text.matchAll(NUL_ESCAPES)) longest = Math.max(longest, run[0].length / 6);
  return '\u0000'.repeat(longest + 1);
}

/**
 * Given JSON text and what `JSON.parse` made of it, returns the same value with every number a
 * double changed replaced by a {@link JsonNumberText}: `parsed` itself when there is none (the
 * usual case, one cheap test). A repeated name keeps its last value, as with `JSON.parse`.
 *
 * `text` must be what `JSON.parse` made `parsed` of: the rare path parses it again, each number a
 * double changes written as a string that starts with a marker no string of the text starts with
 * (`markerFor`), and turns those strings back into numbers' text.
 *
 * @example
 * ```ts
 * const text = '{"free":0.30000000000000000001}';
 * keepExactNumbers(text, JSON.parse(text)); // { free: JsonNumberText { text: '0.30000000000000000001' } }
 * ```
 */
export function keepExactNumbers(text: string, parsed: unknown): unknown {
  if (!hasInexactNumber(text)) return parsed;
  const marker = markerFor(text);
  const written = JSON.stringify(marker).slice(1, -1);
  const marked = text.replace(TOKEN, (token: string, number: string | undefined) =>
    number === undefined || keepsValueAsDouble(number) ? token : `"${written}${number}"`,
  );
  const root: unknown[] = [JSON.parse(marked)];
  unmark(root, marker);
  return root[0];
}

/**
 * Turns each string starting with `marker` inside `root` back into a {@link JsonNumberText}, in
 * place. A loop over a stack of containers rather than a `JSON.parse` reviver (0.68x
 * lossless-json's rate on the `handwritten` benchmark's bodies in a quick run, where this loop
 * made it 0.80x) or recursion (a deeply nested body would overflow the call stack).
 */
function unmark(root: unknown[], marker: string): void {
  const containers: (unknown[] | Record<string, unknown>)[] = [root];
  for (let container = containers.pop(); container !== undefined; container = containers.pop()) {
    const fields = container as Record<string, unknown>;
    for (const name of Object.keys(fields)) {
      const value = fields[name];
      if (typeof value === 'string') {
        // A field named `__proto__` is an own field (JSON.parse made it one): this sets it, not the prototype.
        if (value.startsWith(marker)) fields[name] = new JsonNumberText(value.slice(marker.length));
      } else if (typeof value === 'object' && value !== null) {
        containers.push(value as Record<string, unknown>);
      }
    }
  }
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
