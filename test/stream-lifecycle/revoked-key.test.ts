/**
 * A key source that reports a key gone (`revoked`: a page's keys closed when it was left, a key
 * its backend forgot), in virtual time: the stream replaces the key it holds at once, with
 * overlap, and ignores a key it does not hold; it listens only while it runs.
 */
import { describe, expect, it } from '@jest/globals';
import { filter, map, Subject } from 'rxjs';
import { userDataStream } from '../../src/stream/user-data-stream.js';
import { MINUTE, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

describe('a key the source revokes', () => {
  it('is replaced at once when the stream holds it: a new key, a new connection, then the old one let go', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const { server, keys } = setup(scheduler);
      const revoked = new Subject<string>();
      const source = { create: keys.create, keepAlive: keys.keepAlive, close: keys.close, revoked };
      const stream = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' });
      scheduler.schedule(() => revoked.next('not-a-key-it-holds'), 5 * MINUTE);
      scheduler.schedule(() => revoked.next(keys.of('create')[0]?.key ?? ''), 10 * MINUTE);
      const lifecycle = stream.pipe(
        filter((e) => e.type !== 'diagnostic'),
        map((e) => e.type),
      );
      expectObservable(lifecycle, '^ 20m !').toBe('2ms a 599999ms b', { a: 'connected', b: 'key-replaced' });
      flush();
      const [first, second, third] = keys.of('create');
      expect(second?.at).toBe(10 * MINUTE);
      expect(third).toBeUndefined();
      expect(server.sockets[1]?.listenKey).toBe(second?.key);
      // The revoked key is let go after the overlap; the new one is kept alive from now on.
      expect(keys.of('close').map((c) => c.key)).toEqual([first?.key, second?.key]);
      expect(keys.of('close')[0]?.at).toBe(10 * MINUTE + 2 + 2000);
      expect(revoked.observed).toBe(false);
    });
  });

  it('is dropped while the stream waits to reconnect: the next attempt creates a new key', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const revoked = new Subject<string>();
      const stream = userDataStream({ create: keys.create, keepAlive: keys.keepAlive, close: keys.close, revoked }, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' });
      const seen: string[] = [];
      const subscription = stream.subscribe((event) => seen.push(event.type));
      scheduler.schedule(() => server.sockets[0]?.drop(), MINUTE);
      // While the backoff runs (it is at least 250 ms), the key is revoked.
      scheduler.schedule(() => revoked.next(keys.of('create')[0]?.key ?? ''), MINUTE + 1);
      scheduler.schedule(() => subscription.unsubscribe(), 2 * MINUTE);
      flush();
      expect(keys.of('create')).toHaveLength(2);
      expect(server.sockets[1]?.listenKey).toBe(keys.of('create')[1]?.key);
      expect(seen.filter((type) => type === 'connected')).toHaveLength(2);
    });
  });
});
