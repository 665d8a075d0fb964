/**
 * The bridge's counting rule (see `index.ts` for the stream's, and why there are two): what one
 * publisher knows about one account's pushes, to give each market event its occurrence index: how
 * many earlier pushes of the account had the same content (`accountPushIdentity`, which the
 * bridge's `message-id.ts` hashes into the message id).
 *
 * Why this rule, across processes: the publishers of an account (workers, their restarted runs)
 * never see each other, yet must give each copy of one push the same index, and JetStream, not
 * they, drops the extra copies. So an index has to follow from what one publisher saw alone, and
 * be withheld when it may not: there is no window of send time (publishers see different send
 * times for one push, so a window could split it differently in two of them), and a count that
 * may miss pushes made before the view began is reported as unknown, never guessed.
 *
 * Two publishers agree on an occurrence index when each saw every earlier push of that content.
 * A publisher's view of the account is complete from the moment its connection was subscribed
 * (its `connected`, or the end of a `gap`), and every push of a content happens at or after the
 * content's own time, its *floor* ({@link contentFloor}). So a publisher counts a content exactly
 * when the floor is after its view began; for an order, also when it saw an earlier, different
 * state of the same order in this view (an order's states never come back: its cumulative
 * quantity only grows and its status only moves on, so all pushes of one state come after every
 * earlier state). Otherwise the count may miss pushes made before the view began, and the
 * occurrence index is unknown (`undefined`): the caller must not publish the event as if it knew.
 *
 * When the view began is known on the worker's clock (`connected.at`); the service's clock may be
 * ahead by up to `maxClockSkewMs`. The first event of the view bounds it too: it was sent after
 * the subscription, so the view began no later than its `sendTime`, on the service's clock.
 *
 * Memory: a content is forgotten `memoryMs` after its last push (an order only once it is
 * finished); a forgotten content that comes again counts as unknown, never as new.
 *
 * @module
 */
import type { AccountEvent, DealEvent, MarketEvent, OrderEvent } from '../events.js';

/** The fields of a market event its floor is read from. */
export type FloorFields = Pick<AccountEvent, 'type' | 'time' | 'createTime'> | Pick<DealEvent, 'type' | 'time'> | Pick<OrderEvent, 'type' | 'createTime'>;

/**
 * The earliest service time at which a push with this content can be sent: a balance change's
 * settlement (or creation) time, a trade's time, an order's creation time.
 *
 * @example
 * ```ts
 * contentFloor({ ...lock, time: 1000, createTime: 1003 }); // 1003
 * contentFloor(order); // order.createTime
 * ```
 */
export function contentFloor(event: FloorFields): number {
  switch (event.type) {
    case 'account':
      return Math.max(event.time, event.createTime ?? event.time);
    case 'deal':
      return event.time;
    case 'order':
      return event.createTime;
  }
}

/** Settings of {@link AccountIdentity}. */
export interface AccountIdentitySettings {
  /** How far the service's clock may be ahead of the worker's scheduler, ms. */
  readonly maxClockSkewMs: number;
  /** How long a content (or a finished order) is remembered after its last push, ms. */
  readonly memoryMs: number;
}

interface Seen {
  count: number;
  readonly exact: boolean;
  lastSeen: number;
}

interface SeenContent extends Seen {
  readonly floor: number;
}

interface SeenOrder {
  readonly createTime: number;
  /** Per content hash: the pushes of that state of the order in this view. */
  readonly states: Map<string, Seen>;
  open: boolean;
  lastSeen: number;
}

const isOpen = (event: OrderEvent): boolean => event.status === 'NEW' || event.status === 'PARTIALLY_FILLED';

/**
 * The occurrence counts of one account, as one publisher sees its pushes.
 *
 * @example
 * ```ts
 * const identity = new AccountIdentity({ maxClockSkewMs: 1000, memoryMs: 60_000 });
 * identity.restart(connected.at);
 * identity.occurrence(lock, contentHash(account, lock), now); // 0 (or undefined: unknown)
 * identity.occurrence(unlock, contentHash(account, unlock), now); // 0
 * identity.occurrence(lockAgain, contentHash(account, lockAgain), now); // 1
 * ```
 */
export class AccountIdentity {
  private readonly contents = new Map<string, SeenContent>();
  private readonly orders = new Map<string, SeenOrder>();
  /** A balance or trade content whose floor is not after this was possibly pushed unseen. */
  private contentsUnseenUntil = -Infinity;
  /** An order created no later than this possibly had states pushed unseen. */
  private ordersUnseenUntil = -Infinity;
  /** Until the view's first event: the latest moment (service clock) the view can have begun. */
  private beganBy: number | undefined = Infinity;
  private latestSendTime = -Infinity;
  private lastSweep = -Infinity;

  constructor(private readonly settings: AccountIdentitySettings) {}

  /** The latest `sendTime` of the account's market events seen so far (`-Infinity` before any). */
  get latest(): number {
    return this.latestSendTime;
  }

  /**
   * The view begins again (a connection was subscribed at `subscribedAt`, worker's clock): what
   * was pushed before may be missing, so every count starts over, and nothing seen until now
   * counts as complete.
   */
  restart(subscribedAt: number): void {
    this.contents.clear();
    this.orders.clear();
    this.contentsUnseenUntil = Math.max(this.contentsUnseenUntil, this.latestSendTime);
    this.ordersUnseenUntil = Math.max(this.ordersUnseenUntil, this.latestSendTime);
    this.beganBy = subscribedAt + this.settings.maxClockSkewMs;
  }

  /**
   * Counts one push of `event` (content hash `hash`) and returns its occurrence index (0 for the
   * first push of that content), or `undefined` when pushes of the same content may have been
   * made before this view began: then the index is unknown.
   */
  occurrence(event: MarketEvent, hash: string, now: number): number | undefined {
    if (this.beganBy !== undefined) {
      // The view's first event: sent after the subscription, so the view began by its sendTime.
      const began = Math.min(this.beganBy, event.sendTime);
      this.contentsUnseenUntil = Math.max(this.contentsUnseenUntil, began);
      this.ordersUnseenUntil = Math.max(this.ordersUnseenUntil, began);
      this.beganBy = undefined;
    }
    this.latestSendTime = Math.max(this.latestSendTime, event.sendTime);
    this.sweep(now);
    const seen = event.type === 'order' ? this.orderState(event, hash, now) : this.content(event, hash, now);
    const index = seen.count;
    seen.count += 1;
    seen.lastSeen = now;
    return seen.exact ? index : undefined;
  }

  private content(event: MarketEvent, hash: string, now: number): Seen {
    const known = this.contents.get(hash);
    if (known !== undefined) return known;
    const floor = contentFloor(event);
    const seen = { count: 0, exact: floor > this.contentsUnseenUntil, lastSeen: now, floor };
    this.contents.set(hash, seen);
    return seen;
  }

  private orderState(event: OrderEvent, hash: string, now: number): Seen {
    let order = this.orders.get(event.orderId);
    const firstOfOrder = order === undefined;
    if (order === undefined) {
      order = { createTime: event.createTime, states: new Map(), open: true, lastSeen: now };
      this.orders.set(event.orderId, order);
    }
    order.open = isOpen(event);
    order.lastSeen = now;
    const known = order.states.get(hash);
    if (known !== undefined) return known;
    // A state after another one of this view: every push of it is in this view.
    const seen = { count: 0, exact: !firstOfOrder || event.createTime > this.ordersUnseenUntil, lastSeen: now };
    order.states.set(hash, seen);
    return seen;
  }

  /** Forgets what was last pushed `memoryMs` ago (at most every quarter of it). */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.settings.memoryMs / 4) return;
    this.lastSweep = now;
    const before = now - this.settings.memoryMs;
    for (const [hash, seen] of this.contents) {
      if (seen.lastSeen >= before) continue;
      this.contents.delete(hash);
      this.contentsUnseenUntil = Math.max(this.contentsUnseenUntil, seen.floor);
    }
    for (const [orderId, order] of this.orders) {
      if (order.open || order.lastSeen >= before) continue;
      this.orders.delete(orderId);
      this.ordersUnseenUntil = Math.max(this.ordersUnseenUntil, order.createTime);
    }
  }
}
