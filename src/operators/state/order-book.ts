/**
 * The order book behind {@link reduceOrders}: one {@link TrackedOrder} per order, an immutable map of
 * their states handed out as snapshots, and the bounds that keep memory in check (terminal orders
 * and placeholders evicted oldest-first, evicted ids remembered so late events cannot resurrect
 * them).
 *
 * @module
 */
import type { MarketEvent } from '../../stream/events.js';
import type { GapEvent } from '../../stream/lifecycle.js';
import { ChangeLog } from './change-log.js';
import { Fifo } from './fifo.js';
import { freshnessJSON, type FreshnessJSON } from './freshness-json.js';
import { TrackedOrder, seedOfOrderEvent } from './tracked-order.js';
import { isTerminalStatus, type OrderSeed, type OrderState } from './order-state.js';
import { PersistentMap } from './persistent-map.js';
import type { Freshness, RefreshableBook, SnapshotCause } from '../refreshable.js';

/** A snapshot of the order book, emitted by {@link reduceOrders} after each update. */
export interface OrderBook extends Freshness {
  /**
   * Every order the book holds, by order id: open orders, recently finished ones, and placeholders
   * (orders known only from their deals so far). An immutable map: it never changes after it was
   * emitted, so keeping an old snapshot is safe (it shares structure with the newer ones).
   * Iteration order follows the ids' hashes (keyed anew in each process, so it differs between
   * runs); sort by `createTime` (then `orderId`) for a stable order.
   */
  readonly orders: ReadonlyMap<string, OrderState>;
  /** Ids of the orders this update created or changed (each held by `orders`). */
  readonly changed: readonly string[];
  /**
   * Ids of the orders this update removed: final orders evicted past the count or age limit
   * (`UNKNOWN_OUTCOME` ones included), and placeholders past their limit. None is in `orders`
   * or in `changed` (an order removed and made again within one coalesced update is changed), so
   * applying both lists to the snapshot before, in either order, gives this one.
   */
  readonly removed: readonly string[];
  /** Number of this snapshot, from 1, one more each time (0: an empty one no operator emitted). */
  readonly version: number;
  /**
   * The snapshot as plain data, which `JSON.stringify(book)` writes: `orders` as an object by
   * order id, the freshness (the error of a failed refresh as a safe message only), `changed`,
   * `removed` and `version`. {@link orderBookFromJSON} rebuilds the snapshot from it.
   */
  toJSON(): OrderBookJSON;
}

/** An {@link OrderBook} as plain data (`book.toJSON()`, or `JSON.parse(JSON.stringify(book))`). */
export interface OrderBookJSON extends FreshnessJSON {
  /** Every order, by order id (keys in sorted order). */
  readonly orders: Readonly<Record<string, OrderState>>;
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly version: number;
}

/**
 * The snapshots the order book hands out (and {@link orderBookFromJSON} rebuilds): immutable data
 * whose `toJSON` gives plain JSON.
 *
 * @example
 * ```ts
 * const book = new OrderBookData(PersistentMap.empty(), false, undefined, 'start', undefined, [], [], 1);
 * JSON.stringify(book); // '{"orders":{},"stale":false,"cause":"start","changed":[],"removed":[],"version":1}'
 * ```
 */
export class OrderBookData implements OrderBook {
  constructor(
    readonly orders: PersistentMap<OrderState>,
    readonly stale: boolean,
    readonly gap: GapEvent | undefined,
    readonly cause: SnapshotCause,
    readonly error: unknown,
    readonly changed: readonly string[],
    readonly removed: readonly string[],
    readonly version: number,
  ) {
    // Frozen at run time too, not only by type: a mutation throws (strict mode) and never reaches
    // a later snapshot. The orders (and their fills) are frozen once, where they are made; an empty
    // list is the change log's shared frozen one. The snapshot object itself is not frozen (that cost ~3% of
    // the state pipeline) and is made anew for each update, so a write to it reaches no other.
    if (!Object.isFrozen(changed)) Object.freeze(changed);
    if (!Object.isFrozen(removed)) Object.freeze(removed);
  }

  toJSON(): OrderBookJSON {
    return { orders: this.orders.toJSON(), ...freshnessJSON(this), changed: this.changed, removed: this.removed, version: this.version };
  }
}

/**
 * A refresh of the open orders as `reduceOrders({ from })` reads them: the seeds, and the ids of
 * orders listed open that could not become seeds (a type or status the book does not know), which
 * count as listed (the book keeps what it holds of them).
 */
export interface OpenOrdersRefresh {
  readonly seeds: readonly OrderSeed[];
  readonly openIds: ReadonlySet<string>;
}

/** What refreshes the book: seeds (a user's `seed` or `resync`), or the open orders `from` read. */
export type OrderRefresh = Iterable<OrderSeed> | OpenOrdersRefresh;

const isOpenOrdersRefresh = (refresh: OrderRefresh): refresh is OpenOrdersRefresh => 'openIds' in refresh && !(Symbol.iterator in refresh);

/** The book's limits and policies, all resolved. */
export interface OrderBookSettings {
  /** Final orders kept at most; the oldest-final is evicted first. */
  readonly maxTerminalOrders: number;
  /** Final orders older than this (ms since they became final) are evicted; `undefined`: no age limit. */
  readonly maxTerminalAgeMs: number | undefined;
  /** Placeholders kept at most; the oldest is dropped first. */
  readonly maxPlaceholders: number;
  /** Ids of evicted orders remembered at most (their late events are dropped). */
  readonly maxForgottenIds: number;
  /** Whether a refresh lists every open order; open orders it leaves out end `UNKNOWN_OUTCOME`. */
  readonly refreshListsAllOpenOrders: boolean;
  /** Current time, epoch ms, for the age limit. */
  readonly now: () => number;
}

/**
 * The mutable order book of one subscription.
 *
 * @example
 * ```ts
 * const book = new OrderBookState(settings);
 * book.applyEvent(orderEvent); // true
 * book.snapshot({ stale: false, gap: undefined, cause: 'event', error: undefined }).orders.get(orderEvent.orderId);
 * ```
 */
export class OrderBookState implements RefreshableBook<OrderRefresh, OrderBook> {
  private readonly records = new Map<string, TrackedOrder>();
  private orders = PersistentMap.empty<OrderState>();
  /** Final orders, oldest first, with the time they became final. */
  private readonly finished = new Fifo<number>();
  private readonly placeholders = new Fifo<true>();
  /** Ids of evicted orders: their late events are dropped. */
  private readonly forgotten = new Fifo<true>();
  /** Every trading pair an event or a refresh named (kept after its orders are evicted). */
  private readonly seenSymbols = new Set<string>();
  private sequence = 0;
  private readonly log = new ChangeLog();
  private version = 0;

  constructor(private readonly settings: OrderBookSettings) {}

  applyEvent(event: MarketEvent): boolean {
    if (event.type === 'account') return false;
    this.seenSymbols.add(event.symbol);
    if (this.forgotten.has(event.orderId)) return false;
    const record = this.recordOf(event.orderId);
    this.sequence += 1;
    record.lastEvent = this.sequence;
    const changed = event.type === 'order' ? record.addReport(seedOfOrderEvent(event)) : record.addFill(event);
    if (changed) this.commit(record);
    const evicted = this.evict();
    return changed || evicted;
  }

  markRefresh(): number {
    return this.sequence;
  }

  applyRefresh(refresh: OrderRefresh, mark: number): void {
    const read = isOpenOrdersRefresh(refresh);
    const listed = new Set<string>(read ? refresh.openIds : []);
    for (const seed of read ? refresh.seeds : refresh) {
      this.seenSymbols.add(seed.symbol);
      if (this.forgotten.has(seed.orderId)) continue;
      listed.add(seed.orderId);
      const record = this.recordOf(seed.orderId);
      // Listed as open again: an earlier refresh's `UNKNOWN_OUTCOME` was wrong.
      const reopened = !isTerminalStatus(seed.status) && record.reopen();
      if (reopened) this.finished.delete(seed.orderId);
      if (record.addReport(seed) || reopened) this.commit(record);
    }
    if (this.settings.refreshListsAllOpenOrders) {
      // An open order the refresh does not list ended while events were missed (how is unknown),
      // unless it had news of its own after the refresh was requested: it is kept, final, with
      // the book's own status UNKNOWN_OUTCOME, until a report of its end or its eviction.
      for (const record of this.records.values()) {
        if (!listed.has(record.orderId) && record.lastEvent <= mark && record.markOutcomeUnknown()) this.commit(record);
      }
    }
    this.evict();
  }

  /** Every trading pair the book has seen in an event or a refresh, evicted orders' included. */
  symbols(): ReadonlySet<string> {
    return this.seenSymbols;
  }

  snapshot(freshness: Freshness): OrderBook {
    this.version += 1;
    const { stale, gap, cause, error } = freshness;
    return new OrderBookData(this.orders, stale, gap, cause, error, this.log.takeChanged(), this.log.takeRemoved(), this.version);
  }

  private recordOf(id: string): TrackedOrder {
    let record = this.records.get(id);
    if (!record) {
      record = new TrackedOrder(id);
      this.records.set(id, record);
    }
    return record;
  }

  private commit(record: TrackedOrder): void {
    const id = record.orderId;
    this.orders = this.orders.set(id, record.state);
    this.log.change(id);
    if (record.placeholder) this.placeholders.add(id, true);
    else this.placeholders.delete(id);
    if (record.terminal && !this.finished.has(id)) this.finished.add(id, this.settings.now());
  }

  /** Applies the limits, oldest first. Returns whether anything was removed. */
  private evict(): boolean {
    const before = this.log.removedCount;
    const { maxTerminalOrders, maxTerminalAgeMs, maxPlaceholders } = this.settings;
    while (this.placeholders.size > maxPlaceholders) {
      // More than `maxPlaceholders` (0 or more): there is an oldest.
      const [oldest] = this.placeholders.peek() as readonly [string, true];
      this.remove(oldest, false);
    }
    const now = maxTerminalAgeMs === undefined ? 0 : this.settings.now();
    for (let oldest = this.finished.peek(); oldest; oldest = this.finished.peek()) {
      const tooMany = this.finished.size > maxTerminalOrders;
      const tooOld = maxTerminalAgeMs !== undefined && now - oldest[1] >= maxTerminalAgeMs;
      if (!tooMany && !tooOld) break;
      this.remove(oldest[0], true);
    }
    return this.log.removedCount > before;
  }

  private remove(id: string, forget: boolean): void {
    this.records.delete(id);
    this.orders = this.orders.delete(id);
    this.finished.delete(id);
    this.placeholders.delete(id);
    this.log.remove(id);
    if (forget) {
      this.forgotten.add(id, true);
      while (this.forgotten.size > this.settings.maxForgottenIds) this.forgotten.shift();
    }
  }
}
