/**
 * The small run-time checks shared by both frame decoders: optional text, epoch milliseconds
 * (decimal text is checked with the shared vocabulary of `src/decimal/text.ts`). They allocate
 * nothing, so the protobuf hot path can call them on every field.
 *
 * @module
 */

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

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
