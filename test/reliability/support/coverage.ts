/**
 * What a subscriber received, held against the simulator's push log: every received event must be
 * one the simulator pushed, at most once; every pushed event must either have arrived or lie inside
 * a gap the stream reported (a window in which the subscriber was told events may be missing).
 */
import type { PushRecord } from '../../../src/simulator/index.js';
import type { MarketEvent } from '../../../src/stream/events.js';
import type { GapEvent } from '../../../src/stream/lifecycle.js';

/** How received events and pushes compare. */
export interface Coverage {
  /** Pushes looked at. */
  readonly pushed: number;
  /** Pushes with at least one frame sent to a connection. */
  readonly delivered: number;
  /** Pushes that arrived (exactly once each). */
  readonly received: number;
  /** Pushes that did not arrive but lie inside a reported gap. */
  readonly missedInGaps: number;
  /** Of those, pushes that had been sent to a connection (lost in flight when it died). */
  readonly deliveredButMissed: number;
  /** Received events out of push order (possible only across two connections, during an overlap). */
  readonly outOfOrder: number;
  /** Pushes neither received nor inside a gap, by sequence number. */
  readonly uncovered: readonly number[];
  /** Received events that match no push (or a push already matched: a duplicate). */
  readonly unexpected: readonly string[];
}

/** A market event as text, with its fields in a fixed order and without its channel. */
export function eventKey(event: MarketEvent | PushRecord['event']): string {
  const entries = Object.entries(event)
    .filter(([name, value]) => name !== 'channel' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

function inGap(time: number, gaps: readonly GapEvent[]): boolean {
  return gaps.some((gap) => gap.from <= time && time <= gap.to);
}

/**
 * Compares `received` (market events, in arrival order) with `pushes` (the simulator's push log
 * of the same account, over the same period) and the gaps the stream reported.
 *
 * @example
 * ```ts
 * const c = coverage(sim.ws.pushes(account), received, gaps);
 * expect(c.uncovered).toEqual([]);
 * ```
 */
export function coverage(pushes: readonly PushRecord[], received: readonly MarketEvent[], gaps: readonly GapEvent[]): Coverage {
  const bySeq = new Map<string, number[]>();
  for (const push of pushes) {
    const key = eventKey(push.event);
    const list = bySeq.get(key);
    if (list) list.push(push.seq);
    else bySeq.set(key, [push.seq]);
  }
  const arrived = new Set<number>();
  const unexpected: string[] = [];
  let outOfOrder = 0;
  let lastSeq = 0;
  for (const event of received) {
    const key = eventKey(event);
    const seq = bySeq.get(key)?.shift();
    if (seq === undefined) {
      unexpected.push(key);
      continue;
    }
    if (seq < lastSeq) outOfOrder += 1;
    lastSeq = Math.max(lastSeq, seq);
    arrived.add(seq);
  }
  let delivered = 0;
  let missedInGaps = 0;
  let deliveredButMissed = 0;
  const uncovered: number[] = [];
  for (const push of pushes) {
    if (push.deliveries.length > 0) delivered += 1;
    if (arrived.has(push.seq)) continue;
    if (inGap(push.event.sendTime, gaps)) {
      missedInGaps += 1;
      if (push.deliveries.length > 0) deliveredButMissed += 1;
    } else {
      uncovered.push(push.seq);
    }
  }
  return { pushed: pushes.length, delivered, received: arrived.size, missedInGaps, deliveredButMissed, outOfOrder, uncovered, unexpected };
}
