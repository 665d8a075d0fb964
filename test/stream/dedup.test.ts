/**
 * The overlap deduplicator: during an overlap every connection delivers each event once, and each
 * event must come out once, however many connections are open (a key replacement during a
 * rollover's overlap makes three), while genuinely identical events all come out.
 */
import { describe, expect, it } from '@jest/globals';
import { COPY_WINDOW_MS, OverlapDeduplicator, streamCopyIdentity } from '../../src/stream/identity/index.js';
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

/** How far apart in send time two copies of one push may be. */
const WINDOW = 100;

/** How many of `deliveries` (connection numbers, in arrival order) pass. */
function passed(dedup: OverlapDeduplicator, deliveries: readonly number[]): number {
  return deliveries.filter((connection) => !dedup.isDuplicate(event, connection)).length;
}

/** The same event (a copy) as sent to a connection at `sendTime`. */
const sentAt = (sendTime: number): AccountEvent => ({ ...event, sendTime });
/** Another event, sent at `sendTime`. */
const other = (sendTime: number): AccountEvent => ({ ...event, free: '99', sendTime });

describe('OverlapDeduplicator', () => {
  it('lets one copy through when three connections deliver the same event', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    dedup.begin();
    expect(passed(dedup, [2, 3, 1])).toBe(1);
  });

  it('lets genuinely identical events through, once each, whatever order the copies come in', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    // The event happened twice: each of two connections delivers it twice.
    expect(passed(dedup, [1, 2, 2, 1])).toBe(2);
    expect(passed(new OverlapDeduplicator(WINDOW), [1, 1])).toBe(2);
  });

  it('drops copies after the overlap until an event sent after the tail arrives, then forgets', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(1_000), 1)).toBe(false);
    dedup.end();
    expect(dedup.isDuplicate(sentAt(1_000), 2)).toBe(true);
    expect(dedup.isDuplicate(other(1_101), 2)).toBe(false);
    // Forgotten: the same content again is a new push.
    expect(dedup.isDuplicate(sentAt(1_000), 2)).toBe(false);
  });

  it('counts a connection subscribed during the overlap from what the others had delivered then', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    // Pushed before connection 2 was subscribed: only connection 1 has it.
    expect(dedup.isDuplicate(event, 1)).toBe(false);
    dedup.subscribed(2);
    // Pushed again, to both: new, whichever delivers first; the other copy is dropped.
    expect(dedup.isDuplicate(event, 2)).toBe(false);
    expect(dedup.isDuplicate(event, 1)).toBe(true);
    // Connection 1 is closed; during the tail, a third push of it comes on connection 2 alone.
    dedup.end();
    expect(dedup.isDuplicate(event, 2)).toBe(false);
  });

  it('counts a connection subscribed in a later overlap from what was delivered before it', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(event, 1)).toBe(false);
    expect(dedup.isDuplicate(event, 2)).toBe(true);
    dedup.end();
    // No event in between: the next overlap's connection, once subscribed, starts from there, so
    // its push of the same content is not taken for a copy of connection 1's.
    dedup.begin();
    dedup.subscribed(3);
    expect(dedup.isDuplicate(event, 3)).toBe(false);
    expect(dedup.isDuplicate(event, 2)).toBe(true);
  });
});

describe('OverlapDeduplicator at its edges', () => {
  it('lets every delivery through outside an overlap, even the same event from two connections', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    expect(dedup.isDuplicate(event, 1)).toBe(false);
    expect(dedup.isDuplicate(event, 2)).toBe(false);
    expect(dedup.isDuplicate(event, 1)).toBe(false);
  });

  it('once the tail is over, the surviving connection delivers every push, whatever the closed one had delivered', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(1), 1)).toBe(false);
    expect(dedup.isDuplicate(sentAt(1), 2)).toBe(true);
    dedup.end();
    // Two new pushes of the same content on connection 2, sent after the tail: both are new.
    expect(dedup.isDuplicate(sentAt(200), 2)).toBe(false);
    expect(dedup.isDuplicate(sentAt(201), 2)).toBe(false);
  });

  it('still catches a lagging copy after an event sent at the last millisecond of the tail, and not after one sent a millisecond later', () => {
    const atEnd = new OverlapDeduplicator(WINDOW);
    atEnd.begin();
    expect(atEnd.isDuplicate(sentAt(10), 1)).toBe(false);
    atEnd.end();
    expect(atEnd.isDuplicate(other(110), 2)).toBe(false);
    expect(atEnd.isDuplicate(sentAt(10), 2)).toBe(true);

    const after = new OverlapDeduplicator(WINDOW);
    after.begin();
    expect(after.isDuplicate(sentAt(10), 1)).toBe(false);
    after.end();
    expect(after.isDuplicate(other(111), 2)).toBe(false);
    expect(after.isDuplicate(sentAt(10), 2)).toBe(false);
  });

  it('measures the tail from the latest event sent by any connection, not from the last one delivered', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    // Connection 1 ran ahead: it delivered up to 500 while connection 2 lags at 10.
    expect(dedup.isDuplicate(sentAt(10), 1)).toBe(false);
    expect(dedup.isDuplicate(other(500), 1)).toBe(false);
    dedup.end();
    // Connection 2 catches up after the overlap: both are its copies, dropped.
    expect(dedup.isDuplicate(sentAt(10), 2)).toBe(true);
    expect(dedup.isDuplicate(other(500), 2)).toBe(true);
  });

  it('does not shorten the tail when a lagging connection delivers older copies before the overlap ends', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(10), 1)).toBe(false);
    expect(dedup.isDuplicate(other(500), 1)).toBe(false);
    // Connection 2 catches up on the first during the overlap, the second only after it.
    expect(dedup.isDuplicate(sentAt(10), 2)).toBe(true);
    dedup.end();
    expect(dedup.isDuplicate(other(500), 2)).toBe(true);
  });

  it('keeps deduplicating while a second overlap is still open after the first ends', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(1), 1)).toBe(false);
    dedup.end();
    // An event sent long after the first overlap's tail: the second overlap is still on, so a copy is still a copy.
    expect(dedup.isDuplicate(other(1_000), 2)).toBe(false);
    expect(dedup.isDuplicate(sentAt(1), 2)).toBe(true);
  });

  it('does not forget what was delivered when a second overlap begins during the first', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(event, 1)).toBe(false);
    dedup.begin();
    expect(dedup.isDuplicate(event, 2)).toBe(true);
  });

  it('does not forget what the going-on connection owes when the next overlap begins in the tail', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    dedup.subscribed(2);
    expect(dedup.isDuplicate(sentAt(10), 1)).toBe(false);
    dedup.end();
    // Connection 2 has not delivered its copy yet when the next overlap begins, however late.
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(10), 2)).toBe(true);
  });

  it('keeps the tail when a handover fails during it', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(10), 1)).toBe(false);
    dedup.end();
    // A handover fails before its connection delivered anything.
    dedup.begin();
    dedup.end();
    expect(dedup.isDuplicate(other(50), 2)).toBe(false);
    expect(dedup.isDuplicate(sentAt(10), 2)).toBe(true);
  });

  it('holds no new event against another connection in a tail (only one connection is open then)', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(10), 1)).toBe(false);
    dedup.end();
    expect(dedup.isDuplicate(other(20), 2)).toBe(false);
    expect(dedup.isDuplicate(other(20), 3)).toBe(false);
  });

  it('takes the same content sent further apart than the copy window for a new push, even during an overlap', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    dedup.subscribed(2);
    // Connection 1 delivers a push connection 2 never gets (it was pushed just before 2's
    // subscription and arrived late on 1).
    expect(dedup.isDuplicate(sentAt(10), 1)).toBe(false);
    // The same content pushed again much later, to both: one copy passes, whichever comes first.
    expect(dedup.isDuplicate(sentAt(5_000), 2)).toBe(false);
    expect(dedup.isDuplicate(sentAt(5_000), 1)).toBe(true);
  });

  it('takes a copy sent exactly the copy window apart for a copy, and one a millisecond further for a new push', () => {
    const within = new OverlapDeduplicator(WINDOW);
    within.begin();
    expect(within.isDuplicate(sentAt(10), 1)).toBe(false);
    expect(within.isDuplicate(sentAt(10 + WINDOW), 2)).toBe(true);
    expect(within.isDuplicate(sentAt(10 - WINDOW), 3)).toBe(true);

    const beyond = new OverlapDeduplicator(WINDOW);
    beyond.begin();
    expect(beyond.isDuplicate(sentAt(10), 1)).toBe(false);
    expect(beyond.isDuplicate(sentAt(11 + WINDOW), 2)).toBe(false);
    expect(beyond.isDuplicate(sentAt(9 - WINDOW), 3)).toBe(false);
  });

  it('takes a minute of send time for the copy window and the tail when given none', () => {
    expect(COPY_WINDOW_MS).toBe(60_000);
    const dedup = new OverlapDeduplicator();
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(0), 1)).toBe(false);
    expect(dedup.isDuplicate(sentAt(60_000), 2)).toBe(true);
    expect(dedup.isDuplicate(sentAt(120_001), 3)).toBe(false);
    dedup.end();
    // The tail runs to 120.001 s + 60 s: connection 3 still owes a copy of the push sent at 0 until then.
    expect(dedup.isDuplicate(other(180_001), 3)).toBe(false);
    expect(dedup.isDuplicate(sentAt(0), 3)).toBe(true);
    expect(dedup.isDuplicate(other(180_002), 3)).toBe(false);
    // Forgotten: a connection that never delivered it (had it been remembered, 4's would be a copy).
    expect(dedup.isDuplicate(sentAt(0), 4)).toBe(false);
  });

  it('matches a copy to the push of its content nearest in send time', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    // Connection 1 delivers the content at 0, 150 and 300; each is a push of its own.
    for (const at of [0, 150, 300]) expect(dedup.isDuplicate(sentAt(at), 1)).toBe(false);
    // Connection 2's copy sent at 160 is 10 from 150's and 140 from 300's: it is 150's.
    expect(dedup.isDuplicate(sentAt(160), 2)).toBe(true);
    expect(dedup.isDuplicate(sentAt(290), 2)).toBe(true);
    expect(dedup.isDuplicate(sentAt(5), 2)).toBe(true);
    // A fourth delivery by connection 2 near 300 has no copy left to match: it is new.
    expect(dedup.isDuplicate(sentAt(300), 2)).toBe(false);
  });

  it('charges a copy within the window of two pushes to the nearer one', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(0), 1)).toBe(false);
    expect(dedup.isDuplicate(sentAt(105), 1)).toBe(false);
    // 6 is within the window of both: it is the copy of the push at 0, and 111 that of the push at 105.
    expect(dedup.isDuplicate(sentAt(6), 2)).toBe(true);
    expect(dedup.isDuplicate(sentAt(111), 2)).toBe(true);
  });

  it('measures the window from every delivery of a push, not only its first', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    // Connection 1 delivers the content twice, 99 apart: one push of it, or two close together.
    expect(dedup.isDuplicate(sentAt(0), 1)).toBe(false);
    expect(dedup.isDuplicate(sentAt(99), 1)).toBe(false);
    // Connection 2's copies: the second, sent 101 after the first delivery, is still a copy.
    expect(dedup.isDuplicate(sentAt(2), 2)).toBe(true);
    expect(dedup.isDuplicate(sentAt(101), 2)).toBe(true);
  });

  it('widens a push to a later copy: a further copy near that one still matches', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(0), 1)).toBe(false);
    expect(dedup.isDuplicate(sentAt(99), 1)).toBe(false);
    // Connection 2's copy of the first push, sent at 0, does not narrow the push to [0, 0]:
    expect(dedup.isDuplicate(sentAt(0), 2)).toBe(true);
    // its copy of the second, sent 51 after connection 1's, is 150 from the first delivery.
    expect(dedup.isDuplicate(sentAt(150), 2)).toBe(true);
  });

  it('widens a push to an earlier copy: a further copy near that one still matches', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(sentAt(100), 1)).toBe(false);
    expect(dedup.isDuplicate(sentAt(40), 2)).toBe(true);
    // Connection 3's copy, sent 90 before connection 2's and 150 before connection 1's.
    expect(dedup.isDuplicate(sentAt(-50), 3)).toBe(true);
  });

  it('takes copies that differ only in sendTime for one event, and events that differ in anything else for two', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(event, 1)).toBe(false);
    expect(dedup.isDuplicate({ ...event, sendTime: event.sendTime + 7 }, 2)).toBe(true);
    expect(dedup.isDuplicate({ ...event, free: '11' }, 2)).toBe(false);
    expect(dedup.isDuplicate({ ...event, time: event.time + 1 }, 2)).toBe(false);
  });
});

describe('OverlapDeduplicator and the channel', () => {
  it('takes the same content on another channel for another event (the stream keeps the channel in its identity)', () => {
    const dedup = new OverlapDeduplicator(WINDOW);
    dedup.begin();
    expect(dedup.isDuplicate(event, 1)).toBe(false);
    expect(dedup.isDuplicate({ ...event, channel: 'spot@private.account.v3.api' }, 2)).toBe(false);
    expect(dedup.isDuplicate({ ...event, sendTime: event.sendTime + 3 }, 2)).toBe(true);
    expect(streamCopyIdentity({ ...event, channel: 'spot@private.account.v3.api' })).not.toBe(streamCopyIdentity(event));
  });
});
