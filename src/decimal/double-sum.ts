/**
 * The fast path of decimal sums (`arithmetic.ts`): `a + sign * b` computed in doubles, as integer
 * counts of the smaller unit of the two values, exactly or not at all.
 *
 * It answers the sum's shortest text when the sum, at the larger of the two scales, is a safe
 * integer (at most 9,007,199,254,740,991 units), and `undefined` otherwise: when either value has
 * too many digits for a double to hold exactly, when the scales are more than 15 digits apart, or
 * when the sum itself leaves the safe integers. The caller then takes the exact `bigint` path.
 *
 * Every result it gives is exact: each value's digits are a safe integer, a power of ten up to
 * 10^15 is exact, and a scaled term whose magnitude leaves the safe integers but stays below 2^54
 * is a multiple of ten, which a double holds exactly there; beyond 2^54 a sum with the other term
 * (itself safe, at scale) cannot come back into the safe integers.
 *
 * @module
 */
import { scaleOf, smallUnits } from './scan.js';

const ZERO = 48;

/** Powers of ten a double holds exactly, enough to line up two values of at most 15 digits. */
const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** Prints a safe integer count of 10^-`scale` units as the shortest exact decimal text. */
function formatUnits(units: number, scale: number): string {
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const point = digits.length - scale;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === ZERO) end -= 1;
  const text = end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  return units < 0 ? `-${text}` : text;
}

/**
 * `a + sign * b` in doubles for two decimals `scanDecimal` accepted (their layouts `sa`, `sb`), or
 * `undefined` when the sum at the larger scale is not a safe integer.
 *
 * @example
 * ```ts
 * sumInDoubles('0.1', scanDecimal('0.1'), '0.2', scanDecimal('0.2'), 1); // '0.3'
 * sumInDoubles('9007199254740991', scanDecimal('9007199254740991'), '1', scanDecimal('1'), 1); // undefined
 * ```
 */
export function sumInDoubles(a: string, sa: number, b: string, sb: number, sign: 1 | -1): string | undefined {
  const scaleA = scaleOf(a, sa);
  const scaleB = scaleOf(b, sb);
  const scale = Math.max(scaleA, scaleB);
  // Digits too many for a double are NaN, and a power of ten past 10^15 is Infinity: either makes
  // the sum NaN or infinite, which the safe-integer check below refuses.
  const x = (smallUnits(a, sa) ?? NaN) * (POW10[scale - scaleA] ?? Infinity);
  const y = (smallUnits(b, sb) ?? NaN) * (POW10[scale - scaleB] ?? Infinity);
  const units = sign === 1 ? x + y : x - y;
  return Number.isSafeInteger(units) ? formatUnits(units, scale) : undefined;
}
