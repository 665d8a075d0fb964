/**
 * The service's flags: a boolean, sent as `true`/`false` or as the strings `"true"`/`"false"`.
 * One rule for the REST codec (`Flag`, `primitives.ts`) and the stream's JSON spellings.
 *
 * @module
 */

/**
 * The flag a value spells, or `undefined` when it spells none.
 *
 * @example
 * ```ts
 * flagOf('true'); // true
 * flagOf(false); // false
 * flagOf('yes'); // undefined
 * ```
 */
export function flagOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  return value === 'true' || value === 'false' ? value === 'true' : undefined;
}
