import { describe, expect, it } from '@jest/globals';
import { BehaviorSubject, map, scan, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { ValidationError } from '../../src/errors.js';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import { perAccount, perAccountWith } from '../../src/scale/per-account.js';
import type { TaggedEvent } from '../../src/scale/tagged-event.js';
import { userDataStreams, type AccountSet } from '../../src/scale/user-data-streams.js';
import type { ListenKeySource } from '../../src/stream/listen-key-source.js';
import { StreamFatalError } from '../../src/stream/user-data-stream.js';
import { FakeServer } from '../stream-lifecycle/fake-socket.js';
import { accountFrame } from '../stream-lifecycle/harness.js';
import { AccountKeys, socketOf, wsUrl } from './fixtures.js';

function scheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const names = (count: number): string[] => Array.from({ length: count }, (_, i) => `acct${String(i).padStart(2, '0')}`);

describe('userDataStreams (virtual time)', () => {
  it('paces starts: key creations spaced by 1000 / startsPerSecond, at most maxConcurrentStarts under way', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      // Each socket takes 400 ms to open and 400 ms more to confirm the subscription.
      const server = new FakeServer(s, 400);
      const keys = new AccountKeys(s);
      const accounts = names(10);
      const events: TaggedEvent[] = [];
      const subscription = userDataStreams(new BehaviorSubject<AccountSet>(new Map(accounts.map((a) => [a, keys.source(a)]))), {
        wsUrl,
        scheduler: s,
        webSocketFactory: server.factory,
        maxConcurrentStarts: 3,
        startsPerSecond: 5,
      }).subscribe((e) => events.push(e));
      s.schedule(() => subscription.unsubscribe(), 10_000);
      flush();

      const creates = keys.of('create');
      expect(creates.map((c) => c.account).sort()).toEqual(accounts);
      const connectedAt = new Map(events.flatMap((e) => (e.event.type === 'connected' ? [[e.account, e.event.at] as const] : [])));
      expect(connectedAt.size).toBe(10);
      for (let i = 1; i < creates.length; i++) expect(creates[i]!.at - creates[i - 1]!.at).toBeGreaterThanOrEqual(200);
      // Starts under way (key asked for, not yet connected) at each creation: never more than 3.
      for (const c of creates) {
        const underWay = creates.filter((o) => o.at <= c.at && (connectedAt.get(o.account) ?? Infinity) > c.at).length;
        expect(underWay).toBeLessThanOrEqual(3);
      }
      // The concurrency limit did bind: with 800 ms per start, 10 starts at 5/s take longer than 2 s.
      expect(Math.max(...connectedAt.values())).toBeGreaterThan(3000);
      // Everything closed at the end: every key DELETEd.
      expect(keys.of('close').map((c) => c.account).sort()).toEqual(accounts);
    });
  });

  it('keeps the others going when one account fails, and stops a removed account (its key DELETEd)', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const server = new FakeServer(s, 1);
      const keys = new AccountKeys(s);
      const sources = new Map<string, ListenKeySource>([
        ['a', keys.source('a')],
        ['b', keys.source('b')],
        ['c', keys.source('c', { refuse: true })],
      ]);
      const accounts$ = new BehaviorSubject<AccountSet>(sources);
      const events: TaggedEvent[] = [];
      const subscription = userDataStreams(accounts$, { wsUrl, scheduler: s, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      const pushes = { a: [] as number[], b: [] as number[] };
      for (const t of [1000, 2000, 6000]) {
        s.schedule(() => {
          for (const account of ['a', 'b'] as const) {
            const socket = socketOf(server, account);
            if (socket) {
              socket.deliver(accountFrame(t).frame);
              pushes[account].push(t);
            }
          }
        }, t);
      }
      s.schedule(() => accounts$.next(new Map([...sources].filter(([name]) => name !== 'b'))), 5000);
      s.schedule(() => subscription.unsubscribe(), 8000);
      flush();

      const of = (account: string): string[] => events.filter((e) => e.account === account).map((e) => e.event.type);
      expect(of('a')).toEqual(['connected', 'account', 'account', 'account']);
      expect(of('b')).toEqual(['connected', 'account', 'account', 'stopped']);
      expect(of('c')).toEqual(['stopped']);
      const failed = events.find((e) => e.account === 'c')?.event;
      expect(failed).toMatchObject({ type: 'stopped', reason: 'failed' });
      expect(failed?.type === 'stopped' && failed.error).toBeInstanceOf(StreamFatalError);
      expect(events.find((e) => e.account === 'b' && e.event.type === 'stopped')?.event).toEqual({ type: 'stopped', reason: 'removed', error: undefined, at: 5000 });
      // b's key was DELETEd when it was removed (at 5 s), a's when the last subscriber left.
      expect(keys.of('close', 'b').map((c) => c.at)).toEqual([5000]);
      expect(keys.of('close', 'a').map((c) => c.at)).toEqual([8000]);
      expect(pushes).toEqual({ a: [1000, 2000, 6000], b: [1000, 2000] });
      // c was tried once and not again: refused credentials need the user.
      expect(keys.of('create', 'c')).toHaveLength(1);
    });
  });

  it('restarts an account that comes with another provider, and a failed one given a new provider', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const server = new FakeServer(s, 1);
      const keys = new AccountKeys(s);
      const first = keys.source('a');
      const refused = keys.source('b', { refuse: true });
      const accounts$ = new BehaviorSubject<AccountSet>(new Map([['a', first], ['b', refused]]));
      const events: TaggedEvent[] = [];
      const subscription = userDataStreams(accounts$, { wsUrl, scheduler: s, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      // The same providers again: nothing restarts.
      s.schedule(() => accounts$.next(new Map([['a', first], ['b', refused]])), 1000);
      s.schedule(() => accounts$.next(new Map([['a', keys.source('a')], ['b', keys.source('b')]])), 2000);
      s.schedule(() => subscription.unsubscribe(), 3000);
      flush();
      const of = (account: string): string[] => events.filter((e) => e.account === account).map((e) => (e.event.type === 'stopped' ? `stopped:${e.event.reason}` : e.event.type));
      expect(of('a')).toEqual(['connected', 'stopped:replaced', 'connected']);
      expect(of('b')).toEqual(['stopped:failed', 'connected']);
      expect(keys.of('create', 'a').map((c) => c.at)).toEqual([0, 2000]);
      expect(keys.of('close', 'a').map((c) => c.at)).toEqual([2000, 3000]);
    });
  });

  it('runs state operators per account: a gap makes only its own account stale', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const server = new FakeServer(s, 1);
      const keys = new AccountKeys(s);
      const accounts$ = new BehaviorSubject<AccountSet>(new Map([['a', keys.source('a')], ['b', keys.source('b')]]));
      const merged = userDataStreams(accounts$, { wsUrl, scheduler: s, webSocketFactory: server.factory, random: () => 1 });
      const latest = new Map<string, { free: string | undefined; stale: boolean }>();
      const subscription = merged.pipe(perAccount(balanceSnapshots())).subscribe(({ account, value }) => {
        latest.set(account, { free: value.balances.get('USDT')?.free, stale: value.stale });
      });
      const pushedFree = new Map<string, string>();
      s.schedule(() => {
        for (const account of ['a', 'b', 'a']) {
          const { frame, event } = accountFrame(1000);
          socketOf(server, account)?.deliver(frame);
          pushedFree.set(account, event.free);
        }
      }, 1000);
      s.schedule(() => socketOf(server, 'a')?.drop(), 2000);
      s.schedule(() => subscription.unsubscribe(), 5000);
      flush();
      expect(latest.get('a')).toEqual({ free: pushedFree.get('a'), stale: true });
      expect(latest.get('b')).toEqual({ free: pushedFree.get('b'), stale: false });
      expect(pushedFree.get('a')).not.toBe(pushedFree.get('b'));
    });
  });

  it('completes an account operator when the account stops, and starts a fresh one when it comes back', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const server = new FakeServer(s, 1);
      const keys = new AccountKeys(s);
      const a = keys.source('a');
      const accounts$ = new BehaviorSubject<AccountSet>(new Map([['a', a]]));
      const made: string[] = [];
      const completed: string[] = [];
      const counts: number[] = [];
      const subscription = userDataStreams(accounts$, { wsUrl, scheduler: s, webSocketFactory: server.factory })
        .pipe(
          perAccountWith((account) => {
            made.push(account);
            return (events) => events.pipe(scan((n) => n + 1, 0), map((n) => n));
          }),
        )
        .subscribe({ next: ({ value }) => counts.push(value), complete: () => completed.push('all') });
      s.schedule(() => socketOf(server, 'a')?.deliver(accountFrame(100).frame), 100);
      s.schedule(() => accounts$.next(new Map()), 200);
      s.schedule(() => accounts$.next(new Map([['a', a]])), 300);
      s.schedule(() => subscription.unsubscribe(), 400);
      flush();
      expect(made).toEqual(['a', 'a']);
      // connected, account (run 1); connected (run 2, counting from 1 again).
      expect(counts).toEqual([1, 2, 1]);
      expect(completed).toEqual([]);
    });
  });

  it('passes on an error of the input, and goes on when the input completes', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const server = new FakeServer(s, 1);
      const keys = new AccountKeys(s);
      const failing = new Subject<AccountSet>();
      const errors: unknown[] = [];
      userDataStreams(failing, { wsUrl, scheduler: s, webSocketFactory: server.factory }).subscribe({ error: (e: unknown) => errors.push(e) });
      s.schedule(() => failing.next(new Map([['a', keys.source('a')]])), 10);
      s.schedule(() => failing.error(new Error('config store down')), 20);

      const completing = new Subject<AccountSet>();
      const events: TaggedEvent[] = [];
      const subscription = userDataStreams(completing, { wsUrl, scheduler: s, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      s.schedule(() => {
        completing.next(new Map([['b', keys.source('b')]]));
        completing.complete();
      }, 10);
      s.schedule(() => socketOf(server, 'b')?.deliver(accountFrame(50).frame), 50);
      s.schedule(() => subscription.unsubscribe(), 100);
      flush();
      expect(errors).toEqual([new Error('config store down')]);
      // The failed run's stream was stopped and its key DELETEd.
      expect(keys.of('close', 'a').map((c) => c.at)).toEqual([20]);
      expect(events.map((e) => e.event.type)).toEqual(['connected', 'account']);
    });
  });

  it('refuses pacing options that make no sense', () => {
    const none = new Subject<AccountSet>();
    expect(() => userDataStreams(none, { maxConcurrentStarts: 0 })).toThrow(ValidationError);
    expect(() => userDataStreams(none, { startsPerSecond: 0 })).toThrow(ValidationError);
    expect(() => userDataStreams(none, { startsPerSecond: Number.NaN })).toThrow(ValidationError);
    expect(() => userDataStreams(none, { startTimeoutMs: -1 })).toThrow(ValidationError);
  });

  it('reports an account whose stream cannot be made (no websocket URL) as failed, and starts the rest', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const server = new FakeServer(s, 1);
      const keys = new AccountKeys(s);
      const events: TaggedEvent[] = [];
      // No wsUrl and no client: the stream cannot be made. The options stay without wsUrl on purpose.
      const subscription = userDataStreams(new BehaviorSubject<AccountSet>(new Map([['a', keys.source('a')]])), {
        scheduler: s,
        webSocketFactory: server.factory,
      }).subscribe((e) => events.push(e));
      s.schedule(() => subscription.unsubscribe(), 10);
      flush();
      expect(events).toHaveLength(1);
      expect(events[0]?.event).toMatchObject({ type: 'stopped', reason: 'failed' });
      expect(events[0]?.event.type === 'stopped' && events[0].event.error).toBeInstanceOf(ValidationError);
    });
  });
});

describe('perAccount', () => {
  it('completes once the source and every account operator have completed', () => {
    const source = new Subject<TaggedEvent>();
    const values: string[] = [];
    let completed = false;
    source
      .pipe(perAccount((events) => events.pipe(map((e) => e.type))))
      .subscribe({ next: ({ account, value }) => values.push(`${account}:${value}`), complete: () => (completed = true) });
    source.next({ account: 'a', event: { type: 'connected', connection: 1, listenKey: '…', at: 1 } });
    source.next({ account: 'b', event: { type: 'connected', connection: 1, listenKey: '…', at: 1 } });
    source.next({ account: 'a', event: { type: 'stopped', reason: 'removed', error: undefined, at: 2 } });
    expect(completed).toBe(false);
    source.complete();
    expect(values).toEqual(['a:connected', 'b:connected']);
    expect(completed).toBe(true);
  });
});
