/**
 * The overlap deduplicator: during an overlap every connection delivers each event once, and each
 * event must come out once, however many connections are open (a key replacement during a
 * rollover's overlap makes three), while genuinely identical events all come out.
 */
import { describe, expect, it } from '@jest/globals';
import { OverlapDeduplicator, streamCopyIdentity } from '../../src/stream/identity/index.js';
import { event, other, passed, sentAt, WINDOW } from './dedup-fixtures.js';

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
