/**
 * The overlap deduplicator: during an overlap every connection delivers each event once, and each
 * event must come out once, however many connections are open (a key replacement during a
 * rollover's overlap makes three), while genuinely identical events all come out.
 */
import { describe, expect, it } from '@jest/globals';
import { eventIdentity, OverlapDeduplicator } from '../../src/stream/dedup.js';
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

describe('OverlapDeduplicator at its edges', () => {
  it('lets every delivery through outside an overlap, even the same event from two connections', () => {
    const dedup = new OverlapDeduplicator();
    expect(dedup.isDuplicate(event, 1, 0)).toBe(false);
    expect(dedup.isDuplicate(event, 2, 0)).toBe(false);
    expect(dedup.isDuplicate(event, 1, 0)).toBe(false);
  });

  it('once the tail is over, the surviving connection delivers every push, whatever the closed one had delivered', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    expect(dedup.isDuplicate(event, 1, 1)).toBe(false);
    expect(dedup.isDuplicate(event, 2, 1)).toBe(true);
    dedup.end(100, 10);
    // Two new pushes of the same content on connection 2, after the tail: both are new.
    expect(dedup.isDuplicate(event, 2, 200)).toBe(false);
    expect(dedup.isDuplicate(event, 2, 201)).toBe(false);
  });

  it('still catches a lagging copy at the last millisecond of the tail, and forgets one millisecond later', () => {
    const atEnd = new OverlapDeduplicator();
    atEnd.begin(0);
    expect(atEnd.isDuplicate(event, 1, 1)).toBe(false);
    atEnd.end(100, 10);
    expect(atEnd.isDuplicate(event, 2, 110)).toBe(true);

    const after = new OverlapDeduplicator();
    after.begin(0);
    expect(after.isDuplicate(event, 1, 1)).toBe(false);
    after.end(100, 10);
    expect(after.isDuplicate(event, 2, 111)).toBe(false);
  });

  it('keeps deduplicating while a second overlap is still open after the first ends', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    dedup.begin(0);
    expect(dedup.isDuplicate(event, 1, 1)).toBe(false);
    dedup.end(10, 5);
    // Long after the first overlap's tail, the second overlap is still on: a copy is a copy.
    expect(dedup.isDuplicate(event, 2, 1_000)).toBe(true);
  });

  it('does not forget what was delivered when a second overlap begins during the first', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    expect(dedup.isDuplicate(event, 1, 1)).toBe(false);
    dedup.begin(2);
    expect(dedup.isDuplicate(event, 2, 3)).toBe(true);
  });

  it("does not hold a closed connection's deliveries of an earlier overlap against the next one", () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    // Connection 1 delivers three genuine pushes of one content; connection 2 is never subscribed.
    for (const now of [1, 2, 3]) expect(dedup.isDuplicate(event, 1, now)).toBe(false);
    dedup.end(10, 5);
    // No event until the next overlap, after the tail: connection 2's first push is new.
    dedup.begin(100);
    expect(dedup.isDuplicate(event, 2, 101)).toBe(false);
  });

  it('begins an overlap at the last millisecond of a tail without forgetting the tail', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    expect(dedup.isDuplicate(event, 1, 1)).toBe(false);
    dedup.end(10, 5);
    dedup.begin(15);
    expect(dedup.isDuplicate(event, 2, 16)).toBe(true);
  });

  it('takes copies that differ only in sendTime for one event, and events that differ in anything else for two', () => {
    const dedup = new OverlapDeduplicator();
    dedup.begin(0);
    expect(dedup.isDuplicate(event, 1, 1)).toBe(false);
    expect(dedup.isDuplicate({ ...event, sendTime: event.sendTime + 7 }, 2, 1)).toBe(true);
    expect(dedup.isDuplicate({ ...event, free: '11' }, 2, 1)).toBe(false);
    expect(dedup.isDuplicate({ ...event, time: event.time + 1 }, 2, 1)).toBe(false);
  });
});

describe('eventIdentity', () => {
  it('is the event without its sendTime, every other field kept', () => {
    expect(eventIdentity({ ...event, sendTime: 1 })).toBe(eventIdentity({ ...event, sendTime: 2 }));
    expect(JSON.parse(eventIdentity(event))).toEqual({ ...event, sendTime: undefined, createTime: undefined });
    expect(eventIdentity(event)).not.toContain('sendTime');
  });
});
