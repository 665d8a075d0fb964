/**
 * The balance book behind balanceSnapshots, driven directly: which events and refresh entries it
 * takes, at the exact boundaries of a refresh's mark (the last event before the request, the
 * latest settlement time seen), what each snapshot lists as changed and removed, and the
 * freshness it passes through.
 */
import { describe, expect, it } from '@jest/globals';
import { BalanceBookState } from '../../src/operators/state/balance-book.js';
import type { Freshness } from '../../src/operators/refreshable.js';
import { accountEvent, dealEvent, gapEvent, orderEvent, T0 } from './fixtures.js';

const FRESH: Freshness = { stale: false, gap: undefined, cause: 'event', error: undefined };

function book(refreshListsAllAssets = true): BalanceBookState {
  return new BalanceBookState({ refreshListsAllAssets });
}

const usdt = (free: string, time: number, frozen = '0') => accountEvent({ asset: 'USDT', free, frozen, time });
const mx = (free: string, time: number) => accountEvent({ asset: 'MX', free, frozen: '0', time });

describe('BalanceBookState', () => {
  it('takes account events only, each newer one changing the balance', () => {
    const state = book();
    expect(state.applyEvent(orderEvent({ orderId: 'C02__1' }))).toBe(false);
    expect(state.applyEvent(dealEvent({ orderId: 'C02__1', tradeId: 't1' }))).toBe(false);
    expect(state.snapshot(FRESH)).toMatchObject({ changed: [], removed: [], version: 1 });
    expect(state.snapshot(FRESH).balances.size).toBe(0);
    expect([state.applyEvent(usdt('10', T0)), state.applyEvent(usdt('10', T0 + 1)), state.applyEvent(usdt('9', T0))]).toEqual([true, true, false]);
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.changed).toEqual(['USDT']);
    expect(snapshot.version).toBe(3);
    expect(snapshot.balances.get('USDT')).toEqual({ asset: 'USDT', free: '10', frozen: '0', total: '10', updatedAt: T0 + 1 });
  });

  it('passes the freshness it is given into the snapshot', () => {
    const state = book();
    const gap = gapEvent(T0, T0 + 1);
    const error = new Error('503');
    expect(state.snapshot({ stale: true, gap, cause: 'resync-failed', error })).toMatchObject({ stale: true, gap, cause: 'resync-failed', error, version: 1 });
  });

  it('takes a refresh before any event, and every event after it', () => {
    const state = book();
    state.applyRefresh([{ asset: 'USDT', free: '100', locked: '0' }], state.markRefresh());
    expect(state.applyEvent(usdt('90', T0))).toBe(true);
    expect(state.snapshot(FRESH).balances.get('USDT')).toMatchObject({ free: '90', updatedAt: T0 });
  });

  it('after a refresh, takes an event settled at the latest time seen before the request, and drops an earlier one', () => {
    const state = book();
    state.applyEvent(usdt('90', T0 + 10));
    state.applyEvent(mx('5', T0 + 3));
    state.applyRefresh(
      [
        { asset: 'USDT', free: '80', locked: '0' },
        { asset: 'MX', free: '4', locked: '0' },
      ],
      state.markRefresh(),
    );
    state.snapshot(FRESH);
    // MX's own event was at T0 + 3, but the latest time seen was T0 + 10: the refresh holds everything before it.
    expect(state.applyEvent(mx('6', T0 + 9))).toBe(false);
    expect(state.applyEvent(mx('7', T0 + 10))).toBe(true);
    expect(state.applyEvent(usdt('70', T0 + 9))).toBe(false);
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.changed).toEqual(['MX']);
    expect([snapshot.balances.get('MX')?.free, snapshot.balances.get('USDT')?.free]).toEqual(['7', '80']);
  });

  it('keeps what an event after the request set, and replaces what the last event before it set', () => {
    const state = book();
    state.applyEvent(mx('5', T0));
    state.applyEvent(usdt('90', T0));
    const mark = state.markRefresh();
    state.applyEvent(usdt('95', T0 + 1));
    state.snapshot(FRESH);
    state.applyRefresh(
      [
        { asset: 'USDT', free: '50', locked: '0' },
        { asset: 'MX', free: '4', locked: '0' },
      ],
      mark,
    );
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.changed).toEqual(['MX']);
    expect([snapshot.balances.get('USDT')?.free, snapshot.balances.get('MX')?.free]).toEqual(['95', '4']);
  });

  it('counts a refresh entry as a change only when it differs from the balance held', () => {
    const state = book();
    state.applyRefresh(
      [
        { asset: 'USDT', free: '10', locked: '1' },
        { asset: 'MX', free: '5', locked: '0' },
      ],
      state.markRefresh(),
    );
    const first = state.snapshot(FRESH);
    expect(first.changed).toEqual(['USDT', 'MX']);
    state.applyEvent(accountEvent({ asset: 'BTC', free: '2', frozen: '0', time: T0 }));
    state.snapshot(FRESH);
    state.applyRefresh(
      [
        { asset: 'USDT', free: '10', locked: '2' },
        { asset: 'MX', free: '5', locked: '0' },
        { asset: 'BTC', free: '2', locked: '0' },
      ],
      state.markRefresh(),
    );
    const second = state.snapshot(FRESH);
    // Same amounts as the event's, but now from the refresh: no settlement time any more.
    expect(second.changed).toEqual(['USDT', 'BTC']);
    expect(second.balances.get('MX')).toBe(first.balances.get('MX'));
    expect(second.balances.get('BTC')).toEqual({ asset: 'BTC', free: '2', frozen: '0', total: '2', updatedAt: undefined });
    expect(second.balances.get('USDT')?.total).toBe('12');
    state.applyRefresh([{ asset: 'USDT', free: '9', locked: '2' }, { asset: 'MX', free: '5', locked: '0' }, { asset: 'BTC', free: '2', locked: '0' }], state.markRefresh());
    expect(state.snapshot(FRESH).changed).toEqual(['USDT']);
  });

  it('removes the assets a full refresh leaves out, unless an event came after the request', () => {
    const state = book();
    state.applyEvent(usdt('1', T0));
    state.applyEvent(mx('2', T0));
    const mark = state.markRefresh();
    state.applyEvent(accountEvent({ asset: 'BTC', free: '3', frozen: '0', time: T0 + 1 }));
    state.snapshot(FRESH);
    state.applyRefresh([{ asset: 'USDT', free: '1', locked: '0' }], mark);
    const snapshot = state.snapshot(FRESH);
    // MX's event was the last before the request: the refresh knew of it, and left MX out.
    expect(snapshot.removed).toEqual(['MX']);
    expect([...snapshot.balances.keys()].sort()).toEqual(['BTC', 'USDT']);
    expect(state.applyEvent(mx('2', T0 - 1))).toBe(true);
    expect(state.snapshot(FRESH).balances.get('MX')?.free).toBe('2');
  });

  it('keeps every asset when the refresh may list only some', () => {
    const state = book(false);
    state.applyEvent(usdt('1', T0));
    state.applyRefresh([{ asset: 'MX', free: '2', locked: '0' }], state.markRefresh());
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.removed).toEqual([]);
    expect([...snapshot.balances.keys()].sort()).toEqual(['MX', 'USDT']);
  });
});
