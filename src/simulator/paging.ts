/**
 * Cutting lists into pages the way the list operations do.
 *
 * @module
 */

/**
 * Page `page` (from 1) of `size` items.
 *
 * @example
 * ```ts
 * pageOf([1, 2, 3, 4, 5], 2, 2); // [3, 4]
 * ```
 */
export function pageOf<T>(items: readonly T[], page: number, size: number): readonly T[] {
  const start = (page - 1) * size;
  return items.slice(start, start + size);
}

/**
 * Whether `time` lies in `[start, end]`, either bound optional.
 *
 * @example
 * ```ts
 * within(5, 1, undefined); // true
 * ```
 */
export function within(time: number, start: number | undefined, end: number | undefined): boolean {
  return (start === undefined || time >= start) && (end === undefined || time <= end);
}
