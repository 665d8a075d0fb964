/**
 * reduceOrders keeps memory bounded: final orders are evicted oldest-first past the count or age
 * limit, placeholders past theirs, open orders never; evicted orders do not come back.
 */
import { describe, expect, it } from '@jest/globals';
import { asyncScheduler, Subject, type SchedulerLike } from 'rxjs';
import type { OrderBook } from '../../src/operators/state/order-book.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { dealEvent, orderEvent, T0 } from './fixtures.js';
import { emitted, lastEmitted } from './run.js';

const id = (n: number): string => `C02__${String(n).padStart(6, '0')}`;

/** Order `n` placed, then filled. */
function placedAndFilled(n: number): UserDataEvent[] {
  return [
    orderEvent({ orderId: id(n), sendTime: T0 + 2 * n }),
    orderEvent({ orderId: id(n), status: 'FILLED', cumulativeQuantity: '10', remainQuantity: '0', sendTime: T0 + 2 * n + 1 }),
  ];
}

function removedIds(books: readonly OrderBook[]): string[] {
  return books.flatMap((b) => b.removed);
}

/** A scheduler whose clock the test sets. */
function manualClock(): { scheduler: SchedulerLike; set: (ms: number) => void } {
  let now = 0;
  const scheduler: SchedulerLike = { now: () => now, schedule: asyncScheduler.schedule.bind(asyncScheduler) };
  return { scheduler, set: (ms) => (now = ms) };
}

describe('reduceOrders memory bounds', () => {
  it('keeps at most maxTerminalOrders final orders, evicting the oldest first', () => {
    const events = Array.from({ length: 1000 }, (_, n) => placedAndFilled(n)).flat();
    const books = emitted(events, reduceOrders({ maxTerminalOrders: 100 }));
    const last = books[books.length - 1];

    expect(last?.orders.size).toBe(100);
    expect([...(last?.orders.keys() ?? [])].sort()).toEqual(Array.from({ length: 100 }, (_, n) => id(900 + n)));
    expect(removedIds(books)).toEqual(Array.from({ length: 900 }, (_, n) => id(n)));
    expect(Math.max(...books.map((b) => b.orders.size))).toBeLessThanOrEqual(101);
  });

  it('evicts by the time an order became final, not by when it was placed', () => {
    const events: UserDataEvent[] = [
      orderEvent({ orderId: id(1) }),
      orderEvent({ orderId: id(2) }),
      orderEvent({ orderId: id(2), status: 'CANCELED', sendTime: T0 + 1 }),
      orderEvent({ orderId: id(1), status: 'CANCELED', sendTime: T0 + 2 }),
      ...placedAndFilled(3),
    ];
    const books = emitted(events, reduceOrders({ maxTerminalOrders: 2 }));
    expect(removedIds(books)).toEqual([id(2)]);
  });

  it('never evicts open orders', () => {
    const open = Array.from({ length: 50 }, (_, n) => orderEvent({ orderId: id(10_000 + n) }));
    const finished = Array.from({ length: 500 }, (_, n) => placedAndFilled(n)).flat();
    const book = lastEmitted([...open, ...finished], reduceOrders({ maxTerminalOrders: 10 }));
    expect(book.orders.size).toBe(60);
    for (const event of open) expect(book.orders.get(event.orderId)?.status).toBe('NEW');
  });

  it('evicts final orders older than maxTerminalAgeMs, checked when the next event arrives', () => {
    const clock = manualClock();
    const events = new Subject<UserDataEvent>();
    const books: OrderBook[] = [];
    events.pipe(reduceOrders({ maxTerminalAgeMs: 60_000, scheduler: clock.scheduler })).subscribe((book) => books.push(book));
    const feed: [number, UserDataEvent][] = [
      [1_000, orderEvent({ orderId: id(1) })],
      [1_000, orderEvent({ orderId: id(1), status: 'FILLED', cumulativeQuantity: '10', sendTime: T0 + 1 })],
      [60_999, orderEvent({ orderId: id(2) })],
      [61_000, orderEvent({ orderId: id(3) })],
    ];
    for (const [at, event] of feed) {
      clock.set(at);
      events.next(event);
    }
    expect(books.map((b) => [b.orders.has(id(1)), b.removed])).toEqual([
      [false, []],
      [true, []],
      [true, []],
      [true, []],
      [false, [id(1)]],
    ]);
  });

  it('keeps at most maxPlaceholders orders known only from deals, dropping the oldest', () => {
    const deals = Array.from({ length: 5 }, (_, n) => dealEvent({ orderId: id(n), tradeId: `t${n}` }));
    const books = emitted(deals, reduceOrders({ maxPlaceholders: 3 }));
    expect(books[books.length - 1]?.orders.size).toBe(3);
    expect(removedIds(books)).toEqual([id(0), id(1)]);
  });

  it('drops late events of an evicted order instead of bringing it back', () => {
    const late = [
      orderEvent({ orderId: id(0), status: 'PARTIALLY_FILLED', cumulativeQuantity: '1', sendTime: T0 }),
      dealEvent({ orderId: id(0), tradeId: 'late' }),
    ];
    const events = [...placedAndFilled(0), ...placedAndFilled(1), ...late];
    const books = emitted(events, reduceOrders({ maxTerminalOrders: 1 }));
    // The first snapshot, then one per placing and filling: the late events emit nothing.
    expect(books).toHaveLength(5);
    expect(books[4]?.orders.has(id(0))).toBe(false);
  });

  it('remembers at most maxForgottenIds evicted ids', () => {
    const late = orderEvent({ orderId: id(0), status: 'FILLED', cumulativeQuantity: '10', sendTime: T0 + 1 });
    const events = [...placedAndFilled(0), ...placedAndFilled(1), ...placedAndFilled(2), late];
    const book = lastEmitted(events, reduceOrders({ maxTerminalOrders: 0, maxForgottenIds: 1 }));
    // id 0 was forgotten when id 1 was evicted: its late report is taken as news (and evicted again).
    expect(book.changed).toEqual([]);
    expect(book.removed).toEqual([id(0)]);
  });
});
