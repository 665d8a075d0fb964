/**
 * Settings and a `random` a careless user gives, in virtual time: nothing makes the stream open
 * connections in a loop. A `random` returning NaN once made a reconnect's wait NaN, which fired at
 * once; at the floors of its settings (a rollover a minute, a backoff and timeouts of 100 ms) the
 * stream opens a bounded number of connections however its server behaves.
 */
import { describe, expect, it } from '@jest/globals';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { MINUTE, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

describe('a stream with careless settings (virtual time)', () => {
  it.each([
    ['NaN', Number.NaN],
    ['-1', -1],
    ['Infinity', Infinity],
  ])('with random returning %s, a reconnect waits within its backoff, not at once', (_name, value) => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const opened: number[] = [];
      const factory: typeof server.factory = (url) => {
        opened.push(scheduler.now());
        return server.factory(url);
      };
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: factory, random: () => value }).subscribe((e) => events.push(e));
      scheduler.schedule(() => server.sockets[0]?.drop(), 10_000);
      scheduler.schedule(() => subscription.unsubscribe(), 20_000);
      flush();
      const delays = events.flatMap((e) => (e.type === 'reconnecting' ? [e.delayMs] : []));
      // The default first delay is 500 ms with equal jitter: 250 to 500 ms.
      expect(delays).toHaveLength(1);
      expect(delays[0]).toBeGreaterThanOrEqual(250);
      expect(delays[0]).toBeLessThanOrEqual(500);
      expect(opened).toEqual([0, 10_000 + (delays[0] ?? 0)]);
    });
  });

  it('at the floors, a server that never answers a subscription meets its backoff, not a loop of connections', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      server.behaviour.answerSubscriptions = false;
      const subscription = userDataStream(keys, {
        wsUrl,
        scheduler,
        webSocketFactory: server.factory,
        random: () => 0,
        connectTimeoutMs: 100,
        backoff: { initialDelayMs: 100, maxDelayMs: 100, stableAfterMs: 1000 },
      }).subscribe();
      scheduler.schedule(() => subscription.unsubscribe(), 1000);
      flush();
      // Each attempt: 100 ms to time out, then 50 ms (half the 100 ms cap): 7 in a second, not 669.
      expect(server.sockets.length).toBeLessThanOrEqual(7);
    });
  });

  it('at the floor, a rollover a minute without overlap rolls over three times in three minutes', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, rolloverAfterMs: MINUTE, rolloverOverlapMs: 0 }).subscribe((e) =>
        events.push(e),
      );
      scheduler.schedule(() => subscription.unsubscribe(), 3 * MINUTE + 10_000);
      flush();
      expect(events.filter((e) => e.type === 'rolled-over')).toHaveLength(3);
      expect(server.sockets).toHaveLength(4);
    });
  });
});
