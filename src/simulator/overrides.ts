/**
 * Settings groups of the simulator given in part (its websocket rules, its limits, its IP ban):
 * each field optional, an explicit `undefined` being "not given", the rest from the defaults.
 *
 * @module
 */

/** A settings group's fields as given: each optional, and `undefined` as "not given". */
export type Overrides<T> = { readonly [K in keyof T]?: T[K] | undefined };

/**
 * `defaults` with each of its fields that `given` sets to a value (an explicit `undefined` keeps the
 * default; fields the defaults do not have are left out).
 *
 * @example
 * ```ts
 * withOverrides({ a: 1, b: 2 }, { a: 5, b: undefined }); // { a: 5, b: 2 }
 * ```
 */
export function withOverrides<T extends object>(defaults: T, given: Overrides<T> | undefined): T {
  const merged = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = given?.[key];
    if (value !== undefined) merged[key] = value as T[keyof T];
  }
  return merged;
}
