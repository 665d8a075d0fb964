/**
 * One order's record, driven directly: the seed form of an order event, the placeholder built from
 * fills alone, the order of fills, what a report or a fill changes (and the state object kept when
 * nothing does), and each field of the state: cumulative numbers, client id, status, update time.
 */
import { describe, expect, it } from '@jest/globals';
import { TrackedOrder, seedOfOrderEvent } from '../../src/operators/state/tracked-order.js';
import type { OrderSeed } from '../../src/operators/state/order-state.js';
import type { OrderEvent } from '../../src/stream/events.js';
import { dealEvent, orderEvent, T0 } from './fixtures.js';

const ID = 'C02__7';

/** A report of the order, as its order event's seed form. */
function report(fields: Partial<OrderEvent>): OrderSeed {
  return seedOfOrderEvent(orderEvent({ orderId: ID, ...fields }));
}

describe('seedOfOrderEvent', () => {
  it('keeps every field of the order, with the service time as the report time', () => {
    const event = orderEvent({ orderId: ID, clientOrderId: 'mine', status: 'PARTIALLY_FILLED', cumulativeQuantity: '2', cumulativeAmount: '7', avgPrice: '3.5', remainQuantity: '8', remainAmount: '28', createTime: T0 - 5, sendTime: T0 + 9 });
    expect(seedOfOrderEvent(event)).toEqual({
      orderId: ID,
      clientOrderId: 'mine',
      symbol: 'MXUSDT',
      side: 'BUY',
      orderType: 'LIMIT',
      price: '3.5',
      quantity: '10',
      amount: '35',
      status: 'PARTIALLY_FILLED',
      cumulativeQuantity: '2',
      cumulativeAmount: '7',
      remainQuantity: '8',
      remainAmount: '28',
      avgPrice: '3.5',
      createTime: T0 - 5,
      updatedAt: T0 + 9,
    });
  });
});

describe('TrackedOrder', () => {
  it('has no state before any report or fill', () => {
    expect(() => new TrackedOrder(ID).state).toThrow(new Error(`order ${ID} has neither a report nor a fill`));
  });

  it('builds a placeholder from fills alone: their sums, the first fill’s client id, the latest send time', () => {
    const order = new TrackedOrder(ID);
    const late = dealEvent({ orderId: ID, tradeId: 't2', quantity: '1.5', amount: '5.25', time: T0 + 2, sendTime: T0 + 3, clientOrderId: 'second', side: 'SELL', symbol: 'BTCUSDT' });
    const early = dealEvent({ orderId: ID, tradeId: 't1', quantity: '0.5', amount: '1.75', time: T0 + 1, sendTime: T0 + 9, clientOrderId: 'first', side: 'SELL', symbol: 'BTCUSDT' });
    expect([order.addFill(late), order.addFill(early), order.placeholder, order.terminal]).toEqual([true, true, true, false]);
    expect(order.state).toEqual({
      placeholder: true,
      orderId: ID,
      clientOrderId: 'first',
      symbol: 'BTCUSDT',
      side: 'SELL',
      orderType: undefined,
      price: undefined,
      quantity: undefined,
      amount: undefined,
      status: undefined,
      terminal: false,
      cumulativeQuantity: '2',
      cumulativeAmount: '7',
      remainQuantity: undefined,
      remainAmount: undefined,
      avgPrice: undefined,
      createTime: undefined,
      fills: [early, late],
      updatedAt: T0 + 9,
    });
  });

  it('orders fills by trade time, then trade id, wherever each one lands', () => {
    const order = new TrackedOrder(ID);
    const fill = (tradeId: string, time: number) => dealEvent({ orderId: ID, tradeId, time });
    for (const deal of [fill('m', T0 + 5), fill('z', T0 + 1), fill('a', T0 + 5), fill('b', T0 + 9), fill('y', T0 + 5), fill('c', T0)]) order.addFill(deal);
    expect(order.state.fills.map((f) => f.tradeId)).toEqual(['c', 'z', 'a', 'm', 'y', 'b']);
  });

  it('keeps one fill per trade id: a repeat changes nothing, and the state stays the same object', () => {
    const order = new TrackedOrder(ID);
    const deal = dealEvent({ orderId: ID, tradeId: 't1' });
    order.addFill(deal);
    const state = order.state;
    expect(order.state).toBe(state);
    expect(order.addFill({ ...deal, sendTime: T0 + 50, quantity: '9' })).toBe(false);
    expect(order.state).toBe(state);
    expect(order.addFill(dealEvent({ orderId: ID, tradeId: 't2' }))).toBe(true);
    expect(order.state).not.toBe(state);
    // The state handed out before is left as it was.
    expect(state.fills.map((f) => f.tradeId)).toEqual(['t1']);
    expect(state.cumulativeQuantity).toBe('1');
    expect(order.state.cumulativeQuantity).toBe('2');
  });

  it('takes a report only when it is further along; a final report stays final', () => {
    const order = new TrackedOrder(ID);
    const open = report({ status: 'NEW', sendTime: T0 });
    expect(order.addReport(open)).toBe(true);
    const first = order.state;
    expect(order.addReport(open)).toBe(false);
    expect(order.state).toBe(first);
    expect([order.placeholder, order.terminal, first.status]).toEqual([false, false, 'NEW']);
    expect(order.addReport(report({ status: 'CANCELED', sendTime: T0 + 2 }))).toBe(true);
    expect([order.terminal, order.state.status, order.state.terminal]).toEqual([true, 'CANCELED', true]);
    expect(order.addReport(report({ status: 'NEW', sendTime: T0 + 3 }))).toBe(false);
    expect(order.state.status).toBe('CANCELED');
  });

  it('keeps the final report furthest along: a further one replaces it, an equal or lesser one changes nothing', () => {
    // A cancel with nothing filled, then the report of the order filled: the order ends FILLED.
    const order = new TrackedOrder(ID);
    const canceled = report({ status: 'CANCELED', sendTime: T0 + 2 });
    expect(order.addReport(canceled)).toBe(true);
    expect(order.addReport(canceled)).toBe(false);
    const filled = report({ status: 'FILLED', cumulativeQuantity: '10', cumulativeAmount: '35', remainQuantity: '0', sendTime: T0 + 3 });
    expect(order.addReport(filled)).toBe(true);
    const state = order.state;
    expect(state).toMatchObject({ status: 'FILLED', terminal: true, cumulativeQuantity: '10', updatedAt: T0 + 3 });
    expect(order.addReport(canceled)).toBe(false);
    expect(order.addReport(filled)).toBe(false);
    expect(order.state).toBe(state);
  });

  it('does not let a late final report that is not as far along replace the final one', () => {
    // Partially canceled with 3 filled (sent at T0 + 5); a stale cancel with none filled, sent later.
    const order = new TrackedOrder(ID);
    order.addReport(report({ status: 'PARTIALLY_CANCELED', cumulativeQuantity: '3', cumulativeAmount: '10.5', sendTime: T0 + 5 }));
    const state = order.state;
    expect(order.addReport(report({ status: 'CANCELED', sendTime: T0 + 6 }))).toBe(false);
    expect(order.state).toBe(state);
    expect(state).toMatchObject({ status: 'PARTIALLY_CANCELED', cumulativeQuantity: '3', updatedAt: T0 + 5 });
  });

  it('merges the fills a seed carries, which is a change even when its report is not further along', () => {
    const order = new TrackedOrder(ID);
    const open = report({ status: 'NEW' });
    const deal = dealEvent({ orderId: ID, tradeId: 't1', quantity: '2', amount: '7' });
    order.addReport(open);
    expect(order.addReport({ ...open, fills: [deal] })).toBe(true);
    expect(order.state.fills).toEqual([deal]);
    expect(order.state.cumulativeQuantity).toBe('2');
    expect(order.addReport({ ...open, fills: [deal] })).toBe(false);
  });

  it('takes the larger of the report’s and the fills’ cumulative numbers, the report’s text when equal', () => {
    const ahead = new TrackedOrder(ID);
    ahead.addFill(dealEvent({ orderId: ID, tradeId: 't1', quantity: '4', amount: '14' }));
    ahead.addReport(report({ status: 'PARTIALLY_FILLED', cumulativeQuantity: '3', cumulativeAmount: '10.5' }));
    expect([ahead.state.cumulativeQuantity, ahead.state.cumulativeAmount]).toEqual(['4', '14']);
    const equal = new TrackedOrder(ID);
    equal.addFill(dealEvent({ orderId: ID, tradeId: 't1', quantity: '4', amount: '14' }));
    equal.addReport(report({ status: 'PARTIALLY_FILLED', cumulativeQuantity: '4.000', cumulativeAmount: '14.0' }));
    expect([equal.state.cumulativeQuantity, equal.state.cumulativeAmount]).toEqual(['4.000', '14.0']);
  });

  it('takes the report’s client id, else the first fill’s, else none', () => {
    const own = new TrackedOrder(ID);
    own.addFill(dealEvent({ orderId: ID, tradeId: 't1', clientOrderId: 'from-deal' }));
    own.addReport(report({ clientOrderId: 'from-order' }));
    expect(own.state.clientOrderId).toBe('from-order');
    const fromFill = new TrackedOrder(ID);
    fromFill.addFill(dealEvent({ orderId: ID, tradeId: 't1', clientOrderId: 'from-deal' }));
    fromFill.addReport(report({}));
    expect(fromFill.state.clientOrderId).toBe('from-deal');
    const none = new TrackedOrder(ID);
    none.addReport(report({}));
    expect(none.state.clientOrderId).toBeUndefined();
    expect(none.state.fills).toEqual([]);
  });

  it('takes the latest time of its reports and fills, the final report’s included', () => {
    // The cancel (sent at T0 + 5) overtook the report of the fill (sent at T0 + 4), which is further along.
    const order = new TrackedOrder(ID);
    order.addReport(report({ status: 'CANCELED', sendTime: T0 + 5 }));
    order.addReport(report({ status: 'PARTIALLY_FILLED', cumulativeQuantity: '2', sendTime: T0 + 4 }));
    expect(order.state).toMatchObject({ status: 'PARTIALLY_CANCELED', terminal: true, cumulativeQuantity: '2', updatedAt: T0 + 5 });
    order.addFill(dealEvent({ orderId: ID, tradeId: 't1', quantity: '2', sendTime: T0 + 7 }));
    expect(order.state.updatedAt).toBe(T0 + 7);
    const open = new TrackedOrder(ID);
    open.addReport(report({ status: 'NEW', sendTime: T0 + 1 }));
    expect(open.state).toMatchObject({ status: 'NEW', terminal: false, updatedAt: T0 + 1 });
  });
});
