import { describe, expect, it } from '@jest/globals';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountFrame, HOUR, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

describe('24-hour rollover (virtual time)', () => {
  it('opens a fresh connection before the limit, closes the old one after the overlap, and drops overlap duplicates', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const sent: ReturnType<typeof accountFrame>[] = [];
      const subscription = userDataStream(keys, {
        wsUrl,
        scheduler,
        webSocketFactory: server.factory,
        format: 'json',
        rolloverAfterMs: 23 * HOUR,
        rolloverOverlapMs: 2_000,
      }).subscribe((e) => events.push(e));
      const push = (at: number): void => {
        scheduler.schedule(() => {
          const frame = accountFrame(at);
          sent.push(frame);
          server.broadcast(frame.frame);
        }, at);
      };
      const rolloverAt = 23 * HOUR + 2;
      push(HOUR);
      push(rolloverAt + 1); // only the old connection is subscribed yet
      push(rolloverAt + 500); // both connections: a duplicate arrives
      push(rolloverAt + 1_500); // both connections
      push(rolloverAt + 5_000); // only the new connection
      scheduler.schedule(() => subscription.unsubscribe(), 24 * HOUR);
      flush();

      expect(server.sockets).toHaveLength(2);
      expect(server.sockets[1]?.listenKey).toBe(server.sockets[0]?.listenKey);
      // The old socket is closed by us 2 s after the new one is subscribed (at rolloverAt + 2).
      expect(server.sockets[0]?.closedByClient).toBe(true);
      expect(events.map((e) => e.type)).toEqual(['connected', 'account', 'account', 'rolled-over', 'account', 'account', 'account']);
      // Every event pushed arrives exactly once, in order.
      expect(events.filter((e) => e.type === 'account')).toEqual(sent.map((s) => s.event));
      expect(events.some((e) => e.type === 'gap')).toBe(false);
      expect(keys.of('create')).toHaveLength(1);
    });
  });

  it('lets an event through that repeats, in content, one pushed before the new connection was subscribed', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json', rolloverAfterMs: HOUR, rolloverOverlapMs: 2_000 }).subscribe((e) => events.push(e));
      const rolloverAt = HOUR + 2;
      // The same balance (same settlement time) pushed again and again: a lock, an unlock and the
      // lock again. The first lock reaches only the old connection (the new one is not subscribed
      // yet); the second reaches both during the overlap; the third only the new one, after the
      // old was closed but while a lagging copy would still be caught.
      const lock = accountFrame(rolloverAt);
      const unlock = accountFrame(rolloverAt);
      scheduler.schedule(() => server.broadcast(lock.frame), rolloverAt + 1);
      scheduler.schedule(() => server.broadcast(unlock.frame), rolloverAt + 3);
      scheduler.schedule(() => server.broadcast(lock.frame), rolloverAt + 4);
      scheduler.schedule(() => server.broadcast(unlock.frame), rolloverAt + 2_500);
      scheduler.schedule(() => server.broadcast(lock.frame), rolloverAt + 2_600);
      scheduler.schedule(() => subscription.unsubscribe(), 2 * HOUR);
      flush();

      expect(events.map((e) => e.type)).toEqual(['connected', 'account', 'rolled-over', 'account', 'account', 'account', 'account']);
      expect(events.filter((e) => e.type === 'account')).toEqual([lock.event, unlock.event, lock.event, unlock.event, lock.event]);
    });
  });

  it('rolls over twice in 48 hours with the key kept alive throughout', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      scheduler.schedule(() => subscription.unsubscribe(), 48 * HOUR);
      flush();
      expect(events.filter((e) => e.type === 'rolled-over')).toHaveLength(2);
      expect(server.sockets).toHaveLength(3);
      expect(server.open()).toHaveLength(0);
      expect(keys.of('keepAlive')).toHaveLength(95);
    });
  });
});
