/**
 * balanceSnapshots: seeded from REST, then kept up to date by account events; reordered events
 * never regress a balance; totals are exact.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { of, Subject, throwError } from 'rxjs';
import type { BalanceSnapshot } from '../../src/operators/state/balance-book.js';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import type { BalanceSeed } from '../../src/operators/state/balance-state.js';
import type { AccountEvent } from '../../src/stream/events.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, dealEvent, gapEvent, orderEvent, T0 } from './fixtures.js';
import { delivery } from './lifecycles.js';
import { emitted, lastEmitted } from './run.js';

const SEED: readonly BalanceSeed[] = [
  { asset: 'USDT', free: '100', locked: '0' },
  { asset: 'MX', free: '5', locked: '1.25' },
];

/** A chain of USDT changes, each starting where the previous one ended. */
function usdtChain(steps: readonly { readonly free: string; readonly change: string; readonly time: number }[]): AccountEvent[] {
  return steps.map((s) => accountEvent({ asset: 'USDT', free: s.free, freeChange: s.change, frozen: '0', time: s.time }));
}

describe('balanceSnapshots', () => {
  it('starts from the seed (locked as frozen), then applies account events', () => {
    const events: UserDataEvent[] = [
      accountEvent({ asset: 'USDT', free: '90', frozen: '10', freeChange: '-10', frozenChange: '10', time: T0 + 1 }),
    ];
    const [seeded, updated] = emitted(events, balanceSnapshots({ seed: of(SEED) }));

    expect(seeded?.cause).toBe('seed');
    expect(seeded?.stale).toBe(false);
    expect(seeded?.balances.get('MX')).toEqual({ asset: 'MX', free: '5', frozen: '1.25', total: '6.25', updatedAt: undefined });
    expect(seeded?.balances.get('USDT')).toEqual({ asset: 'USDT', free: '100', frozen: '0', total: '100', updatedAt: undefined });

    expect(updated?.changed).toEqual(['USDT']);
    expect(updated?.balances.get('USDT')).toEqual({ asset: 'USDT', free: '90', frozen: '10', total: '100', updatedAt: T0 + 1 });
    expect(updated?.balances.get('MX')).toBe(seeded?.balances.get('MX'));
  });

  it('takes free as the available balance and adds frozen exactly for the total', () => {
    const book = lastEmitted(
      [
        accountEvent({ asset: 'USDT', free: '0.1', frozen: '0.2', time: T0 }),
        accountEvent({ asset: 'BTC', free: '12345678901234567890.123456789', frozen: '0.000000001', time: T0 }),
        accountEvent({ asset: 'ETH', free: '0.00000001', frozen: '0', time: T0 }),
      ],
      balanceSnapshots(),
    );
    expect(book.balances.get('USDT')?.total).toBe('0.3');
    expect(book.balances.get('BTC')?.total).toBe('12345678901234567890.12345679');
    expect(book.balances.get('ETH')?.total).toBe('0.00000001');
  });

  it('keeps what an event set while the seed was in flight: the event is at least as new', () => {
    const events = new Subject<UserDataEvent>();
    const seed = new Subject<readonly BalanceSeed[]>();
    const seen: BalanceSnapshot[] = [];
    events.pipe(balanceSnapshots({ seed })).subscribe((s) => seen.push(s));

    events.next(accountEvent({ asset: 'USDT', free: '90', frozen: '10', time: T0 + 1 }));
    // The first snapshot (on subscription) says the seed is pending; the event's is stale too.
    expect(seen.map((s) => [s.cause, s.stale])).toEqual([
      ['seed-pending', true],
      ['event', true],
    ]);
    seed.next(SEED);

    const last = seen[seen.length - 1];
    expect(last?.stale).toBe(false);
    expect(last?.balances.get('USDT')?.free).toBe('90');
    expect(last?.balances.get('MX')?.free).toBe('5');
    expect(last?.changed).toEqual(['MX']);
  });

  it('drops an account event older than the one that set the balance', () => {
    const [t1, t2, t3] = usdtChain([
      { free: '90', change: '-10', time: T0 + 1 },
      { free: '80', change: '-10', time: T0 + 2 },
      { free: '70', change: '-10', time: T0 + 3 },
    ]);
    if (!t1 || !t2 || !t3) throw new Error('fixture');
    const snapshots = emitted([t3, t1, t2, t3], balanceSnapshots());
    // The first snapshot, then t3's: the older events and the repeat emit nothing.
    expect(snapshots.map((s) => s.cause)).toEqual(['start', 'event']);
    expect(snapshots[1]?.balances.get('USDT')?.free).toBe('70');
  });

  it('orders events of the same millisecond by their changes', () => {
    // 100 -> 90 -> 80, both settled at T0: delivered backwards, the first must not undo the second.
    const [first, second] = usdtChain([
      { free: '90', change: '-10', time: T0 },
      { free: '80', change: '-10', time: T0 },
    ]);
    if (!first || !second) throw new Error('fixture');
    expect(lastEmitted([second, first], balanceSnapshots()).balances.get('USDT')?.free).toBe('80');
    expect(lastEmitted([first, second], balanceSnapshots()).balances.get('USDT')?.free).toBe('80');
  });

  it('at the same millisecond, applies an event that undoes the one before it (100 -> 90 -> 100)', () => {
    const spend = accountEvent({ asset: 'USDT', free: '90', freeChange: '-10', frozen: '0', time: T0 });
    const refund = accountEvent({ asset: 'USDT', free: '100', freeChange: '10', frozen: '0', time: T0 });
    expect(lastEmitted([spend, refund], balanceSnapshots()).balances.get('USDT')?.free).toBe('100');
    // (Delivered backwards each follows the other, 100 -> 90 being as likely as 90 -> 100: arrival
    // order decides, and no rule can do better.)
  });

  it('at the same millisecond, takes an event unrelated to the one before it in arrival order', () => {
    // Neither event's balance before its change is the other's after: nothing tells their order.
    const one = accountEvent({ asset: 'USDT', free: '5', freeChange: '1', frozen: '0', time: T0 });
    const other = accountEvent({ asset: 'USDT', free: '20', freeChange: '3', frozen: '0', time: T0 });
    expect(lastEmitted([one, other], balanceSnapshots()).balances.get('USDT')?.free).toBe('20');
    expect(lastEmitted([other, one], balanceSnapshots()).balances.get('USDT')?.free).toBe('5');
  });

  it('at the same millisecond, tells events apart by the frozen amount too, not the free one alone', () => {
    // Free stays 10 throughout: 2 frozen from 12 free, then the 2 released to nothing (a fee).
    const freeze = accountEvent({ asset: 'USDT', free: '10', freeChange: '-2', frozen: '2', frozenChange: '2', time: T0 });
    const release = accountEvent({ asset: 'USDT', free: '10', freeChange: '0', frozen: '0', frozenChange: '-2', time: T0 });
    expect(lastEmitted([freeze, release], balanceSnapshots()).balances.get('USDT')).toMatchObject({ free: '10', frozen: '0' });
  });

  it('ends at the latest balance whatever order and duplication the events come in', () => {
    const chain = fc
      .array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 8 })
      .map((amounts) => {
        let time = T0;
        return amounts.map((cents, i) => {
          time += 1 + (i % 3);
          return accountEvent({ asset: 'USDT', free: `${cents / 100}`, frozen: `${i}.5`, time });
        });
      });
    fc.assert(
      fc.property(
        chain.chain((events) => fc.tuple(fc.constant(events), delivery(events))),
        ([events, delivered]) => {
          const latest = events[events.length - 1];
          const book = lastEmitted(delivered, balanceSnapshots());
          expect(book.balances.get('USDT')).toMatchObject({ free: latest?.free, frozen: latest?.frozen, updatedAt: latest?.time });
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });

  it('after a resync, drops events settled before the request and removes assets it no longer lists', () => {
    const events: UserDataEvent[] = [
      accountEvent({ asset: 'USDT', free: '90', frozen: '0', time: T0 + 10 }),
      accountEvent({ asset: 'DOGE', free: '7', frozen: '0', time: T0 + 10 }),
      gapEvent(T0 + 10, T0 + 20),
      accountEvent({ asset: 'USDT', free: '95', frozen: '0', time: T0 + 5 }),
    ];
    const snapshots = emitted(events, balanceSnapshots({ resync: () => of([{ asset: 'USDT', free: '50', locked: '1' }]) }));
    const resynced = snapshots.find((s) => s.cause === 'resync');
    expect(resynced?.removed).toEqual(['DOGE']);
    expect(resynced?.balances.has('DOGE')).toBe(false);
    const last = snapshots[snapshots.length - 1];
    expect(last?.cause).toBe('resync');
    expect(last?.balances.get('USDT')).toEqual({ asset: 'USDT', free: '50', frozen: '1', total: '51', updatedAt: undefined });
  });

  it('keeps assets a resync leaves out when told the list is partial', () => {
    const events: UserDataEvent[] = [accountEvent({ asset: 'DOGE', free: '7', frozen: '0', time: T0 }), gapEvent(T0, T0 + 1)];
    const book = lastEmitted(events, balanceSnapshots({ resync: () => of([]), refreshListsAllAssets: false }));
    expect(book.stale).toBe(false);
    expect(book.balances.get('DOGE')?.free).toBe('7');
  });

  it('stays stale and says why when the seed fails or the resync function throws, and keeps going', () => {
    const boom = new Error('boom');
    const events: UserDataEvent[] = [gapEvent(T0, T0 + 1), accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 + 2 })];
    const snapshots = emitted(
      events,
      balanceSnapshots({
        seed: throwError(() => new Error('503')),
        resync: () => {
          throw boom;
        },
      }),
    );
    expect(snapshots.map((s) => [s.cause, s.stale])).toEqual([
      ['seed-failed', true],
      ['gap', true],
      ['resync-failed', true],
      ['event', true],
    ]);
    expect(snapshots[2]?.error).toBe(boom);
  });

  it('ignores order and deal events', () => {
    const events: UserDataEvent[] = [
      orderEvent({ orderId: 'C02__1' }),
      dealEvent({ orderId: 'C02__1', tradeId: 't1' }),
      gapEvent(T0, T0 + 1),
      orderEvent({ orderId: 'C02__1', status: 'CANCELED', sendTime: T0 + 2 }),
    ];
    const snapshots = emitted(events, balanceSnapshots());
    expect(snapshots.map((s) => [s.cause, s.balances.size])).toEqual([
      ['start', 0],
      ['gap', 0],
    ]);
  });
});
