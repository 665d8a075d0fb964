import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parseSymbol, type SimEvent, type Simulator } from '../../src/simulator/index.js';
import { startSim } from './helpers.js';

let sim: Simulator;
let events: SimEvent[];
beforeEach(async () => {
  sim = await startSim();
  events = [];
  sim.events.subscribe((e) => events.push(e));
});
afterEach(() => sim.close());

const spot = (account: string): Record<string, [string, string]> =>
  Object.fromEntries(sim.admin.balances(account, 'SPOT').map((b) => [b.asset, [b.free, b.locked]]));

describe('market driver', () => {
  it('a buy locks quote, a partial fill moves base and quote with the fee in base, a cancel unlocks the rest', () => {
    const order = sim.market.placeOrder({ account: 'simmaster', symbol: 'BTCUSDT', side: 'BUY', price: '25000.5', quantity: '0.2' });
    expect(order).toMatchObject({ status: 'NEW', amount: '5000.1', locked: '5000.1', baseAsset: 'BTC', quoteAsset: 'USDT' });
    expect(order.orderId).toMatch(/^C02__\d{21}$/);
    expect(spot('simmaster')).toEqual({ BTC: ['10', '0'], USDT: ['94999.9', '5000.1'] });

    const part = sim.market.fill(order.orderId, '0.05');
    expect(part).toMatchObject({ status: 'PARTIALLY_FILLED', filledQuantity: '0.05', filledAmount: '1250.025', locked: '3750.075' });
    // 0.05 BTC in, minus the 0.1% fee (0.00005 BTC).
    expect(spot('simmaster')).toEqual({ BTC: ['10.04995', '0'], USDT: ['94999.9', '3750.075'] });

    const canceled = sim.market.cancel(order.orderId);
    expect(canceled).toMatchObject({ status: 'PARTIALLY_CANCELED', locked: '0' });
    expect(spot('simmaster')).toEqual({ BTC: ['10.04995', '0'], USDT: ['98749.975', '0'] });
    expect(sim.admin.orders('simmaster')).toEqual([canceled]);
  });

  it('a sell locks base and a full fill pays quote minus the fee in quote', () => {
    const order = sim.market.placeOrder({ account: 'simmaster', symbol: 'BTCUSDT', side: 'SELL', price: '30000', quantity: '1', clientOrderId: 'mine' });
    expect(spot('simmaster')).toEqual({ BTC: ['9', '1'], USDT: ['100000', '0'] });
    const filled = sim.market.fill(order.orderId);
    expect(filled).toMatchObject({ status: 'FILLED', filledQuantity: '1', filledAmount: '30000', clientOrderId: 'mine' });
    expect(spot('simmaster')).toEqual({ BTC: ['9', '0'], USDT: ['129970', '0'] });
    expect(() => sim.market.cancel(order.orderId)).toThrow(/FILLED/);
  });

  it('announces the order, then its balance change; a fill as deal, order, balances; each balance event chains', () => {
    const order = sim.market.placeOrder({ account: 'simmaster', symbol: 'BTCUSDT', side: 'BUY', price: '100', quantity: '2' });
    sim.market.fill(order.orderId, '1');
    const kinds = events.map((e) => (e.type === 'balance' ? `${e.reason}:${e.asset}` : e.type));
    expect(kinds).toEqual(['order', 'order-place:USDT', 'trade', 'order', 'trade:USDT', 'trade:BTC', 'trade-fee:BTC']);
    expect(events[2]).toMatchObject({ type: 'trade', price: '100', quantity: '1', amount: '100', feeAmount: '0.001', feeCurrency: 'BTC', side: 'BUY', orderId: order.orderId });
    expect(events[3]).toMatchObject({ type: 'order', status: 'PARTIALLY_FILLED', lastDealQuantity: '1', avgPrice: '100', remainQuantity: '1', remainAmount: '100' });
    expect(events[4]).toMatchObject({ type: 'balance', free: '99800', freeChange: '0', locked: '100', lockedChange: '-100' });
  });

  it('refuses an order the balance cannot cover, changing nothing', () => {
    expect(() => sim.market.placeOrder({ account: 'simmaster', symbol: 'BTCUSDT', side: 'SELL', price: '1', quantity: '10.5' })).toThrow(/Insufficient/);
    expect(() => sim.market.placeOrder({ account: 'simmaster', symbol: 'BTCUSD', side: 'BUY', price: '1', quantity: '1' })).toThrow(RangeError);
    expect(events).toEqual([]);
    expect(sim.admin.orders()).toEqual([]);
    expect(parseSymbol('ETHBTC')).toEqual({ symbol: 'ETHBTC', baseAsset: 'ETH', quoteAsset: 'BTC' });
  });

  it('a scripted session is the same for the same seed, and never breaks the books', async () => {
    const summary = sim.market.runSession({ account: 'simmaster', orders: 30, seed: 99 });
    const other = await startSim();
    try {
      const again = other.market.runSession({ account: 'simmaster', orders: 30, seed: 99 });
      expect(again).toEqual(summary);
      expect(other.admin.orders().map((o) => [o.side, o.price, o.quantity, o.status, o.filledQuantity])).toEqual(
        sim.admin.orders().map((o) => [o.side, o.price, o.quantity, o.status, o.filledQuantity]),
      );
      expect(other.admin.balances('simmaster')).toEqual(sim.admin.balances('simmaster'));
    } finally {
      await other.close();
    }
    expect(summary.orderIds).toHaveLength(30);
    expect(summary.steps).toBeLessThanOrEqual(150);
    // Every order ended; nothing stays locked.
    const statuses = new Set(sim.admin.orders().map((o) => o.status));
    expect([...statuses].every((s) => s === 'FILLED' || s === 'CANCELED' || s === 'PARTIALLY_CANCELED')).toBe(true);
    expect(sim.admin.balances('simmaster').every((b) => b.locked === '0')).toBe(true);
    // A different seed trades differently.
    expect(sim.market.runSession({ account: 'simmaster', orders: 30, seed: 100 }).orderIds).toHaveLength(30);
    expect(sim.admin.orders().slice(30).map((o) => o.price)).not.toEqual(sim.admin.orders().slice(0, 30).map((o) => o.price));
  });

  it('paces a session on the clock, one step per interval, and stops on request', async () => {
    const run = sim.market.playSession({ account: 'simmaster', orders: 50, seed: 5, intervalMs: 60_000 });
    expect(sim.admin.orders()).toEqual([]);
    sim.clock.advance(60_000);
    expect(sim.admin.orders()).toHaveLength(1);
    sim.clock.advance(4 * 60_000);
    run.stop();
    const summary = await run.done;
    expect(summary.steps).toBe(5);
    sim.clock.advance(3_600_000);
    expect((await run.done).steps).toBe(5);
    expect(run.error).toBeUndefined();
    expect(sim.clock.pendingTimers).toBe(0);
  });

  it('goes on when someone else cancels one of its orders', async () => {
    const run = sim.market.playSession({ account: 'simmaster', orders: 4, seed: 8, intervalMs: 1_000 });
    sim.clock.advance(1_000);
    const [first] = sim.admin.orders();
    sim.market.cancel(first!.orderId);
    sim.clock.advance(100_000);
    const summary = await run.done;
    expect(run.error).toBeUndefined();
    expect(summary.orderIds).toHaveLength(4);
    expect(sim.admin.orders().every((o) => o.locked === '0')).toBe(true);
  });
});
