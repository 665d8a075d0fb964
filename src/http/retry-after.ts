/**
 * Reads a `Retry-After` header: seconds, or an HTTP date.
 *
 * @module
 */

/**
 * Milliseconds to wait according to a `Retry-After` value, or `undefined` when absent or unreadable.
 *
 * @example
 * ```ts
 * parseRetryAfter('2', Date.now()); // 2000
 * ```
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
