/**
 * A map's entries as a plain object keyed by the map's keys: what `JSON.stringify` writes for the
 * snapshots' maps (order ids, asset names). Keys come from outside (the service names the orders),
 * so the object is made so that no key can change it: it has no prototype, so `__proto__`,
 * `constructor` or `toString` are keys like any other (an own property each, written out by
 * `JSON.stringify` and read back by `JSON.parse` as one), and nothing is inherited that a key
 * could be mistaken for. Keys are in sorted order, so the same content gives the same JSON text in
 * every process (the maps' own iteration order follows a hash keyed anew in each).
 *
 * @module
 */

function byKey<V>(a: readonly [string, V], b: readonly [string, V]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * The entries as an object without a prototype, keys sorted.
 *
 * @example
 * ```ts
 * const record = plainRecord([['b', 2], ['__proto__', 1]]);
 * Object.keys(record); // ['__proto__', 'b']
 * JSON.stringify(record); // '{"__proto__":1,"b":2}'
 * ```
 */
export function plainRecord<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const record = Object.create(null) as Record<string, V>;
  // Without a prototype there is no `__proto__` setter to reach: every key becomes an own property.
  for (const [key, value] of [...entries].sort(byKey)) record[key] = value;
  return record;
}
