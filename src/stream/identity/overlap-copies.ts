/**
 * The stream's counting rule (see `index.ts` for the bridge's, and why there are two): drops the
 * duplicates of a connection overlap (rollover, key replacement). While two or more connections
 * are open (a key replacement during a rollover's overlap makes three), the same push may arrive
 * on each. Each connection delivers every push made while it is subscribed, once, so a delivery
 * that is a connection's occurrence *n* of a push (its content, {@link streamCopyIdentity}, near
 * in send time) passes only when no other connection has delivered occurrence *n* yet:
 * genuinely identical pushes (the same on one connection twice) all pass, every extra copy is
 * dropped. A connection subscribed late starts from what the others had delivered when it was
 * subscribed (it never gets those pushes): a push of the same content after that is new to it,
 * not a copy. Outside an overlap and its tail it costs one branch per event.
 *
 * Why this rule, in one process: the stream sees every one of its connections, so it counts what
 * each delivered and decides at once, without guessing, and forgets it all after the overlap.
 * Its one uncertainty is the moment a connection was subscribed (a push in flight on the old
 * connection may arrive after it): so a push is the deliveries of a content within a window of
 * send time, and the same content further apart is another push.
 *
 * The tail after an overlap is measured in the service's send times, not the client's clock: a
 * successor that lags behind the connection it replaced still owes copies of what that one
 * delivered, and it delivers them in push order, before anything sent later. A client that falls
 * behind in reading (a busy event loop, a throttled browser tab) can let its own clock run far past
 * any tail while those copies wait unread; the send times of what it reads cannot.
 *
 * @module
 */
import type { MarketEvent } from '../events.js';
import { streamCopyIdentity } from './event-identity.js';

/**
 * How far apart in send time two deliveries of the same content may be and still be copies of one
 * push, and how far past the latest event seen a lagging connection's copies are still expected
 * after an overlap. The service stamps the send time per connection: copies of one push differ by
 * how long one connection's frames waited behind the other's, which is short, but not bounded by
 * anything the client controls; content that repeats (a lock, an unlock, the same lock again)
 * repeats within milliseconds. So the window is wide: a minute.
 */
export const COPY_WINDOW_MS = 60_000;

/** Deliveries of one content that are copies of one push (or of pushes of it close together). */
interface Push {
  /** The earliest and the latest send time of its deliveries. */
  first: number;
  last: number;
  /** How many copies each connection delivered. */
  readonly counts: Map<number, number>;
}

/** Remembers which connection delivered which event during an overlap. */
export class OverlapDeduplicator {
  /**
   * Per event identity, its pushes: how many times each connection delivered it. Nothing is held
   * outside an overlap and its tail (which ends with the first event sent past it).
   */
  private seen: Map<string, Push[]> | undefined = undefined;
  private overlaps = 0;
  /** The latest send time of an event looked at while deduplicating. */
  private latestSentAt = -Infinity;
  /** Copies are recognized until an event sent after this arrives (with no overlap open). */
  private tailUntil = -Infinity;

  /**
   * @param copyWindowMs see {@link COPY_WINDOW_MS}; content delivered again further apart in send
   *   time is a new push.
   * @example
   * ```ts
   * const dedup = new OverlapDeduplicator();
   * ```
   */
  constructor(private readonly copyWindowMs = COPY_WINDOW_MS) {}

  /**
   * An overlap starts (a second connection is opening). What is remembered from an earlier
   * overlap's tail stays: the connection that goes on may still owe copies, and the one opening
   * starts from what the others delivered (see {@link subscribed}).
   *
   * @example
   * ```ts
   * dedup.begin(); // before opening the rollover's connection
   * ```
   */
  begin(): void {
    this.overlaps += 1;
  }

  /**
   * A connection opened by the overlap is subscribed: it will deliver every event pushed from now
   * on, and none of those pushed before, so it counts as having delivered what the others did.
   *
   * @example
   * ```ts
   * dedup.begin();
   * dedup.subscribed(2); // connection 2, which opened the overlap, answered its subscription
   * ```
   */
  subscribed(connection: number): void {
    if (this.seen === undefined) return;
    for (const pushes of this.seen.values()) for (const { counts } of pushes) counts.set(connection, Math.max(0, ...counts.values()));
  }

  /**
   * An overlap ends (its replaced connection is closed, or the connection it opened failed): copies
   * are still dropped until an event sent more than the copy window after the latest one looked at
   * arrives.
   *
   * @example
   * ```ts
   * dedup.end(); // the rollover's overlap is over; a lagging successor's copies still drop
   * ```
   */
  end(): void {
    this.overlaps = Math.max(0, this.overlaps - 1);
    // Only the last end counts (the tail is not looked at while an overlap is open), and by then
    // the latest send time is at least what it is now.
    this.tailUntil = this.latestSentAt + this.copyWindowMs;
  }

  /**
   * Whether `event`, delivered by `connection`, was already delivered by another connection.
   *
   * @example
   * ```ts
   * dedup.begin();
   * dedup.isDuplicate(event, 1); // false
   * dedup.isDuplicate(event, 2); // true
   * ```
   */
  isDuplicate(event: MarketEvent, connection: number): boolean {
    if (this.overlaps === 0 && (this.seen === undefined || event.sendTime > this.tailUntil)) {
      this.seen = undefined;
      return false;
    }
    this.latestSentAt = Math.max(this.latestSentAt, event.sendTime);
    const seen = (this.seen ??= new Map());
    const identity = streamCopyIdentity(event);
    const pushes = seen.get(identity);
    let push = pushes === undefined ? undefined : this.pushOf(pushes, event.sendTime);
    if (push === undefined) {
      // In a tail only one connection is open: an event no other connection delivered needs no record.
      if (this.overlaps === 0) return false;
      push = { first: event.sendTime, last: event.sendTime, counts: new Map() };
      if (pushes === undefined) seen.set(identity, [push]);
      else pushes.push(push);
    }
    push.first = Math.min(push.first, event.sendTime);
    push.last = Math.max(push.last, event.sendTime);
    const { counts } = push;
    const delivered = (counts.get(connection) ?? 0) + 1;
    counts.set(connection, delivered);
    for (const [other, times] of counts) if (other !== connection && times >= delivered) return true;
    return false;
  }

  /** The push of the content nearest in send time to `sendTime`, if one is within the copy window. */
  private pushOf(pushes: readonly Push[], sendTime: number): Push | undefined {
    let nearest: Push | undefined;
    let nearestDistance = this.copyWindowMs;
    for (const push of pushes) {
      const distance = Math.max(push.first - sendTime, sendTime - push.last, 0);
      if (distance <= nearestDistance) {
        nearest = push;
        nearestDistance = distance;
      }
    }
    return nearest;
  }
}
