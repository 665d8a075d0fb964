/**
 * Properties of reduceOrders over generated valid order lifecycles: however the protocol delivers
 * their events (any order, duplicates), the book ends where in-order delivery ends, and no snapshot
 * along the way ever moves an order back.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { compareDecimal } from '../../src/decimal/arithmetic.js';
import type { OrderBook } from '../../src/operators/state/order-book.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import { delivery, inOrder, lifecycle, lifecycles } from './lifecycles.js';
import { emitted, lastEmitted, sortedEntries } from './run.js';

const RUNS = { seed: 20_250_601, numRuns: 300 } as const;

describe('reduceOrders over any valid lifecycle', () => {
  it('in order, ends in the lifecycle final status, quantity and fills', () => {
    fc.assert(
      fc.property(lifecycles(4), (orders) => {
        const book = lastEmitted(inOrder(orders), reduceOrders());
        expect(book.orders.size).toBe(orders.length);
        for (const o of orders) {
          const state = book.orders.get(o.orderId);
          expect(state?.placeholder).toBe(false);
          expect(state?.status).toBe(o.finalStatus);
          expect(state?.terminal).toBe(true);
          expect(state?.cumulativeQuantity).toBe(o.finalCumulativeQuantity);
          expect(state?.fills.map((f) => f.tradeId)).toEqual(o.tradeIds);
        }
      }),
      RUNS,
    );
  });

  it('one order: any reordering and duplication ends in the in-order state', () => {
    const arbitrary = lifecycle('C02__505979017439002624115').chain((o) => fc.tuple(fc.constant(o), delivery(o.events)));
    fc.assert(
      fc.property(arbitrary, ([order, delivered]) => {
        const expected = lastEmitted(order.events, reduceOrders());
        const actual = lastEmitted(delivered, reduceOrders());
        expect(sortedEntries(actual.orders)).toEqual(sortedEntries(expected.orders));
      }),
      RUNS,
    );
  });

  it('several interleaved orders: any reordering and duplication ends in the in-order state', () => {
    const arbitrary = lifecycles(5).chain((orders) => fc.tuple(fc.constant(orders), delivery(inOrder(orders), 12)));
    fc.assert(
      fc.property(arbitrary, ([orders, delivered]) => {
        const expected = lastEmitted(inOrder(orders), reduceOrders());
        const actual = lastEmitted(delivered, reduceOrders());
        expect(sortedEntries(actual.orders)).toEqual(sortedEntries(expected.orders));
      }),
      RUNS,
    );
  });

  it('never moves an order back: quantity only grows, final stays final, fills only accumulate', () => {
    const arbitrary = lifecycles(3).chain((orders) => delivery(inOrder(orders), 8));
    fc.assert(
      fc.property(arbitrary, (delivered) => {
        let previous: OrderBook | undefined;
        for (const book of emitted(delivered, reduceOrders())) {
          for (const [id, before] of previous?.orders ?? []) {
            const after = book.orders.get(id);
            expect(after).toBeDefined();
            if (!after) continue;
            expect(compareDecimal(after.cumulativeQuantity, before.cumulativeQuantity)).toBeGreaterThanOrEqual(0);
            if (before.terminal) expect(after.terminal).toBe(true);
            if (!before.placeholder) expect(after.placeholder).toBe(false);
            expect(after.fills.length).toBeGreaterThanOrEqual(before.fills.length);
          }
          previous = book;
        }
      }),
      RUNS,
    );
  });

  it('leaves every emitted snapshot as it was emitted (snapshots are immutable)', () => {
    const arbitrary = lifecycles(3).chain((orders) => delivery(inOrder(orders), 4));
    fc.assert(
      fc.property(arbitrary, (delivered) => {
        const books: OrderBook[] = [];
        const copies: unknown[] = [];
        for (const book of emitted(delivered, reduceOrders())) {
          books.push(book);
          copies.push(structuredClone(sortedEntries(book.orders)));
        }
        books.forEach((book, i) => expect(sortedEntries(book.orders)).toEqual(copies[i]));
      }),
      { ...RUNS, numRuns: 100 },
    );
  });
});
