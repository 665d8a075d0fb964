/**
 * Snapshots are immutable at run time, not only by type: past a cast, setting a field of an entry,
 * a fill or the snapshot, or pushing to its lists, throws (test files are strict ES modules) and
 * the next snapshot is as if nothing was tried. Rebuilt snapshots (from JSON) are frozen alike.
 */
import { describe, expect, it } from '@jest/globals';
import type { Freshness } from '../../src/operators/refreshable.js';
import { balancesFromJSON, orderBookFromJSON } from '../../src/operators/snapshot-json.js';
import { BalanceBookState } from '../../src/operators/state/balance-book.js';
import { OrderBookState } from '../../src/operators/state/order-book.js';
import { accountEvent, dealEvent, orderEvent, T0 } from './fixtures.js';

const FRESH: Freshness = { stale: false, gap: undefined, cause: 'event', error: undefined };

/** The value past a cast: what a JavaScript caller holds. */
const writable = (value: unknown): Record<string, unknown> & unknown[] => value as Record<string, unknown> & unknown[];

function orderBook(): OrderBookState {
  return new OrderBookState({
    maxTerminalOrders: Infinity,
    maxTerminalAgeMs: undefined,
    maxPlaceholders: Infinity,
    maxForgottenIds: Infinity,
    refreshListsAllOpenOrders: true,
    now: () => 0,
  });
}

describe('frozen snapshots', () => {
  it('a balance entry and the lists refuse a change, and the next snapshot keeps the balance', () => {
    const book = new BalanceBookState({ refreshListsAllAssets: true });
    book.applyEvent(accountEvent({ asset: 'USDT', free: '10', frozen: '0', time: T0 }));
    const first = book.snapshot(FRESH);
    expect(() => (writable(first.balances.get('USDT')).free = '999')).toThrow(TypeError);
    expect(() => writable(first.changed).push('MX')).toThrow(TypeError);
    expect(() => writable(first.removed).push('MX')).toThrow(TypeError);
    book.applyEvent(accountEvent({ asset: 'MX', free: '1', frozen: '0', time: T0 + 1 }));
    const next = book.snapshot(FRESH);
    expect(next.balances.get('USDT')).toEqual({ asset: 'USDT', free: '10', frozen: '0', total: '10', updatedAt: T0 });
    expect(next.changed).toEqual(['MX']);
    expect(first.balances.get('USDT')?.free).toBe('10');
  });

  it('an order, its fills and a fill refuse a change, and the next snapshot keeps the order', () => {
    const book = orderBook();
    book.applyEvent(orderEvent({ orderId: 'C02__1', status: 'PARTIALLY_FILLED' }));
    book.applyEvent(dealEvent({ orderId: 'C02__1', tradeId: 't1' }));
    const first = book.snapshot(FRESH);
    const order = first.orders.get('C02__1');
    expect(() => (writable(order).status = 'FILLED')).toThrow(TypeError);
    expect(() => writable(order?.fills).push('a fill')).toThrow(TypeError);
    expect(() => (writable(order?.fills[0]).quantity = '999')).toThrow(TypeError);
    expect(() => writable(first.changed).push('C02__2')).toThrow(TypeError);
    book.applyEvent(orderEvent({ orderId: 'C02__2' }));
    const next = book.snapshot(FRESH);
    expect(next.orders.get('C02__1')).toBe(order);
    expect(next.orders.get('C02__1')?.status).toBe('PARTIALLY_FILLED');
    expect(next.orders.get('C02__1')?.fills).toHaveLength(1);
    expect(next.changed).toEqual(['C02__2']);
  });

  it('a fill is a frozen copy: the deal event passed in stays the caller\'s', () => {
    const book = orderBook();
    const deal = dealEvent({ orderId: 'C02__1', tradeId: 't1' });
    book.applyEvent(deal);
    expect(Object.isFrozen(deal)).toBe(false);
    expect(Object.isFrozen(book.snapshot(FRESH).orders.get('C02__1')?.fills[0])).toBe(true);
  });

  it('snapshots rebuilt from JSON are frozen alike', () => {
    const balances = new BalanceBookState({ refreshListsAllAssets: true });
    balances.applyEvent(accountEvent({ asset: 'USDT', free: '10', frozen: '0', time: T0 }));
    const rebuilt = balancesFromJSON(JSON.stringify(balances.snapshot(FRESH)));
    expect(() => (writable(rebuilt.balances.get('USDT')).free = '999')).toThrow(TypeError);
    expect(() => writable(rebuilt.changed).push('MX')).toThrow(TypeError);
    const orders = orderBook();
    orders.applyEvent(dealEvent({ orderId: 'C02__1', tradeId: 't1' }));
    const book = orderBookFromJSON(JSON.stringify(orders.snapshot(FRESH)));
    expect(() => (writable(book.orders.get('C02__1')?.fills[0]).quantity = '999')).toThrow(TypeError);
    expect(() => (writable(book.orders.get('C02__1')).symbol = 'X')).toThrow(TypeError);
  });
});
