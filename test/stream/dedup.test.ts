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
    dedup.begin(0);
    dedup.begin(0);
    expect(passed(dedup, [2, 3, 1])).toBe(1);
  });

  it('lets genuinely identical events through, once each, whatever order the copies come in', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    // The event happened twice: each of two connections delivers it twice.
    expect(passed(dedup, [1, 2, 2, 1])).toBe(2);
    expect(passed(new OverlapDeduplicator(), [1, 1])).toBe(2);
  });

  it('forgets everything once the overlaps and their tail are over', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    expect(dedup.isDuplicate(event, 1, 5)).toBe(false);
    dedup.end(100, 10);
    expect(dedup.isDuplicate(event, 2, 50)).toBe(true);
    expect(dedup.isDuplicate(event, 2, 200)).toBe(false);
  });

  it('counts a connection subscribed during the overlap from what the others had delivered then', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    // Pushed before connection 2 was subscribed: only connection 1 has it.
    expect(dedup.isDuplicate(event, 1, 1)).toBe(false);
    dedup.subscribed(2);
    // Pushed again, to both: new, whichever delivers first; the other copy is dropped.
    expect(dedup.isDuplicate(event, 2, 2)).toBe(false);
    expect(dedup.isDuplicate(event, 1, 2)).toBe(true);
    // Connection 1 is closed; during the tail, a third push of it comes on connection 2 alone.
    dedup.end(100, 3);
    expect(dedup.isDuplicate(event, 2, 50)).toBe(false);
  });

  it('forgets an earlier overlap when the next one begins after its tail', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    expect(dedup.isDuplicate(event, 1, 1)).toBe(false);
    expect(dedup.isDuplicate(event, 2, 1)).toBe(true);
    dedup.end(10, 2);
    // No event in between: the next overlap starts clean, so connection 3's push is not taken
    // for a copy of connection 1's.
    dedup.begin(100);
    dedup.subscribed(3);
    expect(dedup.isDuplicate(event, 3, 101)).toBe(false);
  });
});
