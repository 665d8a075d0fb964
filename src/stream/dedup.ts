/**
 * Drops the duplicates of a connection overlap (rollover, key replacement): while two connections
 * are open, the same event may arrive on both. An event counts as a duplicate only when a
 * *different* connection already delivered it, so two genuinely identical events on one connection
 * both pass. Outside an overlap it costs one branch per event.
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
  private seen = new Map<string, number>();
  private overlaps = 0;
  private tailUntil = -Infinity;

  /** An overlap starts (a second connection is opening). */
  begin(): void {
    this.overlaps += 1;
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
   * dedup.begin();
   * dedup.isDuplicate(event, 1, now); // false
   * dedup.isDuplicate(event, 2, now); // true
   * ```
   */
  isDuplicate(event: MarketEvent, connection: number, now: number): boolean {
    if (this.overlaps === 0) {
      if (now > this.tailUntil) {
        if (this.seen.size > 0) this.seen = new Map();
        return false;
      }
    }
    const identity = eventIdentity(event);
    const first = this.seen.get(identity);
    if (first === undefined) {
      this.seen.set(identity, connection);
      return false;
    }
    if (first === connection) return false;
    this.seen.delete(identity);
    return true;
  }
}
