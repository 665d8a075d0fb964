/**
 * The small run-time checks shared by both frame decoders: decimal text, non-empty text, epoch
 * milliseconds. They allocate nothing, so the protobuf hot path can call them on every field.
 *
 * @module
 */

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const UNSIGNED_DECIMAL = /^\d+(?:\.\d+)?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Tells whether text is a plain decimal number, optionally negative (`-1.5`, `0`, `21.9421`); no
 * exponent, no sign `+`, no spaces.
 *
 * @example
 * ```ts
 * isDecimalText('-0.25'); // true
 * isDecimalText('1e-8'); // false
 * ```
 */
export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text);
}

/**
 * Tells whether text is a plain, non-negative decimal number (`0`, `3.5121`).
 *
 * @example
 * ```ts
 * isUnsignedDecimalText('3.5121'); // true
 * isUnsignedDecimalText('-1'); // false
 * ```
 */
export function isUnsignedDecimalText(text: string): boolean {
  return UNSIGNED_DECIMAL.test(text);
}

/**
 * Turns a protobuf int64 into epoch milliseconds: a positive safe integer, or `undefined` when the
 * value is absent, zero (proto3's "not sent"), negative, or too large for a double.
 *
 * @example
 * ```ts
 * epochMillisOf(1736417034332n); // 1736417034332
 * epochMillisOf(0n); // undefined
 * ```
 */
export function epochMillisOf(value: bigint | undefined): number | undefined {
  return value !== undefined && value > 0n && value <= MAX_SAFE ? Number(value) : undefined;
}

/**
 * Tells whether a number is valid epoch milliseconds: a positive safe integer.
 *
 * @example
 * ```ts
 * isEpochMillis(1736417034332); // true
 * isEpochMillis(1.5); // false
 * ```
 */
export function isEpochMillis(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/**
 * Turns optional text into `undefined` when absent or empty (proto3 sends nothing for '').
 *
 * @example
 * ```ts
 * optionalText(''); // undefined
 * optionalText('my-order-1'); // 'my-order-1'
 * ```
 */
export function optionalText(text: string | null | undefined): string | undefined {
  return text === undefined || text === null || text === '' ? undefined : text;
}
