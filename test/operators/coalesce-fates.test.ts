/**
 * A coalesced snapshot's `changed` and `removed` tell the last fate of each key in its window: a
 * key removed, then made again before the window closed, is changed and not removed (a UI that
 * applies `removed` after `changed` would delete a live row). Tried as a careless user and as a
 * flood would: a placeholder evicted and made again, an asset a resync left out and an event brought
 * back, then random sequences of events, gaps, resyncs and window ends, where applying each
 * snapshot's `changed` and `removed` to the one before must give exactly its content. In virtual
 * time.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { map, of, Subject, VirtualTimeScheduler, type Observable, type SchedulerLike } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import type { BalanceSeed } from '../../src/operators/state/balance-state.js';
import type { OrderSeed } from '../../src/operators/state/order-state.js';
import type { OrderStatus } from '../../src/stream/events.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, dealEvent, gapEvent, orderEvent, T0 } from './fixtures.js';
import { sortedEntries } from './run.js';

const RUNS = { seed: 20_260_226, numRuns: 300 } as const;

function scheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

interface Update<V> {
  readonly content: ReadonlyMap<string, V>;
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

/**
 * Checks that `next` is `previous` with `next.changed` set and `next.removed` deleted, whichever of
 * the two lists a consumer applies first.
 */
function expectDelta<V>(previous: ReadonlyMap<string, V>, next: Update<V>): void {
  const changedThenRemoved = new Map(previous);
  for (const key of next.changed) changedThenRemoved.set(key, next.content.get(key) as V);
  for (const key of next.removed) changedThenRemoved.delete(key);
  const removedThenChanged = new Map(previous);
  for (const key of next.removed) removedThenChanged.delete(key);
  for (const key of next.changed) removedThenChanged.set(key, next.content.get(key) as V);
  expect(sortedEntries(changedThenRemoved)).toEqual(sortedEntries(next.content));
  expect(sortedEntries(removedThenChanged)).toEqual(sortedEntries(next.content));
  expect(new Set(next.changed).size).toBe(next.changed.length);
  expect(new Set(next.removed).size).toBe(next.removed.length);
}

describe('a coalesced order book tells each order’s last fate in the window', () => {
  it('a placeholder evicted, then made again by a later deal in the same window, is changed, not removed', () => {
    const events: Record<string, UserDataEvent> = {
      a: dealEvent({ orderId: 'X', tradeId: 'T1', sendTime: T0 }),
      b: dealEvent({ orderId: 'Y', tradeId: 'T2', sendTime: T0 + 1 }),
      c: dealEvent({ orderId: 'X', tradeId: 'T3', sendTime: T0 + 2 }),
    };
    scheduler().run(({ cold, expectObservable }) => {
      const books = cold('abc', events).pipe(
        reduceOrders({ maxPlaceholders: 1, coalesce: { everyMs: 30 } }),
        map((book) => ({ ids: [...book.orders.keys()], changed: book.changed, removed: book.removed })),
      );
      // Y was made and evicted within the window: removing it deletes nothing the UI holds.
      // `w`: the first snapshot, on subscription, empty.
      expectObservable(books).toBe('w 29ms x', { w: { ids: [], changed: [], removed: [] }, x: { ids: ['X'], changed: ['X'], removed: ['Y'] } });
    });
  });
});

describe('a coalesced balance snapshot tells each asset’s last fate in the window', () => {
  it('an asset a resync left out, then brought back by an event in the same window, is changed, not removed', () => {
    const events: Record<string, UserDataEvent> = {
      u: accountEvent({ asset: 'USDT', free: '10', frozen: '5', time: T0 }),
      g: gapEvent(T0 + 1, T0 + 2),
      v: accountEvent({ asset: 'USDT', free: '9', frozen: '6', time: T0 + 3 }),
    };
    const resync = (): Observable<BalanceSeed[]> => of([{ asset: 'MX', free: '1', locked: '0' }]);
    scheduler().run(({ cold, expectObservable }) => {
      const snapshots = cold('u 40ms gv', events).pipe(
        balanceSnapshots({ resync, coalesce: { everyMs: 30 } }),
        map((s) => ({ assets: [...s.balances.keys()].sort(), changed: [...s.changed].sort(), removed: s.removed })),
      );
      expectObservable(snapshots).toBe('w 29ms x 40ms y', {
        w: { assets: [], changed: [], removed: [] },
        x: { assets: ['USDT'], changed: ['USDT'], removed: [] },
        y: { assets: ['MX', 'USDT'], changed: ['MX', 'USDT'], removed: [] },
      });
    });
  });
});

/** One step of a random run: an event, a gap answered by a resync listing some keys, or a window's end. */
type Step<E> = { readonly kind: 'event'; readonly event: E } | { readonly kind: 'gap'; readonly listed: readonly number[] } | { readonly kind: 'flush' };

/**
 * Feeds `steps` to `operator` with a coalescing window on a virtual scheduler (a `flush` step ends
 * the window), and checks every snapshot against the one before.
 */
function runSteps<E extends UserDataEvent, S, V>(
  steps: readonly Step<E>[],
  operator: (coalesce: SchedulerLike, resync: () => Observable<readonly number[]>) => (source: Observable<UserDataEvent>) => Observable<S>,
  update: (snapshot: S) => Update<V>,
): void {
  const virtual = new VirtualTimeScheduler();
  const source = new Subject<UserDataEvent>();
  let listed: readonly number[] = [];
  let previous: ReadonlyMap<string, V> = new Map();
  // A failed expectation inside `next` would reach rxjs's unhandled-error hook, not the property.
  let failure: { readonly error: unknown } | undefined;
  operator(virtual, () => of(listed))(source).subscribe({
    next: (snapshot) => {
      const next = update(snapshot);
      try {
        expectDelta(previous, next);
      } catch (error: unknown) {
        failure ??= { error };
      }
      previous = next.content;
    },
    error: (error: unknown) => {
      failure ??= { error };
    },
  });
  let time = T0;
  for (const step of steps) {
    time += 1;
    if (step.kind === 'flush') virtual.flush();
    else if (step.kind === 'event') source.next(step.event);
    else {
      listed = step.listed;
      source.next(gapEvent(time, time));
    }
  }
  source.complete();
  if (failure) throw failure.error;
}

const IDS = ['A', 'B', 'C', 'D'];
const STATUSES: readonly OrderStatus[] = ['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'PARTIALLY_CANCELED'];

function orderSeed(index: number, time: number): OrderSeed {
  return { ...orderEvent({ orderId: IDS[index % IDS.length] as string, sendTime: time }), updatedAt: time };
}

const orderSteps = fc.array(
  fc.oneof(
    fc.record({ id: fc.constantFrom(...IDS), status: fc.constantFrom(...STATUSES), filled: fc.constantFrom('0', '1', '5', '10') }).map(
      ({ id, status, filled }): Step<UserDataEvent> => ({ kind: 'event', event: orderEvent({ orderId: id, status, cumulativeQuantity: filled }) }),
    ),
    fc.record({ id: fc.constantFrom(...IDS), trade: fc.integer({ min: 1, max: 6 }) }).map(
      ({ id, trade }): Step<UserDataEvent> => ({ kind: 'event', event: dealEvent({ orderId: id, tradeId: `T${trade}` }) }),
    ),
    fc.uniqueArray(fc.integer({ min: 0, max: IDS.length - 1 }), { maxLength: IDS.length }).map((listed): Step<UserDataEvent> => ({ kind: 'gap', listed })),
    fc.constant<Step<UserDataEvent>>({ kind: 'flush' }),
  ),
  { maxLength: 40 },
);

const ASSETS = ['USDT', 'MX', 'BTC'];

const balanceSteps = fc.array(
  fc.oneof(
    fc.record({ asset: fc.constantFrom(...ASSETS), free: fc.constantFrom('0', '1', '2.5'), frozen: fc.constantFrom('0', '3', '-30.26') }).map(
      ({ asset, free, frozen }): Step<UserDataEvent> => ({ kind: 'event', event: accountEvent({ asset, free, frozen, time: T0 }) }),
    ),
    fc.uniqueArray(fc.integer({ min: 0, max: ASSETS.length - 1 }), { maxLength: ASSETS.length }).map((listed): Step<UserDataEvent> => ({ kind: 'gap', listed })),
    fc.constant<Step<UserDataEvent>>({ kind: 'flush' }),
  ),
  { maxLength: 40 },
);

describe('applying a coalesced snapshot’s changed and removed to the one before gives exactly its content', () => {
  it('for the order book, over random events, gaps, resyncs, evictions and windows', () => {
    const limits = fc.record({ maxPlaceholders: fc.integer({ min: 0, max: 2 }), maxTerminalOrders: fc.integer({ min: 0, max: 2 }), maxForgottenIds: fc.integer({ min: 0, max: 2 }) });
    fc.assert(
      fc.property(limits, orderSteps, (settings, steps) => {
        // Events carry increasing times, so that a resync's report is not always older than the book's.
        const timed = steps.map((step, i) => (step.kind === 'event' ? { ...step, event: { ...step.event, sendTime: T0 + i } } : step));
        runSteps(
          timed,
          (coalesce, listed) => reduceOrders({ ...settings, coalesce, resync: () => listed().pipe(map((ids) => ids.map((id) => orderSeed(id, T0 + steps.length)))) }),
          (book) => ({ content: book.orders, changed: book.changed, removed: book.removed }),
        );
      }),
      RUNS,
    );
  });

  it('for the balances, over random events, gaps, resyncs and windows', () => {
    fc.assert(
      fc.property(balanceSteps, (steps) => {
        const timed = steps.map((step, i) => (step.kind === 'event' && step.event.type === 'account' ? { ...step, event: { ...step.event, time: T0 + i } } : step));
        const seedOf = (index: number): BalanceSeed => ({ asset: ASSETS[index] as string, free: '7', locked: '0' });
        runSteps(
          timed,
          (coalesce, listed) => balanceSnapshots({ coalesce, resync: () => listed().pipe(map((indexes) => indexes.map(seedOf))) }),
          (snapshot) => ({ content: snapshot.balances, changed: snapshot.changed, removed: snapshot.removed }),
        );
      }),
      RUNS,
    );
  });
});
