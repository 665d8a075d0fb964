/**
 * The overlap deduplicator: during an overlap every connection delivers each event once, and each
 * event must come out once, however many connections are open (a key replacement during a
 * rollover's overlap makes three), while genuinely identical events all come out.
 */
import { describe, expect, it } from '@jest/globals';
import { OverlapDeduplicator } from '../../src/stream/dedup.js';
import type { AccountEvent } from '../../src/stream/events.js';

const event: AccountEvent = {
  type: 'account',
  channel: 'spot@private.account.v3.api.pb',
  asset: 'USDT',
  coinId: 'c1',
  free: '10',
  freeChange: '1',
  frozen: '0',
  frozenChange: '0',
  changeType: 'DEPOSIT',
  time: 1_000,
  sendTime: 1_000,
  createTime: undefined,
};

/** How many of `deliveries` (connection numbers, in arrival order) pass. */
function passed(dedup: OverlapDeduplicator, deliveries: readonly number[]): number {
  return deliveries.filter((connection) => !dedup.isDuplicate(event, connection, 5)).length;
}

describe('OverlapDeduplicator', () => {
  it('lets one copy through when three connections deliver the same event', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin();
    dedup.begin();
    expect(passed(dedup, [2, 3, 1])).toBe(1);
  });

  it('lets genuinely identical events through, once each, whatever order the copies come in', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin();
    // The event happened twice: each of two connections delivers it twice.
    expect(passed(dedup, [1, 2, 2, 1])).toBe(2);
    expect(passed(new OverlapDeduplicator(), [1, 1])).toBe(2);
  });

  it('forgets everything once the overlaps and their tail are over', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin();
    expect(dedup.isDuplicate(event, 1, 5)).toBe(false);
    dedup.end(100, 10);
    expect(dedup.isDuplicate(event, 2, 50)).toBe(true);
    expect(dedup.isDuplicate(event, 2, 200)).toBe(false);
  });
});
