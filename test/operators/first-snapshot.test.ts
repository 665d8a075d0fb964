/**
 * The state operators start at once: the first snapshot is emitted synchronously on subscription,
 * before any event and past any coalescing window: empty and fresh without a seed (`start`), empty
 * and stale while the seed is on its way (`seed-pending`), the seed's own when it answers at once.
 * A consumer that takes that first snapshot and leaves never opens the source.
 */
import { describe, expect, it } from '@jest/globals';
import { combineLatest, map, NEVER, Observable, of, Subject, take, type OperatorFunction } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import type { Freshness } from '../../src/operators/refreshable.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import type { BalanceSeed } from '../../src/operators/state/balance-state.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, orderEvent, T0 } from './fixtures.js';

interface Shown extends Freshness {
  readonly size: number;
  readonly version: number;
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

type Maker = (options: { seed?: Observable<never[]>; coalesce?: { everyMs: number } }) => OperatorFunction<UserDataEvent, Shown>;

/** Both operators, their snapshots cut to what every snapshot has. */
const OPERATORS: readonly (readonly [string, Maker])[] = [
  ['reduceOrders', (options) => (source) => source.pipe(reduceOrders(options), map((b) => ({ ...b, size: b.orders.size })))],
  ['balanceSnapshots', (options) => (source) => source.pipe(balanceSnapshots(options), map((s) => ({ ...s, size: s.balances.size })))],
];

const summary = ({ size, stale, gap, cause, error, version, changed, removed }: Shown) => ({ size, stale, gap, cause, error, version, changed, removed });
const started = { size: 0, stale: false, gap: undefined, cause: 'start', error: undefined, version: 1, changed: [], removed: [] };
const pending = { ...started, stale: true, cause: 'seed-pending' };

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

describe.each(OPERATORS)('%s: the first snapshot', (_name, operator) => {
  it('is emitted before subscribe returns: empty and fresh without a seed, before the source sends anything', () => {
    const seen: Shown[] = [];
    const events = new Subject<UserDataEvent>();
    const subscription = events.pipe(operator({})).subscribe((s) => seen.push(s));
    expect(seen.map(summary)).toEqual([started]);
    subscription.unsubscribe();
  });

  it('is empty and stale, saying the seed is pending, while the seed is on its way', () => {
    const seen: Shown[] = [];
    const seed = new Subject<never[]>();
    new Subject<UserDataEvent>().pipe(operator({ seed })).subscribe((s) => seen.push(s));
    expect(seen.map(summary)).toEqual([pending]);
    seed.next([]);
    expect(seen.map((s) => [s.cause, s.stale, s.version])).toEqual([
      ['seed-pending', true, 1],
      ['seed', false, 2],
    ]);
  });

  it('is the seed’s own when the seed answers at once: no empty snapshot before it', () => {
    const seen: Shown[] = [];
    new Subject<UserDataEvent>().pipe(operator({ seed: of([]) })).subscribe((s) => seen.push(s));
    expect(seen.map(summary)).toEqual([{ ...started, cause: 'seed' }]);
  });

  it('is not held back by a coalescing window; what follows is coalesced as before', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ hot, expectObservable }) => {
      const events = hot<UserDataEvent>('--(ab)', {
        a: orderEvent({ orderId: 'C02__1' }),
        b: accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 }),
      });
      const causes = events.pipe(operator({ coalesce: { everyMs: 10 } }), map((s) => s.cause));
      // The first snapshot at 0; the window the events opened at 2 closes at 12.
      expectObservable(causes).toBe('s-----------e', { s: 'start', e: 'event' });
    });
  });

  it('is emitted at the subscription frame, stale until the seed answers', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ hot, cold, expectObservable }) => {
      const events = hot<UserDataEvent>('-----');
      const seed = cold<never[]>('---s|', { s: [] });
      expectObservable(events.pipe(operator({ seed }), map((s) => [s.cause, s.stale])), '^ 10ms !').toBe('p--s', {
        p: ['seed-pending', true],
        s: ['seed', false],
      });
    });
  });

  it('is all a consumer that takes one snapshot sees: the source is never opened, the seed is cancelled', () => {
    const source = counted<UserDataEvent>(NEVER);
    const seed = counted<never[]>(NEVER);
    const seen: Shown[] = [];
    // As `firstValueFrom`, `take(1)` and Svelte's `get(store)` do: subscribe, and leave within the first callback.
    const subscription = source.observable.pipe(operator({ seed: seed.observable }), take(1)).subscribe((s) => seen.push(s));
    expect(seen.map(summary)).toEqual([pending]);
    expect([subscription.closed, source.active(), seed.active()]).toEqual([true, 0, 0]);
  });
});

describe('the state operators together', () => {
  it('give combineLatest of orders and balances a value before trading begins', () => {
    const events = new Subject<UserDataEvent>();
    const seed = new Subject<readonly BalanceSeed[]>();
    const seen: string[] = [];
    combineLatest([events.pipe(reduceOrders()), events.pipe(balanceSnapshots({ seed }))]).subscribe(([orders, balances]) =>
      seen.push(`${orders.orders.size} orders (${orders.cause}), ${balances.balances.size} balances (${balances.cause})`),
    );
    expect(seen).toEqual(['0 orders (start), 0 balances (seed-pending)']);
    seed.next([{ asset: 'USDT', free: '10', locked: '0' }]);
    events.next(orderEvent({ orderId: 'C02__1' }));
    expect(seen).toEqual(['0 orders (start), 0 balances (seed-pending)', '0 orders (start), 1 balances (seed)', '1 orders (event), 1 balances (seed)']);
  });
});
