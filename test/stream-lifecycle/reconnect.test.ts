import { describe, expect, it } from '@jest/globals';
import { defer, filter, map, throwError } from 'rxjs';
import { ApiError, HttpError } from '../../src/errors.js';
import { StreamFatalError, userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountFrame, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
const lifecycleOnly = filter((e: UserDataEvent) => e.type !== 'diagnostic' && e.type !== 'account');

describe('reconnection (virtual time)', () => {
  it('reconnects after a drop and reports the gap with its time span', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const { server, keys } = setup(scheduler);
      const stream = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, random: () => 1 });
      scheduler.schedule(() => server.sockets[0]?.drop(), 10_000);
      // Dropped at 10 s: reconnecting (backoff 500 ms with random = 1), new socket ready 2 ms later,
      // then the gap and connected. The gap starts when the SUBSCRIPTION was sent (1 ms): its reply
      // (at 2 ms) proves everything pushed from then on arrived, not from its own arrival.
      expectObservable(stream.pipe(lifecycleOnly), '^ 20s !').toBe('2ms a 9997ms b 501ms (cd)', {
        a: { type: 'connected', connection: 1, listenKey: 'key-…xxxx', at: 2 },
        b: { type: 'reconnecting', attempt: 1, delayMs: 500, reason: 'closed-by-server', at: 10_000 },
        c: { type: 'gap', from: 1, to: 10_502, reason: 'closed-by-server' },
        d: { type: 'connected', connection: 2, listenKey: 'key-…xxxx', at: 10_502 },
      });
      flush();
      // Same key: a reconnect does not create a new one.
      expect(keys.of('create')).toHaveLength(1);
      expect(server.sockets).toHaveLength(2);
    });
  });

  it('reads a connection lost the standard way (error, then close) as closed by the server, as ws reports it, and an error before open as the socket\'s', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const reasons: string[] = [];
      const factory: typeof server.factory = (url) => {
        const socket = server.factory(url);
        // The third socket fails before it opens: its error is all there is.
        if (server.sockets.length === 3) scheduler.schedule(() => server.sockets[2]?.fail(), 0);
        return socket;
      };
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: factory, random: () => 1 }).subscribe((e) => {
        if (e.type === 'reconnecting') reasons.push(e.reason);
      });
      scheduler.schedule(() => server.sockets[0]?.fail(), 10_000);
      scheduler.schedule(() => server.sockets[1]?.drop(), 20_000);
      scheduler.schedule(() => subscription.unsubscribe(), 40_000);
      flush();
      expect(reasons).toEqual(['closed-by-server', 'closed-by-server', 'socket-error']);
    });
  });

  it('grows the backoff while attempts fail, and resets it after a stable connection', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      server.behaviour.answerSubscriptions = false;
      const subscription = userDataStream(keys, {
        wsUrl,
        scheduler,
        webSocketFactory: server.factory,
        random: () => 1,
        connectTimeoutMs: 1000,
        backoff: { initialDelayMs: 100, maxDelayMs: 1000, stableAfterMs: 5000 },
      }).subscribe((e) => events.push(e));
      // Let four attempts time out, then let the service answer again.
      scheduler.schedule(() => {
        server.behaviour.answerSubscriptions = true;
      }, 4_000);
      // After the connection has been stable for 5 s, drop it: backoff starts over.
      scheduler.schedule(() => server.open()[0]?.drop(), 30_000);
      scheduler.schedule(() => subscription.unsubscribe(), 40_000);
      flush();
      const delays = events.flatMap((e) => (e.type === 'reconnecting' ? [e.delayMs] : []));
      expect(delays.slice(0, 4)).toEqual([100, 200, 400, 800]);
      expect(delays.at(-1)).toBe(100);
      expect(events.filter((e) => e.type === 'gap')).toHaveLength(2);
    });
  });

  it('never waits longer than maxDelayMs, however many attempts fail', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      server.behaviour.answerSubscriptions = false;
      const subscription = userDataStream(keys, {
        wsUrl,
        scheduler,
        webSocketFactory: server.factory,
        random: () => 1,
        connectTimeoutMs: 1000,
        backoff: { initialDelayMs: 100, maxDelayMs: 1000, stableAfterMs: 5000 },
      }).subscribe((e) => events.push(e));
      // Each attempt fails after its 1 s connect timeout: seven in 11 s. The doubling would pass the
      // cap at the fifth (100 * 2^4 = 1600 ms); it waits exactly the cap instead, every time.
      scheduler.schedule(() => subscription.unsubscribe(), 11_000);
      flush();
      const delays = events.flatMap((e) => (e.type === 'reconnecting' ? [e.delayMs] : []));
      expect(delays).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    });
  });

  it('detects a stalled socket within the ping timeout', () => {
    const scheduler = testScheduler();
    scheduler.run(({ expectObservable }) => {
      const { server, keys } = setup(scheduler);
      scheduler.schedule(() => {
        const socket = server.sockets[0];
        if (socket) socket.stalled = true;
      }, 5_000);
      const stream = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, pingIntervalMs: 20_000, pingTimeoutMs: 10_000, random: () => 1 });
      // First ping at 20.002 s goes unanswered; 10 s later the socket is declared stalled.
      expectObservable(stream.pipe(lifecycleOnly, map((e) => (e.type === 'reconnecting' ? `${e.reason}@${e.at}` : e.type))), '^ 31s !').toBe(
        '2ms a 29999ms b 501ms (ca)',
        { a: 'connected', b: 'stalled@30002', c: 'gap' },
      );
    });
  });

  it('replaces a key the service calls invalid, and reports the gap', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, random: () => 1 }).subscribe((e) => events.push(e));
      scheduler.schedule(() => {
        const first = keys.of('create')[0]?.key ?? '';
        server.behaviour.invalidKeys.add(first);
        server.sockets[0]?.deliver('Invalid listen key');
      }, 1_000);
      scheduler.schedule(() => subscription.unsubscribe(), 5_000);
      flush();
      expect(keys.of('create')).toHaveLength(2);
      expect(events.map((e) => e.type)).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
      expect(server.sockets[1]?.listenKey).toBe(keys.of('create')[1]?.key);
      // Only the valid key is closed at the end; the invalid one is not sent back to the service.
      expect(keys.of('close').map((c) => c.key)).toEqual([keys.of('create')[1]?.key]);
    });
  });

  it('reports a malformed frame and keeps delivering the next event', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' }).subscribe((e) => events.push(e));
      const next = accountFrame(1);
      scheduler.schedule(() => server.broadcast('{"channel":"spot@private.account.v3.api","privateAccount":{"vcoinName":3}}'), 100);
      scheduler.schedule(() => server.broadcast(new Uint8Array([0xff, 0x01, 0x02])), 200);
      scheduler.schedule(() => server.broadcast(next.frame), 300);
      scheduler.schedule(() => subscription.unsubscribe(), 1_000);
      flush();
      expect(events.map((e) => (e.type === 'diagnostic' ? e.code : e.type))).toEqual(['connected', 'malformed-frame', 'malformed-frame', 'account']);
      expect(events.at(-1)).toEqual(next.event);
    });
  });

  it('ends the stream on a malformed frame when asked to', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      let failure: unknown;
      userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, onMalformedFrame: 'error' }).subscribe({ error: (e: unknown) => (failure = e) });
      scheduler.schedule(() => server.broadcast('{"channel":"spot@private.account.v3.api"}'), 100);
      flush();
      expect(failure).toBeInstanceOf(StreamFatalError);
      // No request failed: the stream itself is the operation, there is no target.
      expect(failure).toMatchObject({ operation: 'stream', target: undefined });
      expect(server.sockets[0]?.closedByClient).toBe(true);
      expect(keys.of('close')).toHaveLength(1);
    });
  });

  it('ends the stream with a typed error when the credentials are refused', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      let failure: unknown;
      const refused = () => throwError(() => new ApiError({ code: 700002, msg: 'Signature for this request is not valid.', status: 400, operation: 'L1' }));
      userDataStream(refused, { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe({ error: (e: unknown) => (failure = e) });
      flush();
      expect(failure).toBeInstanceOf(StreamFatalError);
      expect((failure as StreamFatalError).cause).toBeInstanceOf(ApiError);
      expect(server.sockets).toHaveLength(0);
    });
  });

  it('ends the stream with a typed error when the listen-key call is answered HTTP 401 without a service body', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      let failure: unknown;
      const unauthorized = new HttpError({ status: 401, operation: 'L1', target: { method: 'POST', path: '/api/v3/userDataStream' } });
      const subscription = userDataStream(() => throwError(() => unauthorized), { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe({
        error: (e: unknown) => (failure = e),
      });
      // Bounded: a stream that took the 401 for a passing trouble would try again for ever.
      scheduler.schedule(() => subscription.unsubscribe(), 60_000);
      flush();
      expect(failure).toBeInstanceOf(StreamFatalError);
      expect((failure as StreamFatalError).cause).toBe(unauthorized);
      // The refused call's context, as the cause carries it.
      expect(failure).toMatchObject({ operation: 'L1', target: { method: 'POST', path: '/api/v3/userDataStream' } });
      expect(server.sockets).toHaveLength(0);
    });
  });

  it('takes a firewall’s 403 on the listen-key call for what it is: reported, tried again after the backoff, connected once the block lifts', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      let blocked = 2;
      const firewall = new HttpError({ status: 403, operation: 'L1', target: { method: 'POST', path: '/api/v3/userDataStream' } });
      const source = { ...keys, create: () => defer(() => (blocked-- > 0 ? throwError(() => firewall) : keys.create())) };
      const events: UserDataEvent[] = [];
      let failure: unknown;
      const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory, random: () => 1 }).subscribe({
        next: (e) => events.push(e),
        error: (e: unknown) => (failure = e),
      });
      scheduler.schedule(() => subscription.unsubscribe(), 60_000);
      flush();
      expect(failure).toBeUndefined();
      const codes = events.map((e) => (e.type === 'diagnostic' ? e.code : e.type));
      expect(codes).toEqual(['key-create-failed', 'reconnecting', 'key-create-failed', 'reconnecting', 'gap', 'connected']);
      expect(events.filter((e) => e.type === 'reconnecting').map((e) => e.type === 'reconnecting' && e.delayMs)).toEqual([500, 1_000]);
      // Not tried again at once: each attempt waits its backoff.
      const created = keys.of('create');
      expect(created).toHaveLength(1);
      expect(created[0]?.at).toBeGreaterThan(0);
      expect(server.sockets).toHaveLength(1);
    });
  });
});
