/**
 * Marble tests of the stale flag: a gap makes the snapshots stale, a resync requested after it makes
 * them fresh again, and nothing else does (a failed resync, a seed from before the gap, no resync).
 */
import { describe, expect, it } from '@jest/globals';
import { map, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import type { BalanceSeed } from '../../src/operators/state/balance-state.js';
import type { OrderSeed } from '../../src/operators/state/order-state.js';
import type { Freshness } from '../../src/operators/refreshable.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import type { GapEvent } from '../../src/stream/lifecycle.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, gapEvent, orderEvent, T0 } from './fixtures.js';

function scheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/** What the marbles compare: the freshness of each snapshot. */
function freshness<T extends Freshness>(source: Observable<T>): Observable<{ stale: boolean; cause: string }> {
  return source.pipe(map((s) => ({ stale: s.stale, cause: s.cause })));
}

const fresh = { stale: false, cause: 'event' };
const staleEvent = { stale: true, cause: 'event' };
const gapped = { stale: true, cause: 'gap' };
const resynced = { stale: false, cause: 'resync' };
const resyncFailed = { stale: true, cause: 'resync-failed' };
const seeded = { stale: false, cause: 'seed' };
/** The first snapshot, emitted on subscription: empty, fresh without a seed, stale while one is on its way. */
const started = { stale: false, cause: 'start' };
const seedPending = { stale: true, cause: 'seed-pending' };

const ID = 'C02__505979017439002624115';
const gap: GapEvent = gapEvent(T0 + 10, T0 + 20);
const orderValues: Record<string, UserDataEvent> = {
  a: orderEvent({ orderId: ID, sendTime: T0 }),
  b: orderEvent({ orderId: 'C02__2', sendTime: T0 + 30 }),
  c: orderEvent({ orderId: 'C02__3', sendTime: T0 + 40 }),
  g: gap,
};
const orderSeed: OrderSeed = {
  orderId: ID,
  symbol: 'MXUSDT',
  side: 'BUY',
  orderType: 'LIMIT',
  price: '3.5',
  quantity: '10',
  amount: '35',
  status: 'PARTIALLY_FILLED',
  cumulativeQuantity: '4',
  cumulativeAmount: '14',
  remainQuantity: '6',
  remainAmount: '21',
  avgPrice: '3.5',
  createTime: T0,
  updatedAt: T0 + 15,
};

describe('reduceOrders: stale from a gap until a resync', () => {
  it('marks the book stale on a gap, keeps it stale while events flow, and clears it when the resync answers', () => {
    scheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-g-b---c-|', orderValues);
      const answer = cold('----r|', { r: [orderSeed] });
      const books = source.pipe(reduceOrders({ resync: () => answer }));
      expectObservable(freshness(books)).toBe('za-g-b-r-c-|', { z: started, a: fresh, g: gapped, b: staleEvent, r: resynced, c: fresh });
      expectSubscriptions(answer.subscriptions).toBe('---^---!');
    });
  });

  it('merges the resync into the book: the seeded order is advanced', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('-a-g---|', orderValues);
      const books = source.pipe(
        reduceOrders({ resync: () => cold('--r|', { r: [orderSeed] }) }),
        map((b) => b.orders.get(ID)?.cumulativeQuantity),
      );
      expectObservable(books).toBe('za-g-r-|', { z: undefined, a: '0', g: '0', r: '4' });
    });
  });

  it('cancels a resync still in flight on a newer gap; only the resync after the last gap clears the flag', () => {
    scheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-g-g------|', orderValues);
      const answer = cold('----r|', { r: [orderSeed] });
      const books = source.pipe(reduceOrders({ resync: () => answer }));
      expectObservable(freshness(books)).toBe('za-g-g---r--|', { z: started, a: fresh, g: gapped, r: resynced });
      expectSubscriptions(answer.subscriptions).toBe(['---^-!', '-----^---!']);
    });
  });

  it('stays stale when the resync fails, and says why', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('-a-g---b-|', orderValues);
      const failure = new Error('503');
      const books = source.pipe(reduceOrders({ resync: () => cold('--#', undefined, failure) }));
      expectObservable(freshness(books)).toBe('za-g-f-b-|', { z: started, a: fresh, g: gapped, f: resyncFailed, b: staleEvent });
      expectObservable(books.pipe(map((b) => b.error))).toBe('za-g-f-b-|', { z: undefined, a: undefined, g: undefined, f: failure, b: undefined });
    });
  });

  it('marks UNKNOWN_OUTCOME the open orders the resync no longer lists, unless they had news after the request', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('-a-b-g-c---|', { ...orderValues, c: orderEvent({ orderId: 'C02__2', status: 'PARTIALLY_FILLED', cumulativeQuantity: '1', sendTime: T0 + 50 }) });
      const books = source.pipe(reduceOrders({ resync: () => cold('----r|', { r: [] }) }));
      const view = books.pipe(map((b) => [b.orders.get(ID)?.status, b.orders.get('C02__2')?.status, b.removed.length]));
      expectObservable(view).toBe('za-b-g-c-r-|', {
        z: [undefined, undefined, 0],
        a: ['NEW', undefined, 0],
        b: ['NEW', 'NEW', 0],
        g: ['NEW', 'NEW', 0],
        c: ['NEW', 'PARTIALLY_FILLED', 0],
        r: ['UNKNOWN_OUTCOME', 'PARTIALLY_FILLED', 0],
      });
    });
  });

  it('stays stale for good without a resync', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const source = hot('-a-g-b-c-|', orderValues);
      expectObservable(freshness(source.pipe(reduceOrders()))).toBe('za-g-b-c-|', { z: started, a: fresh, g: gapped, b: staleEvent, c: staleEvent });
    });
  });

  it('is stale until the seed arrives', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('-a----b-|', orderValues);
      const books = source.pipe(reduceOrders({ seed: cold('---s|', { s: [orderSeed] }) }));
      expectObservable(freshness(books)).toBe('za-s--b-|', { z: seedPending, a: staleEvent, s: seeded, b: fresh });
    });
  });
});

const USDT_SEED: readonly BalanceSeed[] = [{ asset: 'USDT', free: '100', locked: '0' }];
const balanceValues: Record<string, UserDataEvent> = {
  a: accountEvent({ asset: 'USDT', free: '90', frozen: '10', freeChange: '-10', frozenChange: '10', time: T0 }),
  b: accountEvent({ asset: 'USDT', free: '80', frozen: '20', freeChange: '-10', frozenChange: '10', time: T0 + 30 }),
  g: gap,
};

describe('balanceSnapshots: stale from a gap until a resync', () => {
  it('marks the balances stale on a gap and clears the flag when the resync answers', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('-a-g-b---|', balanceValues);
      const resync = cold('----r|', { r: [{ asset: 'USDT', free: '75', locked: '20' }] });
      const snapshots = source.pipe(balanceSnapshots({ resync: () => resync }));
      expectObservable(freshness(snapshots)).toBe('za-g-b-r-|', { z: started, a: fresh, g: gapped, b: staleEvent, r: resynced });
    });
  });

  it('takes the resync for assets without news since the request, and keeps newer events', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('-a-g-b---|', balanceValues);
      const resync = cold('----r|', { r: [{ asset: 'USDT', free: '75', locked: '20' }] });
      const usdt = source.pipe(
        balanceSnapshots({ resync: () => resync }),
        map((s) => s.balances.get('USDT')?.free),
      );
      // b arrived after the resync was requested: it is at least as new as the answer.
      expectObservable(usdt).toBe('za-g-b-r-|', { z: undefined, a: '90', g: '90', b: '80', r: '80' });
    });
  });

  it('is stale until the seed arrives; a seed in flight across a gap does not clear the flag', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('-a-g-----|', balanceValues);
      const snapshots = source.pipe(balanceSnapshots({ seed: cold('------s|', { s: USDT_SEED }) }));
      expectObservable(freshness(snapshots)).toBe('za-g--s--|', { z: seedPending, a: staleEvent, g: gapped, s: { stale: true, cause: 'seed' } });
    });
  });

  it('clears the flag with the seed when no gap comes first', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const source = hot('------b-|', balanceValues);
      const snapshots = source.pipe(balanceSnapshots({ seed: cold('--s|', { s: USDT_SEED }) }));
      expectObservable(freshness(snapshots)).toBe('z-s---b-|', { z: seedPending, s: seeded, b: fresh });
    });
  });
});
