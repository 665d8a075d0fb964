/**
 * Fixed-point amounts on `bigint` (the simulator's money): an amount is held as an integer count
 * of 10^-30 units, so every quantity the parameter rules accept (at most 30 fraction digits,
 * {@link AMOUNT_FRACTION_DIGITS}) is exact, and adding or subtracting never rounds. Text in and out
 * is the shared vocabulary of `text.ts`.
 *
 * @module
 */
import { formatScaled, readScaled } from './arithmetic.js';

/** Fraction digits every amount is held with, and the most an amount parameter may have. */
export const AMOUNT_FRACTION_DIGITS = 30;

const SCALE = 10n ** BigInt(AMOUNT_FRACTION_DIGITS);

/**
 * Reads decimal text (`"10"`, `"0.5"`, `"-3.25"`) into units of 10^-30, or `undefined` when it is
 * not a decimal of the shared vocabulary or has more than 30 fraction digits.
 *
 * @example
 * ```ts
 * parseDecimal('0.1')! + parseDecimal('0.2')! === parseDecimal('0.3'); // true
 * parseDecimal('1e3'); // undefined
 * ```
 */
export function parseDecimal(text: string): bigint | undefined {
  const value = readScaled(text);
  if (value === undefined || value.scale > AMOUNT_FRACTION_DIGITS) return undefined;
  return value.units * 10n ** BigInt(AMOUNT_FRACTION_DIGITS - value.scale);
}

/**
 * Reads decimal text that must be valid, for amounts the simulator itself or a test supplies.
 *
 * @throws RangeError when the text is not a decimal with at most 30 fraction digits.
 * @example
 * ```ts
 * decimal('100000'); // 100000n * 10n ** 30n
 * ```
 */
export function decimal(text: string): bigint {
  const units = parseDecimal(text);
  if (units === undefined) throw new RangeError(`not a decimal amount: ${JSON.stringify(text)}`);
  return units;
}

/**
 * Prints units of 10^-30 as the shortest exact decimal text (no exponent, no trailing zeros).
 *
 * @example
 * ```ts
 * formatDecimal(decimal('100.500')); // '100.5'
 * formatDecimal(0n); // '0'
 * ```
 */
export function formatDecimal(units: bigint): string {
  return formatScaled(units, AMOUNT_FRACTION_DIGITS);
}

/**
 * The product of two amounts, truncated to 30 fraction digits (exact for every product whose
 * factors' fraction digits add up to 30 or fewer).
 *
 * @example
 * ```ts
 * formatDecimal(multiplyDecimal(decimal('0.5'), decimal('30000.1'))); // '15000.05'
 * ```
 */
export function multiplyDecimal(a: bigint, b: bigint): bigint {
  return (a * b) / SCALE;
}

/**
 * The quotient of two amounts, truncated to 30 fraction digits; `0n` when `b` is zero.
 *
 * @example
 * ```ts
 * formatDecimal(divideDecimal(decimal('15000.05'), decimal('0.5'))); // '30000.1'
 * ```
 */
export function divideDecimal(a: bigint, b: bigint): bigint {
  return b === 0n ? 0n : (a * SCALE) / b;
}
