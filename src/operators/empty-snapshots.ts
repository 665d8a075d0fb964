/**
 * The state operators' empty snapshots, for a value to show before an operator has emitted (a
 * store's `initial`, a server render before any state): the snapshot an operator's first emission
 * would be, with `version: 0`. Immutable, and one object each, so a UI that compares by reference
 * sees no change until the operator's first snapshot.
 *
 * @module
 */
import { type DefaultsOf, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { BOOLEAN } from '../settings/rules.js';
import { BalanceSnapshotData, type BalanceSnapshot } from './state/balance-book.js';
import { OrderBookData, type OrderBook } from './state/order-book.js';
import { PersistentMap } from './state/persistent-map.js';

/** Settings of {@link emptyOrderBook} and {@link emptyBalances}. */
export interface EmptySnapshotOptions {
  /**
   * Whether the operator is given a seed, so its state is still on its way: the snapshot is then
   * stale (`cause: 'seed-pending'`), as the operator's first is; else fresh (`cause: 'start'`).
   * Default `false`.
   */
  readonly seedPending?: boolean | undefined;
}

/**
 * The defaults of {@link EmptySnapshotOptions}, each written here only: `EMPTY_SNAPSHOT_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const EMPTY_SNAPSHOT_DEFAULTS = {
  seedPending: false,
} as const satisfies DefaultsOf<EmptySnapshotOptions>;

/** The settings' rules and defaults. */
export const EMPTY_SNAPSHOT_SETTINGS = settingsFor<EmptySnapshotOptions>()({
  seedPending: setting(BOOLEAN, EMPTY_SNAPSHOT_DEFAULTS.seedPending),
});

const NONE: readonly string[] = Object.freeze([]);

function emptyBook(stale: boolean): OrderBook {
  const cause = stale ? 'seed-pending' : 'start';
  return Object.freeze(new OrderBookData(PersistentMap.empty(), stale, undefined, cause, undefined, NONE, NONE, 0));
}

function emptyBalanceSnapshot(stale: boolean): BalanceSnapshot {
  const cause = stale ? 'seed-pending' : 'start';
  return Object.freeze(new BalanceSnapshotData(PersistentMap.empty(), stale, undefined, cause, undefined, NONE, NONE, 0));
}

const BOOKS = { fresh: emptyBook(false), pending: emptyBook(true) };
const BALANCES = { fresh: emptyBalanceSnapshot(false), pending: emptyBalanceSnapshot(true) };

/**
 * An empty {@link OrderBook} (`version: 0`): fresh (`cause: 'start'`), or stale with
 * `cause: 'seed-pending'` when `seedPending`. The same object for the same options.
 *
 * @throws ValidationError (operation `config`) when `seedPending` is not a boolean.
 * @example
 * ```ts
 * import { emptyOrderBook, reduceOrders, userDataStream, type Client, type OrderBook } from 'mexc-rx';
 *
 * declare const client: Client;
 * let shown: OrderBook = emptyOrderBook(); // what the page shows until the first snapshot
 * userDataStream(client).pipe(reduceOrders()).subscribe((book) => (shown = book));
 * ```
 */
export function emptyOrderBook(options: EmptySnapshotOptions = {}): OrderBook {
  return resolveSettings(EMPTY_SNAPSHOT_SETTINGS, options).seedPending ? BOOKS.pending : BOOKS.fresh;
}

/**
 * An empty {@link BalanceSnapshot} (`version: 0`): fresh (`cause: 'start'`), or stale with
 * `cause: 'seed-pending'` when `seedPending`. The same object for the same options.
 *
 * @throws ValidationError (operation `config`) when `seedPending` is not a boolean.
 * @example
 * ```ts
 * import { emptyBalances } from 'mexc-rx';
 *
 * // Until the seeded operator's first snapshot: no balances, and said to be loading.
 * const initial = emptyBalances({ seedPending: true });
 * initial.stale; // true
 * initial.cause; // 'seed-pending'
 * ```
 */
export function emptyBalances(options: EmptySnapshotOptions = {}): BalanceSnapshot {
  return resolveSettings(EMPTY_SNAPSHOT_SETTINGS, options).seedPending ? BALANCES.pending : BALANCES.fresh;
}
