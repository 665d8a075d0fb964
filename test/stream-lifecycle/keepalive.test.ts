import { describe, expect, it } from '@jest/globals';
import { filter, map, take } from 'rxjs';
import { userDataStream } from '../../src/stream/user-data-stream.js';
import { MINUTE, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

describe('listen-key keepalive (virtual time)', () => {
  it('connects on subscribe, keeps the key alive every 30 minutes, and closes it on teardown', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const { server, keys } = setup(scheduler);
      const stream = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' });
      // Socket opens after 1 ms, the subscription reply after another 1 ms.
      expectObservable(stream.pipe(map((e) => e.type)), '^ 100m !').toBe('2ms a', { a: 'connected' });
      flush();
      expect(keys.of('create').map((c) => c.at)).toEqual([0]);
      expect(keys.of('keepAlive').map((c) => c.at)).toEqual([30 * MINUTE, 60 * MINUTE, 90 * MINUTE]);
      // The marble `^ 100m !` unsubscribes at 100 min + 1 frame.
      expect(keys.of('close')).toEqual([{ op: 'close', key: keys.of('create')[0]?.key, at: 100 * MINUTE + 1 }]);
      expect(server.sockets).toHaveLength(1);
      expect(server.sockets[0]?.closedByClient).toBe(true);
      expect(server.sockets[0]?.url).toBe(`${wsUrl}?listenKey=${keys.of('create')[0]?.key}`);
      expect(JSON.parse(server.sockets[0]?.sent[0] ?? '{}')).toEqual({
        method: 'SUBSCRIPTION',
        params: ['spot@private.account.v3.api', 'spot@private.deals.v3.api', 'spot@private.orders.v3.api'],
      });
    });
  });

  it('pings every 20 s while connected', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const { server, keys } = setup(scheduler);
      const stream = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory });
      expectObservable(stream.pipe(map((e) => e.type)), '^ 61s !').toBe('2ms a', { a: 'connected' });
      flush();
      const pings = server.sockets[0]?.sent.filter((m) => m.includes('PING')) ?? [];
      expect(pings).toHaveLength(3);
    });
  });

  it('replaces the key when a keepalive fails, overlapping connections so nothing is lost', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const { server, keys } = setup(scheduler);
      keys.failKeepAlives = 1;
      const stream = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, keepAliveIntervalMs: 30 * MINUTE });
      const lifecycle = stream.pipe(
        filter((e) => e.type !== 'diagnostic'),
        map((e) => e.type),
      );
      const diagnostics = stream.pipe(
        filter((e) => e.type === 'diagnostic'),
        map((e) => (e.type === 'diagnostic' ? e.code : '')),
      );
      // connected at 2 ms; keepalive fails at 30 min; the new key's connection is ready 2 ms later.
      expectObservable(lifecycle, '^ 40m !').toBe('2ms a 1799999ms b', { a: 'connected', b: 'key-replaced' });
      expectObservable(diagnostics, '^ 40m !').toBe('30m a', { a: 'keepalive-failed' });
      flush();
      const [first, second] = keys.of('create');
      expect(second?.at).toBe(30 * MINUTE);
      // The old key is closed only after the overlap (2 s after the new connection is subscribed).
      expect(keys.of('close')[0]).toEqual({ op: 'close', key: first?.key, at: 30 * MINUTE + 2 + 2000 });
      expect(server.sockets[0]?.closedByClient).toBe(true);
      expect(server.sockets[1]?.listenKey).toBe(second?.key);
      // The next keepalive is for the new key, 30 minutes after it took over.
      expect(keys.of('keepAlive').map((c) => [c.key, c.at])).toEqual([[first?.key, 30 * MINUTE]]);
    });
  });
});

describe('teardown from inside an event handler', () => {
  it('leaves no timer behind when the last subscriber leaves on `connected`', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      let seen = 0;
      userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory })
        .pipe(filter((e) => e.type === 'connected'), take(1))
        .subscribe(() => (seen += 1));
      flush();
      expect(seen).toBe(1);
      // Nothing was left scheduled: virtual time stopped right after the connection, instead of
      // running on to a keepalive at 30 min or a rollover at 23 h.
      expect(scheduler.now()).toBeLessThan(60_000);
      expect(keys.of('keepAlive')).toEqual([]);
      expect(keys.of('close')).toHaveLength(1);
      expect(server.open()).toHaveLength(0);
    });
  });
});
