/**
 * A key replacement (after a failed keepalive) and a reconnect (after a drop) under way at the
 * same time: whichever connects first is the stream's connection, and the other must not open a
 * second one beside it (it used to: the reconnect's timer replaced the new connection without
 * closing it, a socket left open for good).
 */
import { describe, expect, it } from '@jest/globals';
import { map, of, throwError, timer, type Observable } from 'rxjs';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

describe('a key replacement racing a reconnect (virtual time)', () => {
  it('ends with one open socket, on the new key', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      let created = 0;
      const source = {
        // The first key at once; the replacement takes a second to come.
        create: (): Observable<string> => {
          created += 1;
          const key = `key-${created}-${'x'.repeat(20)}`;
          return created === 1 ? of(key) : timer(1_000, scheduler).pipe(map(() => key));
        },
        keepAlive: (): Observable<unknown> => throwError(() => new Error('keepalive refused')),
        close: (): Observable<unknown> => of({}),
      };
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(source, {
        wsUrl,
        scheduler,
        webSocketFactory: server.factory,
        keepAliveIntervalMs: 10_000,
        backoff: { initialDelayMs: 2_000, maxDelayMs: 2_000 },
        random: () => 1,
      }).subscribe((e) => events.push(e));
      // Keepalive fails at 10 s (the replacement key comes at 11 s); the connection drops at 10.5 s
      // (the reconnect is due at 12.5 s, after the replacement is connected).
      scheduler.schedule(() => server.sockets[0]?.drop(), 10_500);
      scheduler.schedule(() => {
        expect(server.open()).toHaveLength(1);
        expect(server.open()[0]?.listenKey).toBe(`key-2-${'x'.repeat(20)}`);
        subscription.unsubscribe();
      }, 19_000);
      flush();

      expect(events.map((e) => e.type)).toEqual(['connected', 'diagnostic', 'reconnecting', 'gap', 'key-replaced']);
      expect(server.sockets).toHaveLength(2);
      expect(server.open()).toHaveLength(0);
    });
  });
});
