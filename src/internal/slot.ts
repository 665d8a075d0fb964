/**
 * A slot: where a client made by `createClient` keeps something its streams, operators and close
 * find again (its life, its reads, its metrics, its recorder). The key is a symbol, so it is no
 * field of the `Client` type and printing a client shows nothing of it, and a copy made by
 * spreading the client (`{ ...client, call }`) keeps it.
 *
 * @module
 */

/** One slot: what a holder keeps in it, and how to put it there. */
export interface Slot<T extends object> {
  /** What `holder` keeps in the slot, or `undefined` (nothing, or not an object). */
  readonly of: (holder: object) => T | undefined;
  /** Puts `value` in `holder`'s slot (nothing when `value` is `undefined`); returns `holder`. */
  readonly put: <H extends object>(holder: H, value: T | undefined) => H;
}

/**
 * A new slot, named `description` (the symbol's description, for debugging).
 *
 * @example
 * ```ts
 * const READS = slot<ClientReads>('mexc-rx client reads');
 * READS.put(client, CLIENT_READS);
 * READS.of(client)?.getAccount(client);
 * ```
 */
export function slot<T extends object>(description: string): Slot<T> {
  const key = Symbol(description);
  return {
    of: (holder) => {
      const value = (holder as { readonly [key]?: unknown })[key];
      return typeof value === 'object' && value !== null ? (value as T) : undefined;
    },
    put: (holder, value) => (value === undefined ? holder : Object.assign(holder, { [key]: value })),
  };
}
