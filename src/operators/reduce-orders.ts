/**
 * `reduceOrders`: the account's orders as a live order book, built from the order and deal events
 * of a user data stream.
 *
 * @module
 */
import { asyncScheduler, defer, type Observable, type OperatorFunction, type SchedulerLike } from 'rxjs';
import type { Client } from '../client/types.js';
import type { GapEvent } from '../stream/lifecycle.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import { type DefaultsOf, group, optional, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, BOOLEAN, count, duration, OBSERVABLE, SCHEDULER, type Rule } from '../settings/rules.js';
import { COALESCE, coalesceOption, type CoalesceOptions } from './coalesce.js';
import { OrderBookState, type OrderBook, type OrderRefresh } from './state/order-book.js';
import type { OrderSeed } from './state/order-state.js';
import { refreshingReducer } from './refreshable.js';
import { CLIENT, ONE_SOURCE, openOrdersRepair, REPAIR_BACKOFF_SETTINGS, SYMBOLS, type RepairBackoffOptions } from './repair.js';

/** Settings of {@link reduceOrders}. */
export interface ReduceOrdersOptions extends CoalesceOptions {
  /**
   * How many final orders (filled, canceled, partially canceled) the book keeps; past it, the one
   * that became final first is evicted. Open orders are never evicted. Default 10,000.
   */
  readonly maxTerminalOrders?: number | undefined;
  /**
   * How long a final order stays in the book after it became final, ms (measured on `scheduler`,
   * checked whenever an event arrives). Default: no age limit, only `maxTerminalOrders`.
   */
  readonly maxTerminalAgeMs?: number | undefined;
  /**
   * How many placeholders (orders known only from deals whose order event has not come) the book
   * keeps; past it, the oldest is dropped. Default 1,000.
   */
  readonly maxPlaceholders?: number | undefined;
  /**
   * How many ids of evicted orders the book remembers, so that a late event of an evicted order is
   * dropped instead of bringing it back. Default 10,000.
   */
  readonly maxForgottenIds?: number | undefined;
  /**
   * Orders to start from (a REST query of the open orders, a saved book), requested at
   * subscription; its first value is merged like order events. The book is stale until it arrives
   * (the first snapshot, empty, says `cause: 'seed-pending'`), and stays stale, saying why, if it
   * fails: add your own retry. Default: none, start empty and fresh.
   */
  readonly seed?: Observable<Iterable<OrderSeed>> | undefined;
  /**
   * Fetches the orders again after a `gap` (events may have been lost). Its first value is merged
   * like order events and makes the book fresh again; a newer gap cancels it and asks again. Add
   * your own retry to it; if it fails, the book stays stale and says why. Default: none, a gap
   * leaves the book stale for good.
   */
  readonly resync?: ((gap: GapEvent) => Observable<Iterable<OrderSeed>>) | undefined;
  /**
   * Whether a seed or resync lists every order that is still open. When `true`, an order the book
   * holds as open that the list leaves out ended while events were missed: it becomes final with
   * the book's own status `UNKNOWN_OUTCOME` (kept and evicted like the other final orders, until
   * a report of its end replaces it), unless an event of it arrived after the request was made.
   * Default `true`.
   */
  readonly refreshListsAllOpenOrders?: boolean | undefined;
  /**
   * Turnkey repair: the account's client (its own key, with the permission to read orders). The
   * open orders are read with `listOpenOrders` (A2) for each of `symbols` and each symbol the
   * book has seen, at subscription and after every gap, through the client's request budget; a
   * failed read is tried again (`repairBackoff`) until one succeeds, and the book stays stale
   * until then. Not together with `seed` or `resync` (one source only). Default: none.
   */
  readonly from?: Client | undefined;
  /**
   * With `from`: the trading pairs to read besides those the book has seen. The service lists
   * open orders per symbol only, so an order placed on a pair the book has never seen (placed
   * while the stream was down, or before it started) is found only if its pair is named here.
   * Default: none, only the pairs the book has seen.
   */
  readonly symbols?: readonly string[] | undefined;
  /** How a failed read of `from` is tried again (exponential backoff, equal jitter). */
  readonly repairBackoff?: RepairBackoffOptions | undefined;
  /** Clock of the age limit (`now()`). Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
}

/** A count of the book's memory bounds. */
const BOUND = count({ min: 0, orInfinity: true });

/**
 * The defaults of {@link ReduceOrdersOptions}, each written here only: `REDUCE_ORDERS_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const REDUCE_ORDERS_DEFAULTS = {
  maxTerminalOrders: 10_000,
  maxPlaceholders: 1_000,
  maxForgottenIds: 10_000,
  refreshListsAllOpenOrders: true,
  scheduler: asyncScheduler,
  symbols: [],
} as const satisfies DefaultsOf<ReduceOrdersOptions>;

/** The operator's settings: each rule and default. */
export const REDUCE_ORDERS_SETTINGS = settingsFor<ReduceOrdersOptions>()(
  {
    maxTerminalOrders: setting(BOUND, REDUCE_ORDERS_DEFAULTS.maxTerminalOrders),
    maxTerminalAgeMs: optional(duration({ min: 0 })),
    maxPlaceholders: setting(BOUND, REDUCE_ORDERS_DEFAULTS.maxPlaceholders),
    maxForgottenIds: setting(BOUND, REDUCE_ORDERS_DEFAULTS.maxForgottenIds),
    seed: optional(OBSERVABLE as Rule<Observable<Iterable<OrderSeed>>>),
    resync: optional(aFunction<(gap: GapEvent) => Observable<Iterable<OrderSeed>>>()),
    refreshListsAllOpenOrders: setting(BOOLEAN, REDUCE_ORDERS_DEFAULTS.refreshListsAllOpenOrders),
    scheduler: setting(SCHEDULER, REDUCE_ORDERS_DEFAULTS.scheduler),
    coalesce: optional(COALESCE),
    from: optional(CLIENT),
    symbols: setting<readonly string[]>(SYMBOLS, REDUCE_ORDERS_DEFAULTS.symbols),
    repairBackoff: group(REPAIR_BACKOFF_SETTINGS),
  },
  [ONE_SOURCE, { field: 'symbols', words: 'only with from', holds: (s) => s.from !== undefined || s.symbols.length === 0 }],
);

/**
 * Reduces a user data stream to the account's order book: emits an {@link OrderBook} snapshot at
 * once on subscription, then after every event that changes an order, and on every gap and resync.
 * The first snapshot is synchronous (a UI or a `combineLatest` has a value before trading begins):
 * empty and fresh without a seed (`cause: 'start'`), empty and stale while the seed is on its way
 * (`cause: 'seed-pending'`).
 *
 * What the book guarantees:
 * - Late, duplicated and reordered events never move an order back: the reports of an order rank
 *   by cumulative quantity (compared exactly as decimals), final over open, then cumulative amount
 *   and time, and only a higher-ranking report changes the order. An order that reached a final
 *   status stays final; a later report with more filled quantity still completes its numbers.
 *   Whatever order the events come in, the book ends in the same state.
 * - Deals are the order's `fills`, deduplicated by `tradeId`. A deal that arrives before its order
 *   creates a placeholder (`placeholder: true`) that the order event completes.
 * - After a `gap` the snapshot says `stale: true` until a `resync` made after the gap succeeds:
 *   possibly wrong state is never presented as fresh.
 * - Memory is bounded: final orders are evicted oldest-first past `maxTerminalOrders` (and
 *   `maxTerminalAgeMs`), placeholders past `maxPlaceholders`.
 *
 * Snapshots are immutable, and cheap. `orders` is a persistent (structure-sharing) map: an event
 * replaces the few nodes on one order's path (O(log32 n): three levels for 10,000 orders) instead of
 * copying the map, so the cost per event does not grow with the book, and yet every snapshot stays
 * exactly as it was emitted: keep them, compare them, buffer them. The trade-off: a lookup costs a
 * short trie walk instead of one hash probe, and iteration follows the ids' hashes, not insertion
 * order. `changed` and `removed` list what this update touched, so consumers need not diff.
 *
 * - With `from: client`, the book repairs itself: it reads the open orders (`listOpenOrders`) of
 *   `symbols` and of every symbol it has seen at subscription and after every gap, through the
 *   client's request budget, retried with backoff until the read succeeds. An open order the
 *   read no longer lists ends `UNKNOWN_OUTCOME`. An order placed during a gap on a symbol the book
 *   has never seen cannot be found (the service lists open orders per symbol): name the pairs you
 *   trade in `symbols`.
 *
 * @example
 * ```ts
 * import { createClient, userDataStream, reduceOrders } from 'mexc-rx';
 *
 * const client = createClient({ apiKey: 'mx0vgl...', secretKey: '...' });
 * userDataStream(client)
 *   .pipe(reduceOrders({ maxTerminalOrders: 1_000, from: client, symbols: ['BTCUSDT', 'ETHUSDT'] }))
 *   .subscribe((book) => {
 *     if (book.stale) console.warn('orders may be out of date since', book.gap?.from);
 *     for (const id of book.changed) {
 *       const order = book.orders.get(id);
 *       console.log(id, order?.status, order?.cumulativeQuantity, order?.fills.length);
 *     }
 *   });
 * ```
 */
export function reduceOrders(options: ReduceOrdersOptions = {}): OperatorFunction<UserDataEvent, OrderBook> {
  const { seed, resync, scheduler, coalesce, from, symbols, repairBackoff, ...bounds } = resolveSettings(REDUCE_ORDERS_SETTINGS, options);
  const settings = { ...bounds, now: () => scheduler.now() };
  const coalescing = coalesceOption(coalesce);
  if (from === undefined) return refreshingReducer(() => new OrderBookState(settings), { seed, resync }, coalescing);
  // One book per subscription, whose symbols each read asks for.
  return (source) =>
    defer(() => {
      const book = new OrderBookState(settings);
      const read = (): Observable<OrderRefresh> => openOrdersRepair(from, symbols, () => book.symbols(), repairBackoff);
      return source.pipe(refreshingReducer(() => book, { seed: read(), resync: read }, coalescing));
    });
}
