/**
 * Coalesced snapshots for UI feeds (`coalesce`): at most one snapshot per window of the scheduler,
 * holding every change of the window (nothing lost, only the in-between states), immutable and
 * comparable by reference; the window's gap or refresh names it; completion flushes, unsubscribing
 * cancels; a bad option is refused when the operator is made. All in virtual time.
 */
import { describe, expect, it } from '@jest/globals';
import { last, lastValueFrom, map, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { ValidationError, type CoalesceOption } from '../../src/index.js';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import type { OrderBook } from '../../src/operators/state/order-book.js';
import type { OrderSeed } from '../../src/operators/state/order-state.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, dealEvent, gapEvent, orderEvent, T0 } from './fixtures.js';

function scheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const A = 'C02__1';
const B = 'C02__2';
const C = 'C02__3';
const filledA = { status: 'FILLED', cumulativeQuantity: '10', cumulativeAmount: '35', remainQuantity: '0', remainAmount: '0' } as const;
const events: Record<string, UserDataEvent> = {
  a: orderEvent({ orderId: A, sendTime: T0 }),
  b: orderEvent({ orderId: B, sendTime: T0 + 1 }),
  c: orderEvent({ orderId: C, sendTime: T0 + 2 }),
  f: dealEvent({ orderId: A, tradeId: 'T1', sendTime: T0 + 3 }),
  x: orderEvent({ orderId: A, ...filledA, sendTime: T0 + 4 }),
  g: gapEvent(T0 + 5, T0 + 6),
};

interface Summary {
  readonly version: number;
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly cause: string;
  readonly stale: boolean;
}

/** What the marbles compare of a book. */
function summary(source: Observable<OrderBook>): Observable<Summary> {
  return source.pipe(map(({ version, changed, removed, cause, stale }) => ({ version, changed, removed, cause, stale })));
}

const snapshot = (version: number, changed: readonly string[], extra: Partial<Summary> = {}): Summary => ({
  version,
  changed,
  removed: [],
  cause: 'event',
  stale: false,
  ...extra,
});

/** The first snapshot, emitted on subscription, past the window: empty and fresh (no seed). */
const started = snapshot(1, [], { cause: 'start' });

describe('reduceOrders({ coalesce })', () => {
  it('emits one snapshot per window of its scheduler, listing every order the window changed', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const source = cold('(abc)-(fa)--x', events);
      expectObservable(summary(source.pipe(reduceOrders({ coalesce: ts })))).toBe('(wx)--y-----z', {
        w: started,
        x: snapshot(2, [A, B, C]),
        y: snapshot(3, [A]),
        z: snapshot(4, [A]),
      });
    });
  });

  it('ends in the state one snapshot per event ends in, and its snapshots stay as they were emitted', async () => {
    const ts = scheduler();
    const kept: OrderBook[] = [];
    ts.run(({ cold }) => {
      cold('(abc)-(fa)--x', events).pipe(reduceOrders({ coalesce: ts })).subscribe((book) => kept.push(book));
    });
    const uncoalesced = await lastValueFrom(of(...['a', 'b', 'c', 'f', 'a', 'x'].map((k) => events[k] as UserDataEvent)).pipe(reduceOrders(), last()));
    const [start, first, second, third] = kept as [OrderBook, OrderBook, OrderBook, OrderBook];
    expect([kept.length, start.orders.size, start.cause]).toEqual([4, 0, 'start']);
    expect(Object.fromEntries(third.orders)).toEqual(Object.fromEntries(uncoalesced.orders));
    // Old snapshots are untouched, changed states are new objects, unchanged ones the same object.
    expect(first.orders.get(A)?.fills).toEqual([]);
    expect(second.orders.get(A)?.fills).toHaveLength(1);
    expect(third.orders.get(A)?.status).toBe('FILLED');
    expect(second.orders).not.toBe(first.orders);
    expect(second.orders.get(A)).not.toBe(first.orders.get(A));
    expect(second.orders.get(B)).toBe(first.orders.get(B));
    expect(third.orders.get(C)).toBe(first.orders.get(C));
  });

  it('with { everyMs }, emits at most once per interval, the first update of a quiet spell waiting that long', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const source = cold('a-b------c', events);
      expectObservable(summary(source.pipe(reduceOrders({ coalesce: { everyMs: 4, scheduler: ts } })))).toBe('w---x--------y', {
        w: started,
        x: snapshot(2, [A, B]),
        y: snapshot(3, [C]),
      });
    });
  });

  it('names the snapshot after the window’s gap, or after the resync that answered it in the same window', () => {
    const seed: OrderSeed = { ...orderEvent({ orderId: A, ...filledA }), updatedAt: T0 + 7 };
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(summary(cold('(ag)', events).pipe(reduceOrders({ coalesce: { everyMs: 1 } })))).toBe('wx', {
        w: started,
        x: snapshot(2, [A], { cause: 'gap', stale: true }),
      });
      const resync = (): Observable<OrderSeed[]> => of([seed]);
      expectObservable(summary(cold('(ag)', events).pipe(reduceOrders({ coalesce: { everyMs: 1 }, resync })))).toBe('wx', {
        w: started,
        x: snapshot(2, [A], { cause: 'resync', stale: false }),
      });
    });
  });

  it('emits what is pending when the source completes, and nothing after an unsubscribe', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(summary(cold('(ab|)', events).pipe(reduceOrders({ coalesce: { everyMs: 10 } })))).toBe('(wx|)', { w: started, x: snapshot(2, [A, B]) });
      // Only the first snapshot, emitted on subscription: the window open at the unsubscription is dropped.
      expectObservable(summary(cold('a', events).pipe(reduceOrders({ coalesce: { everyMs: 10 } }))), '-----!').toBe('w', { w: started });
    });
  });

  it.each<[string, unknown]>([
    ['zero ms', { everyMs: 0 }],
    ['NaN ms', { everyMs: Number.NaN }],
    ['no interval', {}],
    ['a number', 16],
    ['null', null],
    ['a scheduler that is not one', { everyMs: 5, scheduler: {} }],
  ])('refuses %s when the operator is made', (_name, coalesce) => {
    expect(() => reduceOrders({ coalesce: coalesce as CoalesceOption })).toThrow(ValidationError);
    expect(() => balanceSnapshots({ coalesce: coalesce as CoalesceOption })).toThrow(ValidationError);
  });
});

describe('balanceSnapshots({ coalesce })', () => {
  it('emits one snapshot per window with every asset the window changed and the latest balances', () => {
    const accounts: Record<string, UserDataEvent> = {
      u: accountEvent({ asset: 'USDT', free: '10', frozen: '5', time: T0 }),
      m: accountEvent({ asset: 'MX', free: '1', frozen: '0', time: T0 }),
      v: accountEvent({ asset: 'USDT', free: '9', frozen: '6', time: T0 + 1 }),
    };
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const snapshots = cold('(umv)--v', accounts).pipe(
        balanceSnapshots({ coalesce: ts }),
        map((s) => ({ version: s.version, changed: s.changed, usdt: s.balances.get('USDT')?.total, mx: s.balances.get('MX')?.total })),
      );
      expectObservable(snapshots).toBe('(wx)', {
        w: { version: 1, changed: [], usdt: undefined, mx: undefined },
        x: { version: 2, changed: ['USDT', 'MX'], usdt: '15', mx: '1' },
      });
    });
  });
});
