/**
 * reduceOrders, case by case: placeholders, deduplicated fills, terminal states that stay terminal
 * yet can still complete their numbers, exact decimal comparison, and what each snapshot reports.
 */
import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../../src/errors.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, dealEvent, orderEvent, T0 } from './fixtures.js';
import { emitted, lastEmitted } from './run.js';

const ID = 'C02__505979017439002624115';

describe('reduceOrders', () => {
  it('turns a deal that comes before its order into a placeholder, which the order event completes', () => {
    const deal = dealEvent({ orderId: ID, tradeId: 't1', quantity: '4', amount: '14', clientOrderId: 'mine-1', sendTime: T0 + 1 });
    const order = orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity: '4', cumulativeAmount: '14', avgPrice: '3.5', remainQuantity: '6', sendTime: T0 + 2 });
    const [start, first, second] = emitted([deal, order], reduceOrders());

    expect([start?.cause, start?.orders.size]).toEqual(['start', 0]);
    const placeholder = first?.orders.get(ID);
    expect(placeholder).toMatchObject({ placeholder: true, status: undefined, price: undefined, cumulativeQuantity: '4', cumulativeAmount: '14', clientOrderId: 'mine-1' });
    expect(placeholder?.fills).toEqual([deal]);

    const confirmed = second?.orders.get(ID);
    expect(confirmed).toMatchObject({ placeholder: false, status: 'PARTIALLY_FILLED', price: '3.5', quantity: '10', remainQuantity: '6', avgPrice: '3.5', terminal: false });
    expect(confirmed?.fills).toEqual([deal]);
    expect(confirmed?.updatedAt).toBe(T0 + 2);
  });

  it('keeps one fill per tradeId and emits nothing for a repeated deal', () => {
    const deal = dealEvent({ orderId: ID, tradeId: 't1' });
    const books = emitted([orderEvent({ orderId: ID }), deal, { ...deal, sendTime: T0 + 50 }, deal], reduceOrders());
    // The first snapshot, the order's, the deal's: the repeats emit nothing.
    expect(books.map((b) => b.cause)).toEqual(['start', 'event', 'event']);
    expect(books[2]?.orders.get(ID)?.fills).toEqual([deal]);
  });

  it('orders fills by trade time, then trade id, whatever order they arrive in', () => {
    const a = dealEvent({ orderId: ID, tradeId: 'a', time: T0 + 1 });
    const b = dealEvent({ orderId: ID, tradeId: 'b', time: T0 + 2 });
    const c = dealEvent({ orderId: ID, tradeId: 'c', time: T0 + 2 });
    const book = lastEmitted([c, a, b], reduceOrders());
    expect(book.orders.get(ID)?.fills.map((f) => f.tradeId)).toEqual(['a', 'b', 'c']);
    expect(book.orders.get(ID)?.cumulativeQuantity).toBe('3');
  });

  it('keeps a filled order filled when a late partial report arrives, and emits nothing for it', () => {
    const filled = orderEvent({ orderId: ID, status: 'FILLED', cumulativeQuantity: '10', remainQuantity: '0', sendTime: T0 + 3 });
    const late = orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity: '4', sendTime: T0 + 2 });
    const books = emitted([filled, late, orderEvent({ orderId: ID, sendTime: T0 + 1 })], reduceOrders());
    expect(books.map((b) => b.cause)).toEqual(['start', 'event']);
    expect(books[1]?.orders.get(ID)).toMatchObject({ status: 'FILLED', terminal: true, cumulativeQuantity: '10' });
  });

  it('lets a final report outrank a later open one with the same fills, in either arrival order', () => {
    // The cancel (3 of 10 filled, nothing left) was sent before a stale partial-fill report of the
    // same 3 (7 left): with equal fills, the final report decides what the order looks like.
    const canceled = orderEvent({ orderId: ID, status: 'CANCELED', cumulativeQuantity: '3', cumulativeAmount: '10.5', remainQuantity: '0', remainAmount: '0', sendTime: T0 + 5 });
    const partial = orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity: '3', cumulativeAmount: '10.5', remainQuantity: '7', remainAmount: '24.5', sendTime: T0 + 6 });
    for (const arrival of [[canceled, partial], [partial, canceled]]) {
      const order = lastEmitted(arrival, reduceOrders()).orders.get(ID);
      expect(order).toMatchObject({ status: 'PARTIALLY_CANCELED', terminal: true, cumulativeQuantity: '3', remainQuantity: '0', remainAmount: '0' });
    }
  });

  it('lets a later report with more filled quantity complete a final order, which stays final', () => {
    // The cancel overtook the last fill's report: the order is final, but its numbers come later.
    const canceled = orderEvent({ orderId: ID, status: 'CANCELED', cumulativeQuantity: '0', sendTime: T0 + 5 });
    const fill = orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity: '2.5', cumulativeAmount: '8.75', remainQuantity: '7.5', sendTime: T0 + 4 });
    const [, first, second] = emitted([canceled, fill], reduceOrders());
    expect(first?.orders.get(ID)).toMatchObject({ status: 'CANCELED', terminal: true });
    expect(second?.orders.get(ID)).toMatchObject({ status: 'PARTIALLY_CANCELED', terminal: true, cumulativeQuantity: '2.5', cumulativeAmount: '8.75', remainQuantity: '7.5' });
  });

  it('applies a PARTIALLY_CANCELED after fills and ignores the fills reports that arrive after it', () => {
    const events: UserDataEvent[] = [
      orderEvent({ orderId: ID, sendTime: T0 }),
      orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity: '3', sendTime: T0 + 2 }),
      orderEvent({ orderId: ID, status: 'PARTIALLY_CANCELED', cumulativeQuantity: '3', remainQuantity: '0', sendTime: T0 + 3 }),
      orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity: '1', sendTime: T0 + 1 }),
      orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity: '3', sendTime: T0 + 2 }),
    ];
    const books = emitted(events, reduceOrders());
    // The first snapshot, then one per report that moved the order: the late fills reports emit nothing.
    expect(books.map((b) => b.cause)).toEqual(['start', 'event', 'event', 'event']);
    expect(books[3]?.orders.get(ID)).toMatchObject({ status: 'PARTIALLY_CANCELED', terminal: true, cumulativeQuantity: '3', remainQuantity: '0' });
  });

  it('compares cumulative quantities as decimals, not as text', () => {
    const at = (cumulativeQuantity: string, sendTime: number) =>
      orderEvent({ orderId: ID, status: 'PARTIALLY_FILLED', cumulativeQuantity, sendTime });
    // As text '9.5' > '10' and '10.000' !== '10'; as decimals 9.5 < 10 = 10.000.
    const books = emitted([at('9.5', T0 + 1), at('10', T0 + 2), at('9.5', T0 + 1), at('10.000', T0 + 2)], reduceOrders());
    expect(books.map((b) => b.cause)).toEqual(['start', 'event', 'event']);
    expect(books[2]?.orders.get(ID)?.cumulativeQuantity).toBe('10');
  });

  it('reports the changed ids and counts versions; account and lifecycle events other than gaps emit nothing', () => {
    const other = 'C02__2';
    const events: UserDataEvent[] = [
      orderEvent({ orderId: ID }),
      accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 }),
      { type: 'connected', connection: 1, listenKey: 'pqia…65a1', at: T0 },
      orderEvent({ orderId: other }),
      dealEvent({ orderId: ID, tradeId: 't1' }),
    ];
    const books = emitted(events, reduceOrders());
    expect(books.map((b) => [b.version, b.changed, b.removed, b.cause, b.stale])).toEqual([
      [1, [], [], 'start', false],
      [2, [ID], [], 'event', false],
      [3, [other], [], 'event', false],
      [4, [ID], [], 'event', false],
    ]);
  });

  it('never changes a snapshot after it was emitted', () => {
    const books = emitted(
      [orderEvent({ orderId: ID }), orderEvent({ orderId: ID, status: 'CANCELED', sendTime: T0 + 1 }), orderEvent({ orderId: 'C02__2' })],
      reduceOrders(),
    );
    expect(books[0]?.orders.size).toBe(0);
    expect(books[1]?.orders.get(ID)?.status).toBe('NEW');
    expect(books[1]?.orders.size).toBe(1);
    expect(books[2]?.orders.get(ID)?.status).toBe('CANCELED');
    expect(books[3]?.orders.size).toBe(2);
  });

  it('refuses limits that are not whole numbers of 0 or more', () => {
    expect(() => reduceOrders({ maxTerminalOrders: -1 })).toThrow(ValidationError);
    expect(() => reduceOrders({ maxPlaceholders: 1.5 })).toThrow(ValidationError);
    expect(() => reduceOrders({ maxTerminalAgeMs: Number.NaN })).toThrow(ValidationError);
  });
});
