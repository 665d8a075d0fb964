/**
 * Fixed-point decimal arithmetic on `bigint` for the simulator's money: an amount is held as an
 * integer count of 10^-30 units, so every quantity the parameter rules accept (up to 30 fraction
 * digits) is exact, and adding or subtracting never rounds. No float ever touches a balance.
 *
 * @module
 */

/** Number of fraction digits every amount is held with. */
export const DECIMAL_PLACES = 30;

const SCALE = 10n ** BigInt(DECIMAL_PLACES);
const DECIMAL_TEXT = new RegExp(`^(-?)(\\d{1,40})(?:\\.(\\d{1,${DECIMAL_PLACES}}))?$`);

/**
 * Reads a decimal text (`"10"`, `"0.5"`, `"-3.25"`) into units of 10^-30, or `undefined` when the
 * text is not a plain decimal or has more than 30 fraction digits.
 *
 * @example
 * ```ts
 * parseDecimal('0.1')! + parseDecimal('0.2')! === parseDecimal('0.3'); // true
 * ```
 */
export function parseDecimal(text: string): bigint | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(DECIMAL_PLACES, '0'));
  return sign === '-' ? -units : units;
}

/**
 * Prints units of 10^-30 as the shortest exact decimal text (no exponent, no trailing zeros).
 *
 * @example
 * ```ts
 * formatDecimal(parseDecimal('100.500')!); // '100.5'
 * formatDecimal(0n); // '0'
 * ```
 */
export function formatDecimal(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = (abs / SCALE).toString();
  const fraction = (abs % SCALE).toString().padStart(DECIMAL_PLACES, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Reads a decimal text that must be valid, for amounts the simulator itself or a test supplies.
 *
 * @throws RangeError when the text is not a decimal.
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
