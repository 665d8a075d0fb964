/**
 * The one vocabulary of decimal text, shared by parameters, response and frame decoding, the
 * operators and the simulator (docs/concepts.md, "Decimal text").
 *
 * A decimal is written the way a JSON number is, without an exponent: one or more digits, with
 * no leading zero except a lone `0` before the point, then optionally a point and one or more
 * digits. Trailing zeros after the point are allowed (`1.50`), since the service sends them.
 * No `+`, no exponent, no `.5` or `5.`, no blanks, no empty text. A **signed** decimal (a
 * change: `balanceAmountChange`, a fee) may start with `-`; a **non-negative** one (a quantity,
 * a balance, a price) may not.
 *
 * | Text | Non-negative | Signed |
 * |---|---|---|
 * | `0`, `10`, `0.5`, `1.50` | yes | yes |
 * | `-0.25` | no | yes |
 * | `+1`, `1e-8`, `.5`, `5.`, `007`, `''`, ` 1` | no | no |
 *
 * @module
 */

const NON_NEGATIVE = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
const SIGNED = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** What {@link isNonNegativeDecimal} accepts, in words (for error messages and the generated reference). */
export const NON_NEGATIVE_DECIMAL_RULE = 'non-negative decimal text';

/** What {@link isDecimal} accepts, in words. */
export const SIGNED_DECIMAL_RULE = 'decimal text';

/**
 * Tells whether `text` is a decimal of the shared vocabulary, with or without a leading `-`. Only
 * text is: a number, an array or `null` is not (never coerced to text first).
 *
 * @example
 * ```ts
 * isDecimal('-0.25'); // true
 * isDecimal('1.50'); // true
 * isDecimal('1e-8'); // false: no exponents
 * isDecimal('.5'); // false
 * isDecimal(5); // false: a number, not text
 * ```
 */
export function isDecimal(text: unknown): boolean {
  return typeof text === 'string' && SIGNED.test(text);
}

/**
 * Tells whether `text` is a non-negative decimal of the shared vocabulary (a quantity, a balance,
 * a price). Only text is (as for {@link isDecimal}).
 *
 * @example
 * ```ts
 * isNonNegativeDecimal('3.5121'); // true
 * isNonNegativeDecimal('0'); // true
 * isNonNegativeDecimal('-5'); // false
 * isNonNegativeDecimal(['1']); // false: an array, not text
 * ```
 */
export function isNonNegativeDecimal(text: unknown): boolean {
  return typeof text === 'string' && NON_NEGATIVE.test(text);
}

/**
 * Tells whether `text` is a non-negative decimal other than zero, with at most `maxWhole` digits
 * before the point and `maxFraction` after it.
 *
 * @example
 * ```ts
 * isPositiveDecimal('0.5', 30, 30); // true
 * isPositiveDecimal('0.000', 30, 30); // false: zero
 * isPositiveDecimal('0.123', 30, 2); // false: three fraction digits
 * ```
 */
export function isPositiveDecimal(text: string, maxWhole: number, maxFraction: number): boolean {
  if (!NON_NEGATIVE.test(text) || !/[1-9]/.test(text)) return false;
  const point = text.indexOf('.');
  const whole = point < 0 ? text.length : point;
  const fraction = point < 0 ? 0 : text.length - point - 1;
  return whole <= maxWhole && fraction <= maxFraction;
}
