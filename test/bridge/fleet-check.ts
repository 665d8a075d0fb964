/**
 * What a reader of the bridge may rely on, checked per account: what it reads is exactly what the
 * service pushed, minus what lies inside a gap it read. Outside every gap: each push once, in the
 * order pushed. Inside a gap: a push may be missing, never read more often than it was pushed,
 * never invented.
 */
import { expect } from '@jest/globals';
import { isMarketEvent, type ScaleEvent } from '../../src/scale/tagged-event.js';
import type { MarketEvent } from '../../src/stream/events.js';
import type { GapEvent } from '../../src/stream/lifecycle.js';

/** A market event as text, whatever channel it came on, independent of field order. */
export function pushKey(event: MarketEvent): string {
  const { channel: _channel, ...rest } = event;
  return JSON.stringify(Object.entries(rest).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** How much of an account's pushes a reader got. */
export interface ReadTally {
  readonly pushed: number;
  /** Pushes outside every gap (each read exactly once, in order). */
  readonly outside: number;
  /** Pushes read whose content repeats an earlier push of the account (the case the ids once lost). */
  readonly repeatsRead: number;
}

const count = (keys: readonly string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

/**
 * Checks what a reader read of one account (`read`, in stream order) against what was pushed.
 *
 * @example
 * ```ts
 * const tally = checkRead(pushes, readEvents);
 * ```
 */
export function checkRead(pushes: readonly MarketEvent[], read: readonly ScaleEvent[]): ReadTally {
  const gaps = read.filter((e): e is GapEvent => e.type === 'gap');
  const covered = (time: number): boolean => gaps.some((g) => g.from <= time && time <= g.to);
  const market = read.filter(isMarketEvent);
  const pushedKeys = pushes.map(pushKey);
  const readKeys = market.map(pushKey);
  // Outside every gap: exactly the pushed sequence.
  const outsidePushed = pushedKeys.filter((_, i) => !covered((pushes[i] as MarketEvent).sendTime));
  expect(readKeys.filter((_, i) => !covered((market[i] as MarketEvent).sendTime))).toEqual(outsidePushed);
  // Anywhere: nothing invented, nothing read more often than pushed.
  const pushedCounts = count(pushedKeys);
  const readTooOften = [...count(readKeys)]
    .filter(([key, times]) => times > (pushedCounts.get(key) ?? 0))
    .map(([key, times]) => ({ key, read: times, pushed: pushedCounts.get(key) ?? 0 }));
  expect(readTooOften).toEqual([]);
  const seen = new Set<string>();
  let repeatsRead = 0;
  for (const event of market) {
    const content = pushKey({ ...event, sendTime: 0 });
    if (seen.has(content)) repeatsRead += 1;
    seen.add(content);
  }
  return { pushed: pushes.length, outside: outsidePushed.length, repeatsRead };
}
