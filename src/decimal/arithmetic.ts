/**
 * Exact arithmetic on decimal text (the vocabulary of `text.ts`): money stays a string, and sums
 * and comparisons go through `bigint`, never through a float (`'0.1' + '0.2'` is `'0.3'`).
 *
 * Any scale is exact: a value is read as an integer count of 10^-scale units, and two values are
 * brought to the larger scale before they are added or compared.
 *
 * @module
 */
import { isDecimal } from './text.js';
import { sumInDoubles } from './double-sum.js';
import { compareScanned, scaleOf, scanDecimal } from './scan.js';

/** A decimal as an integer number of 10^-`scale` units. */
export interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

/**
 * Reads decimal text as units of 10^-(its fraction digits), or `undefined` when it is not a
 * decimal of the shared vocabulary.
 *
 * @example
 * ```ts
 * readScaled('-1.50'); // { units: -150n, scale: 2 }
 * readScaled('1e3'); // undefined
 * ```
 */
export function readScaled(text: string): Scaled | undefined {
  if (!isDecimal(text)) return undefined;
  const point = text.indexOf('.');
  const digits = point < 0 ? text : `${text.slice(0, point)}${text.slice(point + 1)}`;
  return { units: BigInt(digits), scale: point < 0 ? 0 : text.length - point - 1 };
}

/**
 * Prints `units` of 10^-`scale` as the shortest exact decimal text (no trailing zeros, `0` for
 * zero, never `-0`).
 *
 * @example
 * ```ts
 * formatScaled(-150n, 2); // '-1.5'
 * formatScaled(0n, 8); // '0'
 * ```
 */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  // A negative count is never zero, so it never prints as `0`.
  return negative ? `-${text}` : text;
}

/** A decimal `scanDecimal` accepted (its layout `scanned`), as units of 10^-(its fraction digits). */
function scaledOf(text: string, scanned: number): Scaled {
  const scale = scaleOf(text, scanned);
  const digits = scale === 0 ? text : `${text.slice(0, text.length - scale - 1)}${text.slice(text.length - scale)}`;
  return { units: BigInt(digits), scale };
}

/** What a value that is not text is, for an error message: its kind, never the value itself. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  const type = typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/**
 * Where a decimal's point is (`scanDecimal`), or a RangeError when the value is not decimal text:
 * callers without types may hand in a number, an array or `null`, which are refused the same way
 * (never coerced to text, never a TypeError).
 */
function scanned(text: string): number {
  if (typeof text !== 'string') throw new RangeError(`not a decimal: ${kindOf(text)}`);
  const layout = scanDecimal(text);
  if (layout < 0) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  return layout;
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** `a + sign * b` exactly in `bigint`, for two decimals `scanDecimal` accepted (layouts `sa`, `sb`). */
function exactSum(a: string, sa: number, b: string, sb: number, sign: 1 | -1): string {
  const x = scaledOf(a, sa);
  const y = scaledOf(b, sb);
  const scale = Math.max(x.scale, y.scale);
  const units = sign === 1 ? rescale(x, scale) + rescale(y, scale) : rescale(x, scale) - rescale(y, scale);
  return formatScaled(units, scale);
}

/**
 * `a + sign * b`. Values of at most 15 digits each (prices, quantities, balances of this service)
 * are added in doubles, exactly (`double-sum.ts`); a sum that would leave the safe integers goes
 * through `bigint`.
 */
function addSigned(a: string, b: string, sign: 1 | -1): string {
  const sa = scanned(a);
  const sb = scanned(b);
  return sumInDoubles(a, sa, b, sb, sign) ?? exactSum(a, sa, b, sb, sign);
}

/**
 * Compares two decimals exactly: -1 when `a < b`, 0 when equal, 1 when `a > b`. Digit by digit
 * on the text: nothing is allocated, whatever the length.
 *
 * @throws RangeError when either value is not decimal text (a number, `null` or an array included).
 * @example
 * ```ts
 * compareDecimal('10.5', '9.75'); // 1 (a string comparison would say -1)
 * compareDecimal('1.50', '1.5'); // 0
 * ```
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return compareScanned(a, scanned(a), b, scanned(b));
}

/**
 * Adds two decimals exactly; the result is the shortest exact text (no trailing zeros).
 *
 * @throws RangeError when either value is not decimal text (a number, `null` or an array included).
 * @example
 * ```ts
 * addDecimal('0.1', '0.2'); // '0.3'
 * addDecimal('21.94210356004384', '10'); // '31.94210356004384'
 * ```
 */
export function addDecimal(a: string, b: string): string {
  return addSigned(a, b, 1);
}

/**
 * Subtracts `b` from `a` exactly; the result is the shortest exact text.
 *
 * @throws RangeError when either value is not decimal text (a number, `null` or an array included).
 * @example
 * ```ts
 * subtractDecimal('0.3', '0.1'); // '0.2'
 * subtractDecimal('5', '-10'); // '15'
 * ```
 */
export function subtractDecimal(a: string, b: string): string {
  return addSigned(a, b, -1);
}

/**
 * Sums decimals exactly; `'0'` for none.
 *
 * @throws RangeError when any value is not decimal text, or `values` is not a list of them (one
 * text alone is refused, not summed character by character).
 * @example
 * ```ts
 * sumDecimals(['0.1', '0.2', '0.3']); // '0.6'
 * ```
 */
export function sumDecimals(values: Iterable<string>): string {
  const list: unknown = values;
  const iterable = typeof list === 'object' && list !== null && typeof (list as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
  if (!iterable || list instanceof String) throw new RangeError(`not a list of decimals: ${kindOf(list)}`);
  let total = '0';
  for (const value of values) total = addDecimal(total, value);
  return total;
}

/**
 * Multiplies two decimals exactly (the product has as many fraction digits as both factors
 * together); the result is the shortest exact text.
 *
 * @throws RangeError when either text is not a decimal.
 * @example
 * ```ts
 * multiplyDecimalText('0.5', '30000.1'); // '15000.05'
 * ```
 */
export function multiplyDecimalText(a: string, b: string): string {
  const x = scaledOf(a, scanned(a));
  const y = scaledOf(b, scanned(b));
  return formatScaled(x.units * y.units, x.scale + y.scale);
}

/**
 * Divides `a` by `b`, truncated (toward zero) to `fractionDigits` fraction digits; `'0'` when `b`
 * is zero (an average over nothing). The result is the shortest text of that value.
 *
 * @throws RangeError when either text is not a decimal, or `fractionDigits` is not a whole number from 0.
 * @example
 * ```ts
 * divideDecimalText('15000.05', '0.5', 30); // '30000.1'
 * divideDecimalText('1', '3', 4); // '0.3333'
 * ```
 */
export function divideDecimalText(a: string, b: string, fractionDigits: number): string {
  if (!Number.isSafeInteger(fractionDigits) || fractionDigits < 0) throw new RangeError(`not a count of fraction digits: ${fractionDigits}`);
  const x = scaledOf(a, scanned(a));
  const y = scaledOf(b, scanned(b));
  if (y.units === 0n) return '0';
  // a / b = (x.units / 10^x.scale) / (y.units / 10^y.scale); scaled up by 10^fractionDigits.
  const numerator = x.units * 10n ** BigInt(y.scale + fractionDigits);
  const denominator = y.units * 10n ** BigInt(x.scale);
  return formatScaled(numerator / denominator, fractionDigits);
}
