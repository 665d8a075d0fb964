/**
 * Drops the duplicates of a connection overlap (rollover, key replacement): while two or more
 * connections are open (a key replacement during a rollover's overlap makes three), the same event
 * may arrive on each. Each connection delivers every event pushed while it is subscribed, once, so
 * an event passes only when its connection has now delivered it more often than any other
 * connection did: genuinely identical events (the same on one connection twice) all pass, every
 * extra copy is dropped. A connection subscribed late starts from what the others had delivered
 * when it was subscribed (it never gets those pushes): a push of the same content after that is
 * new to it, not a copy. Outside an overlap it costs one branch per event.
 *
 * @module
 */
import type { MarketEvent } from './events.js';

/** The identity of an event: everything but the send time (which differs between connections). */
export function eventIdentity(event: MarketEvent): string {
  return JSON.stringify(event, (key, value: unknown) => (key === 'sendTime' ? undefined : value));
}

/** Remembers which connection delivered which event during an overlap. */
export class OverlapDeduplicator {
  /**
   * Per event identity: how many times each connection delivered it. Nothing is held outside an
   * overlap and its tail.
   */
  private seen: Map<string, Map<number, number>> | undefined = undefined;
  private overlaps = 0;
  private tailUntil = -Infinity;

  /**
   * An overlap starts (a second connection is opening). What the connections of an earlier
   * overlap delivered is forgotten once its tail is over: a connection opened now never delivered
   * those events, so counting them against its own would drop its first deliveries of the same
   * content as copies.
   */
  begin(now: number): void {
    if (this.overlaps === 0 && now > this.tailUntil) this.seen = undefined;
    this.overlaps += 1;
  }

  /**
   * A connection opened by the overlap is subscribed: it will deliver every event pushed from now
   * on, and none of those pushed before, so it counts as having delivered what the others did.
   *
   * @example
   * ```ts
   * dedup.begin(now);
   * dedup.subscribed(2); // connection 2, which opened the overlap, answered its subscription
   * ```
   */
  subscribed(connection: number): void {
    if (this.seen === undefined) return;
    for (const counts of this.seen.values()) counts.set(connection, Math.max(0, ...counts.values()));
  }

  /** An overlap ends; duplicates are still caught for `tailMs` (a lagging connection). */
  end(tailMs: number, now: number): void {
    this.overlaps = Math.max(0, this.overlaps - 1);
    if (this.overlaps === 0) this.tailUntil = now + tailMs;
  }

  /**
   * Whether `event`, delivered by `connection`, was already delivered by another connection.
   *
   * @example
   * ```ts
   * dedup.begin(now);
   * dedup.isDuplicate(event, 1, now); // false
   * dedup.isDuplicate(event, 2, now); // true
   * ```
   */
  isDuplicate(event: MarketEvent, connection: number, now: number): boolean {
    if (this.overlaps === 0 && now > this.tailUntil) {
      this.seen = undefined;
      return false;
    }
    const seen = (this.seen ??= new Map());
    const identity = eventIdentity(event);
    let counts = seen.get(identity);
    if (counts === undefined) seen.set(identity, (counts = new Map()));
    const delivered = (counts.get(connection) ?? 0) + 1;
    counts.set(connection, delivered);
    for (const [other, times] of counts) if (other !== connection && times >= delivered) return true;
    return false;
  }
}
