/**
 * The order book behind reduceOrders, driven directly: which events and refresh entries change it,
 * what each snapshot lists, and its limits at their exact boundaries (the age of a final order, the
 * placeholders, the forgotten ids, the last event before a refresh's request), with a clock the
 * test sets and counts.
 */
import { describe, expect, it } from '@jest/globals';
import type { Freshness } from '../../src/operators/refreshable.js';
import { OrderBookState, type OrderBookSettings } from '../../src/operators/state/order-book.js';
import { seedOfOrderEvent } from '../../src/operators/state/tracked-order.js';
import { accountEvent, dealEvent, gapEvent, orderEvent, T0 } from './fixtures.js';

const FRESH: Freshness = { stale: false, gap: undefined, cause: 'event', error: undefined };

/** A book with the given limits (none by default), on a clock the test sets, counting its reads. */
function book(limits: Partial<Omit<OrderBookSettings, 'now'>> = {}): { readonly state: OrderBookState; set: (ms: number) => void; reads: () => number } {
  let now = 0;
  let reads = 0;
  const settings: OrderBookSettings = {
    maxTerminalOrders: Infinity,
    maxTerminalAgeMs: undefined,
    maxPlaceholders: Infinity,
    maxForgottenIds: Infinity,
    refreshListsAllOpenOrders: true,
    ...limits,
    now: () => {
      reads += 1;
      return now;
    },
  };
  return { state: new OrderBookState(settings), set: (ms) => (now = ms), reads: () => reads };
}

const open = (orderId: string, sendTime = T0) => orderEvent({ orderId, sendTime });
const filled = (orderId: string, sendTime = T0 + 1) => orderEvent({ orderId, status: 'FILLED', cumulativeQuantity: '10', cumulativeAmount: '35', remainQuantity: '0', sendTime });
const ids = (state: OrderBookState) => [...state.snapshot(FRESH).orders.keys()].sort();

describe('OrderBookState', () => {
  it('takes order and deal events, not account events, and lists only what changed since the last snapshot', () => {
    const { state } = book();
    expect(state.applyEvent(accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 }))).toBe(false);
    expect(state.applyEvent(open('A'))).toBe(true);
    expect(state.applyEvent(dealEvent({ orderId: 'B', tradeId: 't1' }))).toBe(true);
    expect(state.snapshot(FRESH)).toMatchObject({ changed: ['A', 'B'], removed: [], version: 1 });
    expect(state.applyEvent(open('A'))).toBe(false);
    expect(state.applyEvent(dealEvent({ orderId: 'B', tradeId: 't1' }))).toBe(false);
    expect(state.applyEvent(open('C'))).toBe(true);
    const snapshot = state.snapshot(FRESH);
    expect(snapshot).toMatchObject({ changed: ['C'], removed: [], version: 2 });
    expect([...snapshot.orders.keys()].sort()).toEqual(['A', 'B', 'C']);
  });

  it('passes the freshness it is given into the snapshot', () => {
    const { state } = book();
    const gap = gapEvent(T0, T0 + 1);
    const error = new Error('503');
    expect(state.snapshot({ stale: true, gap, cause: 'seed-failed', error })).toMatchObject({ stale: true, gap, cause: 'seed-failed', error, version: 1 });
  });

  it('counts a placeholder its order event confirmed no longer among the placeholders', () => {
    const { state } = book({ maxPlaceholders: 1 });
    state.applyEvent(dealEvent({ orderId: 'A', tradeId: 'a1' }));
    state.applyEvent(open('A'));
    state.applyEvent(dealEvent({ orderId: 'B', tradeId: 'b1' }));
    expect(ids(state)).toEqual(['A', 'B']);
    expect(state.applyEvent(dealEvent({ orderId: 'C', tradeId: 'c1' }))).toBe(true);
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.removed).toEqual(['B']);
    expect([...snapshot.orders.keys()].sort()).toEqual(['A', 'C']);
  });

  it('drops a placeholder past the limit without forgetting it: a later deal starts it afresh', () => {
    const { state } = book({ maxPlaceholders: 1 });
    state.applyEvent(dealEvent({ orderId: 'A', tradeId: 'a1' }));
    state.applyEvent(dealEvent({ orderId: 'B', tradeId: 'b1' }));
    state.snapshot(FRESH);
    const late = dealEvent({ orderId: 'A', tradeId: 'a2' });
    expect(state.applyEvent(late)).toBe(true);
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.removed).toEqual(['B']);
    expect(snapshot.orders.get('A')?.fills).toEqual([late]);
  });

  it('evicts a final order once it is exactly maxTerminalAgeMs old, checked on the next event', () => {
    const { state, set } = book({ maxTerminalAgeMs: 500 });
    set(1_000);
    state.applyEvent(open('A'));
    state.applyEvent(filled('A'));
    set(1_499);
    state.applyEvent(open('B'));
    expect(ids(state)).toEqual(['A', 'B']);
    set(1_500);
    expect(state.applyEvent(open('B'))).toBe(true);
    expect(state.snapshot(FRESH)).toMatchObject({ removed: ['A'], changed: [] });
  });

  it('reads the clock once for an order that became final, and per event only with an age limit', () => {
    const unlimited = book();
    for (let n = 0; n < 5; n++) unlimited.state.applyEvent(open(`O${n}`));
    expect(unlimited.reads()).toBe(0);
    unlimited.state.applyEvent(filled('O1'));
    expect(unlimited.reads()).toBe(1);
    // A change to an order already final: it keeps the time it became final, no new read.
    expect(unlimited.state.applyEvent(dealEvent({ orderId: 'O1', tradeId: 't1' }))).toBe(true);
    expect(unlimited.reads()).toBe(1);
    const aged = book({ maxTerminalAgeMs: 500 });
    for (let n = 0; n < 5; n++) aged.state.applyEvent(open(`O${n}`));
    expect(aged.reads()).toBe(5);
  });

  it('remembers exactly maxForgottenIds evicted ids: their late events are dropped, older ones taken', () => {
    const { state } = book({ maxTerminalOrders: 0, maxForgottenIds: 1 });
    state.applyEvent(filled('A'));
    state.applyEvent(filled('B'));
    state.snapshot(FRESH);
    expect(state.applyEvent(open('B'))).toBe(false);
    expect(state.applyEvent(open('A'))).toBe(true);
    expect(state.snapshot(FRESH)).toMatchObject({ changed: ['A'], removed: [] });
  });

  it('takes no refresh entry of a forgotten order, and lists a refresh entry that changes nothing as nothing', () => {
    const { state } = book({ maxTerminalOrders: 0 });
    state.applyEvent(open('A'));
    state.applyEvent(filled('B'));
    state.snapshot(FRESH);
    state.applyRefresh([seedOfOrderEvent(filled('B')), seedOfOrderEvent(open('A'))], state.markRefresh());
    const snapshot = state.snapshot(FRESH);
    expect(snapshot).toMatchObject({ changed: [], removed: [] });
    expect([...snapshot.orders.keys()]).toEqual(['A']);
  });

  it('marks UNKNOWN_OUTCOME (final, kept) the open orders a full refresh leaves out whose last event was before the request, the last one included', () => {
    const { state } = book();
    state.applyEvent(open('A'));
    state.applyEvent(dealEvent({ orderId: 'P', tradeId: 'p1' }));
    state.applyEvent(filled('F'));
    state.applyEvent(open('B'));
    const mark = state.markRefresh();
    state.applyEvent(open('C'));
    state.snapshot(FRESH);
    state.applyRefresh([seedOfOrderEvent(open('L'))], mark);
    const snapshot = state.snapshot(FRESH);
    expect([...snapshot.changed].sort()).toEqual(['A', 'B', 'L']);
    expect(snapshot.removed).toEqual([]);
    expect([...snapshot.orders.keys()].sort()).toEqual(['A', 'B', 'C', 'F', 'L', 'P']);
    const status = (id: string) => [snapshot.orders.get(id)?.status, snapshot.orders.get(id)?.terminal];
    expect([status('A'), status('B'), status('C'), status('F'), status('L'), status('P')]).toEqual([
      ['UNKNOWN_OUTCOME', true],
      ['UNKNOWN_OUTCOME', true],
      ['NEW', false],
      ['FILLED', true],
      ['NEW', false],
      [undefined, false],
    ]);
    // Its numbers stay as last known.
    expect(snapshot.orders.get('A')).toMatchObject({ cumulativeQuantity: '0', quantity: '10', placeholder: false });
  });

  it('replaces UNKNOWN_OUTCOME with the end a later report tells; a later open report leaves it final', () => {
    const { state } = book();
    state.applyEvent(open('A'));
    state.applyEvent(open('B'));
    state.applyRefresh([], state.markRefresh());
    state.snapshot(FRESH);
    expect(state.applyEvent(filled('A', T0 + 5))).toBe(true);
    expect(state.applyEvent(orderEvent({ orderId: 'B', status: 'PARTIALLY_FILLED', cumulativeQuantity: '2', cumulativeAmount: '7', sendTime: T0 + 5 }))).toBe(true);
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.orders.get('A')).toMatchObject({ status: 'FILLED', terminal: true });
    expect(snapshot.orders.get('B')).toMatchObject({ status: 'UNKNOWN_OUTCOME', terminal: true, cumulativeQuantity: '2' });
  });

  it('lifts UNKNOWN_OUTCOME when a later full refresh lists the order as open again', () => {
    const { state } = book({ maxTerminalOrders: 1 });
    state.applyEvent(open('A'));
    state.applyRefresh([], state.markRefresh());
    expect(state.snapshot(FRESH).orders.get('A')?.status).toBe('UNKNOWN_OUTCOME');
    state.applyRefresh([seedOfOrderEvent(open('A'))], state.markRefresh());
    expect(state.snapshot(FRESH).orders.get('A')).toMatchObject({ status: 'NEW', terminal: false });
    // No longer counted among the final orders: two others fit the limit of one only by evicting each other.
    state.applyEvent(filled('F'));
    state.applyEvent(filled('G', T0 + 2));
    expect(ids(state)).toEqual(['A', 'G']);
  });

  it('evicts UNKNOWN_OUTCOME orders like the other final ones, oldest-final first, and forgets them', () => {
    const { state } = book({ maxTerminalOrders: 1 });
    state.applyEvent(open('A'));
    state.applyRefresh([], state.markRefresh());
    state.snapshot(FRESH);
    state.applyEvent(filled('F'));
    expect(state.snapshot(FRESH).removed).toEqual(['A']);
    expect(state.applyEvent(filled('A', T0 + 9))).toBe(false);
    expect(ids(state)).toEqual(['F']);
  });

  it('knows every trading pair an event or a refresh named, evicted orders\' included', () => {
    const { state } = book({ maxTerminalOrders: 0 });
    state.applyEvent(orderEvent({ orderId: 'A', symbol: 'MXUSDT', sendTime: T0 }));
    state.applyEvent(dealEvent({ orderId: 'P', tradeId: 'p1', symbol: 'ETHUSDT' }));
    state.applyEvent(accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 }));
    state.applyRefresh([{ ...seedOfOrderEvent(filled('B')), symbol: 'BTCUSDT' }], state.markRefresh());
    expect([...state.symbols()].sort()).toEqual(['BTCUSDT', 'ETHUSDT', 'MXUSDT']);
  });

  it('keeps the open orders a partial refresh leaves out', () => {
    const { state } = book({ refreshListsAllOpenOrders: false });
    state.applyEvent(open('A'));
    state.applyRefresh([], state.markRefresh());
    expect(state.snapshot(FRESH)).toMatchObject({ removed: [] });
    expect(ids(state)).toEqual(['A']);
  });

  it('applies the limits right after a refresh', () => {
    const { state } = book({ maxTerminalOrders: 1 });
    state.applyRefresh([seedOfOrderEvent(filled('A')), seedOfOrderEvent(filled('B'))], state.markRefresh());
    const snapshot = state.snapshot(FRESH);
    expect(snapshot.removed).toEqual(['A']);
    expect([...snapshot.orders.keys()]).toEqual(['B']);
  });
});
