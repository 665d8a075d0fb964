/**
 * The overlap deduplicator's copy window: how far apart in send time two deliveries of one content
 * may be and still be one push, and which push a copy is charged to.
 */
import { describe, expect, it } from '@jest/globals';
import { COPY_WINDOW_MS, OverlapDeduplicator } from '../../src/stream/identity/index.js';
import { event, other, sentAt, WINDOW } from './dedup-fixtures.js';

describe('OverlapDeduplicator copy window', () => {
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
