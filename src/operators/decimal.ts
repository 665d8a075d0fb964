/**
 * Exact arithmetic on decimal text, for the state operators: money stays a string, and sums and
 * comparisons go through `bigint`, never through a float (`'0.1' + '0.2'` is `'0.3'`).
 *
 * Any scale is exact: a value is read as an integer count of 10^-scale units, and two values are
 * brought to the larger scale before they are added or compared.
 *
 * @module
 */

/** A decimal as an integer number of 10^-`scale` units. */
interface Fixed {
  readonly units: bigint;
  readonly scale: number;
}

/** Plain decimals (`-1.5`, `0`, `.5`, `21.`) with an optional exponent (`1e-8`, as a JSON number may print). */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

function parse(text: string): Fixed {
  const match = DECIMAL.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole.length + fraction.length === 0) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  const exponent = Number(match[4] ?? '0');
  const digits = BigInt(`${whole}${fraction}` || '0');
  const units = match[1] === '-' ? -digits : digits;
  const scale = fraction.length - exponent;
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

function rescale(value: Fixed, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/**
 * Tells whether `text` is a decimal these helpers can read.
 *
 * @example
 * ```ts
 * isDecimal('21.94210356004384'); // true
 * isDecimal('1e-8'); // true
 * isDecimal('ten'); // false
 * ```
 */
export function isDecimal(text: string): boolean {
  const match = DECIMAL.exec(text);
  return match !== null && (match[2] ?? '').length + (match[3] ?? '').length > 0;
}

/**
 * Compares two decimals exactly: -1 when `a < b`, 0 when equal, 1 when `a > b`.
 *
 * @throws RangeError when either text is not a decimal.
 * @example
 * ```ts
 * compareDecimal('10.5', '9.75'); // 1 (a string comparison would say -1)
 * compareDecimal('1.50', '1.5'); // 0
 * ```
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * Adds two decimals exactly; the result is the shortest exact text (no exponent, no trailing zeros).
 *
 * @throws RangeError when either text is not a decimal.
 * @example
 * ```ts
 * addDecimal('0.1', '0.2'); // '0.3'
 * addDecimal('21.94210356004384', '10'); // '31.94210356004384'
 * ```
 */
export function addDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format(rescale(x, scale) + rescale(y, scale), scale);
}

/**
 * Subtracts `b` from `a` exactly; the result is the shortest exact text.
 *
 * @throws RangeError when either text is not a decimal.
 * @example
 * ```ts
 * subtractDecimal('0.3', '0.1'); // '0.2'
 * subtractDecimal('5', '-10'); // '15'
 * ```
 */
export function subtractDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format(rescale(x, scale) - rescale(y, scale), scale);
}

/**
 * Sums decimals exactly; `'0'` for none.
 *
 * @example
 * ```ts
 * sumDecimals(['0.1', '0.2', '0.3']); // '0.6'
 * ```
 */
export function sumDecimals(values: Iterable<string>): string {
  let total = '0';
  for (const value of values) total = addDecimal(total, value);
  return total;
}
