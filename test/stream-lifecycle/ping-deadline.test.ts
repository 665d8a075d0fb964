/**
 * The PONG deadline runs from the oldest unanswered PING: with a ping timeout longer than the ping
 * period, a later PING must not push the deadline back (it used to, for ever: a stalled socket
 * was never detected).
 */
import { describe, expect, it } from '@jest/globals';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

describe('the PONG deadline (virtual time)', () => {
  it('finds a stalled socket when the ping timeout is longer than the ping period', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, pingIntervalMs: 10_000, pingTimeoutMs: 25_000, random: () => 1 }).subscribe(
        (e) => events.push(e),
      );
      scheduler.schedule(() => {
        const first = server.sockets[0];
        if (first) first.stalled = true;
      }, 5_000);
      scheduler.schedule(() => subscription.unsubscribe(), 120_000);
      flush();
      // PINGs at 10.002, 20.002 and 30.002 s go unanswered: 25 s after the first, the socket is dead.
      const reconnecting = events.find((e): e is Extract<UserDataEvent, { type: 'reconnecting' }> => e.type === 'reconnecting');
      expect(reconnecting).toMatchObject({ reason: 'stalled', at: 35_002 });
      expect(server.sockets[0]?.closedByClient).toBe(true);
    });
  });

  it('keeps a healthy socket whose PONGs come back, whatever the two settings', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, pingIntervalMs: 10_000, pingTimeoutMs: 25_000 }).subscribe((e) => events.push(e));
      scheduler.schedule(() => subscription.unsubscribe(), 300_000);
      flush();
      expect(events.map((e) => e.type)).toEqual(['connected']);
      expect(server.sockets).toHaveLength(1);
    });
  });
});
