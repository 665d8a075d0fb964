/**
 * The plumbing the state operators share (refreshingReducer), at its edges: what a book that throws
 * does, errors and completion of the source, unsubscribing (the source, a refresh in flight, a
 * coalescing window), and which gap or refresh names a coalesced snapshot. In virtual time where
 * time matters.
 */
import { describe, expect, it } from '@jest/globals';
import { map, NEVER, Observable, of, Subject, type Observer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import type { BalanceSnapshot } from '../../src/operators/state/balance-book.js';
import type { BalanceSeed } from '../../src/operators/state/balance-state.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, gapEvent, orderEvent, T0 } from './fixtures.js';

/** Everything an Observable delivered, as one list. */
function recorder<T>(): { readonly seen: unknown[]; readonly observer: Observer<T> } {
  const seen: unknown[] = [];
  return {
    seen,
    observer: {
      next: (value) => seen.push(['next', value]),
      error: (error: unknown) => seen.push(['error', error]),
      complete: () => seen.push(['complete']),
    },
  };
}

/** An Observable that counts its subscribers still subscribed. */
function counted<T>(source: Observable<T>): { readonly observable: Observable<T>; active: () => number } {
  let active = 0;
  const observable = new Observable<T>((subscriber) => {
    active += 1;
    const inner = source.subscribe(subscriber);
    return () => {
      active -= 1;
      inner.unsubscribe();
    };
  });
  return { observable, active: () => active };
}

const summary = (s: BalanceSnapshot) => [s.cause, s.stale, s.version];

describe('refreshingReducer', () => {
  it('fails with the error a book throws on an event, and takes nothing after it', () => {
    const events = new Subject<UserDataEvent>();
    const { seen, observer } = recorder<BalanceSnapshot>();
    events.pipe(balanceSnapshots()).subscribe(observer);
    events.next(accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 }));
    events.next(accountEvent({ asset: 'USDT', free: 'abc', frozen: '0', time: T0 + 1 }));
    events.next(accountEvent({ asset: 'USDT', free: '2', frozen: '0', time: T0 + 2 }));
    // The first snapshot (on subscription), the event's, then the error.
    expect(seen).toHaveLength(3);
    expect(seen[2]).toEqual(['error', new RangeError('not a decimal: "abc"')]);
    expect(events.observed).toBe(false);
  });

  it('fails with the error a book throws on a refresh, and emits no snapshot for it', () => {
    const { seen, observer } = recorder<BalanceSnapshot>();
    const seed = of<readonly BalanceSeed[]>([{ asset: 'USDT', free: 'x', locked: '0' }]);
    const events = new Subject<UserDataEvent>();
    events.pipe(balanceSnapshots({ seed })).subscribe(observer);
    expect(seen).toEqual([['error', new RangeError('not a decimal: "x"')]]);
    // Failed before it started: the source was never opened.
    expect(events.observed).toBe(false);
  });

  it('passes on the error and the completion of the source', () => {
    const failure = new Error('socket');
    const failed = recorder<BalanceSnapshot>();
    new Observable<UserDataEvent>((subscriber) => subscriber.error(failure)).pipe(balanceSnapshots()).subscribe(failed.observer);
    // The first snapshot goes out on subscription, before the source is opened (and fails).
    expect(failed.seen.map((entry) => (entry as unknown[])[0])).toEqual(['next', 'error']);
    expect(failed.seen[1]).toEqual(['error', failure]);
    const completed = recorder<BalanceSnapshot>();
    of<UserDataEvent>(accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 })).pipe(balanceSnapshots()).subscribe(completed.observer);
    expect(completed.seen.map((entry) => (entry as unknown[])[0])).toEqual(['next', 'next', 'complete']);
  });

  it('unsubscribes from the source and from the refresh in flight when unsubscribed', () => {
    const events = new Subject<UserDataEvent>();
    const seed = counted<readonly BalanceSeed[]>(NEVER);
    const resync = counted<readonly BalanceSeed[]>(NEVER);
    const subscription = events.pipe(balanceSnapshots({ seed: seed.observable, resync: () => resync.observable })).subscribe();
    expect([events.observed, seed.active(), resync.active()]).toEqual([true, 1, 0]);
    events.next(gapEvent(T0, T0 + 1));
    // The gap's resync replaced the seed still in flight.
    expect([seed.active(), resync.active()]).toEqual([0, 1]);
    subscription.unsubscribe();
    expect([events.observed, resync.active()]).toEqual([false, 0]);
  });

  it('unsubscribes cleanly when nothing is in flight, with or without a window', () => {
    for (const coalesce of [undefined, { everyMs: 10 }]) {
      const events = new Subject<UserDataEvent>();
      const subscription = events.pipe(reduceOrders(coalesce === undefined ? {} : { coalesce })).subscribe();
      expect(() => subscription.unsubscribe()).not.toThrow();
      expect(events.observed).toBe(false);
    }
  });

  it('names a coalesced snapshot after the window’s gap even when events follow it, and the next window after its own', () => {
    const values: Record<string, UserDataEvent> = {
      a: orderEvent({ orderId: 'C02__1', sendTime: T0 }),
      b: orderEvent({ orderId: 'C02__2', sendTime: T0 + 1 }),
      g: gapEvent(T0, T0 + 1),
    };
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ cold, expectObservable }) => {
      const books = cold('(gab)--a', values).pipe(
        reduceOrders({ coalesce: { everyMs: 2 } }),
        map((b) => [b.cause, b.stale, b.changed]),
      );
      // The first snapshot is never held back by the window.
      expectObservable(books).toBe('z-x', { z: ['start', false, []], x: ['gap', true, ['C02__1', 'C02__2']] });
      const later = cold('(ga)--b', values).pipe(
        reduceOrders({ coalesce: { everyMs: 2 } }),
        map((b) => [b.cause, b.stale, b.changed]),
      );
      expectObservable(later).toBe('z-x-----y', { z: ['start', false, []], x: ['gap', true, ['C02__1']], y: ['event', true, ['C02__2']] });
    });
  });

  it('keeps a seed-failed snapshot’s error to that snapshot: the event snapshots after it carry none', () => {
    const failure = new Error('503');
    const events: UserDataEvent[] = [accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 })];
    const seen: BalanceSnapshot[] = [];
    const failing = new Observable<readonly BalanceSeed[]>((subscriber) => subscriber.error(failure));
    of(...events).pipe(balanceSnapshots({ seed: failing })).subscribe((s) => seen.push(s));
    expect(seen.map(summary)).toEqual([
      ['seed-failed', true, 1],
      ['event', true, 2],
    ]);
    expect([seen[0]?.error, seen[1]?.error]).toEqual([failure, undefined]);
  });
});
