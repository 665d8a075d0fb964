/**
 * How the shell makes the key source's calls: a source that completes without a key, one that
 * cannot keep keys alive, calls still in flight when the stream ends (cancelled, but for a key's
 * creation, which runs on and whose key is DELETEd), the DELETE made while it ends (carried
 * through, its failure swallowed), and two overlaps at once, each with its own end.
 */
import { describe, expect, it } from '@jest/globals';
import { EMPTY, ignoreElements, map, Observable, of, throwError, timer, type Observer } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import type { ListenKeyProvider } from '../../src/stream/listen-key-source.js';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountFrame, HOUR, kinds, MINUTE, pushedAgain, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
const KEY = 'LKq7Zr2x9Vb4Nm1Pw8Ts5Uy3Hd6Jf0Ga2Ke7Lc9Xo4Ri1Qe8Wt5Yu3Ip6As0Df';

/**
 * Runs a stream of the key source `sourceOf` makes to the end of virtual time, its subscriber
 * leaving at 1 s; the sockets it has open at the end.
 */
function leftAtOneSecond(sourceOf: (scheduler: TestScheduler) => ListenKeyProvider, observer?: Partial<Observer<UserDataEvent>>): readonly unknown[] {
  const scheduler = testScheduler();
  let sockets: readonly unknown[] = [];
  scheduler.run(({ flush }) => {
    const { server } = setup(scheduler);
    const subscription = userDataStream(sourceOf(scheduler), { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe(observer);
    scheduler.schedule(() => subscription.unsubscribe(), 1_000);
    flush();
    sockets = server.sockets;
  });
  return sockets;
}

/** A call that never answers, counting how often it is cancelled. */
function pending(onCancel: () => void): Observable<never> {
  return new Observable<never>(() => onCancel);
}

describe('a key source that completes without a key (virtual time)', () => {
  it('is a diagnostic and a reconnect later, not a connection with no key', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      let created = 0;
      const source = { create: () => (++created === 1 ? EMPTY : of(KEY)), keepAlive: () => of({}), close: () => of({}) };
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory, random: () => 1 }).subscribe((e) => events.push(e));
      scheduler.schedule(() => subscription.unsubscribe(), 5_000);
      flush();

      expect(events).toEqual([
        { type: 'diagnostic', code: 'key-create-failed', message: 'the listen key source completed without a key', at: 0 },
        { type: 'reconnecting', attempt: 1, delayMs: 500, reason: 'key-unavailable', at: 0 },
        { type: 'gap', from: 0, to: 502, reason: 'key-unavailable' },
        { type: 'connected', connection: 1, listenKey: 'LKq7…s0Df', at: 502 },
      ]);
      expect(server.sockets.map((s) => s.listenKey)).toEqual([KEY]);
    });
  });
});

describe('a key source with no keepalive (virtual time)', () => {
  it('counts each keepalive as done: the stream runs on with its key', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(() => of(KEY), { wsUrl, scheduler, webSocketFactory: server.factory, keepAliveIntervalMs: 1_000 }).subscribe((e) => events.push(e));
      scheduler.schedule(() => subscription.unsubscribe(), 3_500);
      flush();

      expect(kinds(events)).toEqual(['connected']);
      expect(server.sockets).toHaveLength(1);
    });
  });
});

describe('key calls still in flight when the stream ends (virtual time)', () => {
  it('cancels a keepalive that has not answered', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      let cancelled = 0;
      const closed: string[] = [];
      const source = { create: () => of(KEY), keepAlive: () => pending(() => (cancelled += 1)), close: (key: string) => of(closed.push(key)) };
      const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory, keepAliveIntervalMs: 1_000 }).subscribe();
      scheduler.schedule(() => subscription.unsubscribe(), 1_500);
      flush();

      expect(cancelled).toBe(1);
      expect(closed).toEqual([KEY]);
    });
  });

  it('lets the creation of a key that has not come finish, and DELETEs the key it brings', () => {
    const closed: [string, number][] = [];
    // The service answers the creation at 3 s; the subscriber left at 1 s.
    const sockets = leftAtOneSecond((scheduler) => ({ create: () => timer(3_000, scheduler).pipe(map(() => KEY)), close: (key: string) => of(closed.push([key, scheduler.now()])) }));

    expect(closed).toEqual([[KEY, 3_000]]);
    expect(sockets).toEqual([]);
  });

  it('after the end, DELETEs nothing when the creation completes without a key', () => {
    const closed: string[] = [];
    const sockets = leftAtOneSecond((scheduler) => ({ create: () => timer(3_000, scheduler).pipe(ignoreElements()), close: (key: string) => of(closed.push(key)) }));

    // Not `toEqual([])`, which takes `[undefined]` for empty: a DELETE of no key must not happen.
    expect(closed).toHaveLength(0);
    expect(sockets).toEqual([]);
  });

  it('after the end, neither connects with a key that comes nor reports a creation that fails', () => {
    const events: UserDataEvent[] = [];
    let errors = 0;
    const failing = (scheduler: TestScheduler) => ({ create: () => timer(3_000, scheduler).pipe(map((): string => { throw new Error('refused'); })) });
    const sockets = leftAtOneSecond(failing, { next: (e) => events.push(e), error: () => (errors += 1) });

    expect(events).toEqual([]);
    expect(errors).toBe(0);
    expect(sockets).toEqual([]);
  });
});

describe('the DELETE of the key when the stream ends (virtual time)', () => {
  it('is carried through when the key source answers after the end', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      const deleted: [string, number][] = [];
      const source = {
        create: () => of(KEY),
        keepAlive: () => of({}),
        close: (key: string) => timer(300, scheduler).pipe(map(() => deleted.push([key, scheduler.now()]))),
      };
      const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe();
      scheduler.schedule(() => subscription.unsubscribe(), 1_000);
      flush();

      expect(deleted).toEqual([[KEY, 1_300]]);
    });
  });

  it('is given up quietly when it fails: no error is left unhandled', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      const calls: string[] = [];
      const source = {
        create: () => of(KEY),
        keepAlive: () => of({}),
        close: (key: string) => {
          calls.push(key);
          return throwError(() => new Error('DELETE refused'));
        },
      };
      const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe();
      scheduler.schedule(() => subscription.unsubscribe(), 1_000);
      // An error nobody handles is rethrown by rxjs on a later (virtual) timeout: from `flush`.
      expect(() => flush()).not.toThrow();
      expect(calls).toEqual([KEY]);
    });
  });
});

describe('two overlaps at once: a key replacement during a rollover’s overlap (virtual time)', () => {
  it('ends each overlap on its own time, closing each replaced connection', () => {
    // Both at half an hour: a keepalive must come within the key's 60-minute life.
    const T = 30 * MINUTE;
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      keys.failKeepAlives = 1;
      const open: number[][] = [];
      const snapshot = (at: number): void => {
        scheduler.schedule(() => open.push(server.open().map((s) => s.id)), at);
      };
      const subscription = userDataStream(keys, {
        wsUrl,
        scheduler,
        webSocketFactory: server.factory,
        rolloverAfterMs: T,
        rolloverOverlapMs: 2_000,
        keepAliveIntervalMs: T + 10,
      }).subscribe();
      // Rollover at T + 2 ms (connection 2 subscribed at + 4 ms, its overlap over at + 2004 ms);
      // the keepalive fails at T + 10 ms: connection 3, on a new key, is subscribed at + 12 ms,
      // its overlap over at + 2012 ms.
      snapshot(T + 1_000);
      snapshot(T + 2_008);
      snapshot(T + 3_000);
      scheduler.schedule(() => subscription.unsubscribe(), T + 5_000);
      flush();

      expect(open).toEqual([[1, 2, 3], [2, 3], [3]]);
      const [first, second] = keys.of('create');
      expect(server.sockets.map((s) => s.listenKey)).toEqual([first?.key, first?.key, second?.key]);
      expect(keys.of('close')).toEqual([
        { op: 'close', key: first?.key, at: T + 2_012 },
        { op: 'close', key: second?.key, at: T + 5_000 },
      ]);
    });
  });
});

describe('what an overlap remembers (virtual time)', () => {
  it('is forgotten at the next rollover: an event only the old connection delivered does not hide the same content later', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json', rolloverAfterMs: HOUR, rolloverOverlapMs: 2_000 }).subscribe((e) => events.push(e));
      // First rollover at 1 h + 2 ms (connection 2 subscribed at + 4 ms). During its overlap, a
      // push reaches only the old connection; nothing else is pushed until the second rollover
      // (at 2 h + 4 ms), when connection 2 delivers the same content, pushed again, before
      // connection 3 is subscribed.
      const pushed = accountFrame(HOUR + 1_000);
      const again = pushedAgain(pushed.event, 2 * HOUR + 5);
      scheduler.schedule(() => server.sockets[0]?.deliver(pushed.frame), HOUR + 1_000);
      scheduler.schedule(() => server.sockets[1]?.deliver(again.frame), 2 * HOUR + 5);
      scheduler.schedule(() => subscription.unsubscribe(), 2 * HOUR + 1_000);
      flush();

      expect(kinds(events)).toEqual(['connected', 'rolled-over', 'account', 'account', 'rolled-over']);
      expect(events.filter((e) => e.type === 'account')).toEqual([pushed.event, again.event]);
      expect(server.sockets).toHaveLength(3);
    });
  });
});
