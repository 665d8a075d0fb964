/**
 * reduceOrders refuses a bad limit when the operator is made, naming the option that is wrong; and
 * its age limit runs on the clock of the scheduler it is given: a finished order is dropped once it
 * has been finished for `maxTerminalAgeMs` by that clock, and not before.
 */
import { describe, expect, it } from '@jest/globals';
import { asyncScheduler, Subject, type SchedulerLike } from 'rxjs';
import { ValidationError } from '../../src/errors.js';
import { reduceOrders, type ReduceOrdersOptions } from '../../src/operators/reduce-orders.js';
import type { OrderBook } from '../../src/operators/state/order-book.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { orderEvent, T0 } from './fixtures.js';

describe('reduceOrders options', () => {
  it.each<[keyof ReduceOrdersOptions, number, string]>([
    ['maxTerminalOrders', -1, 'a whole number, 0 or more (or Infinity)'],
    ['maxTerminalAgeMs', Number.NaN, 'a duration in ms, finite, 0 or more'],
    ['maxPlaceholders', 2.5, 'a whole number, 0 or more (or Infinity)'],
    ['maxForgottenIds', -Infinity, 'a whole number, 0 or more (or Infinity)'],
  ])('refuses a bad %s, naming it', (field, value, rule) => {
    let refused: unknown;
    try {
      reduceOrders({ [field]: value });
    } catch (error: unknown) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ operation: 'config', issues: [{ field, rule }] });
  });
});

/** A scheduler whose clock the test sets; it schedules nothing here. */
function clockAt(start: number): { scheduler: SchedulerLike; set: (ms: number) => void } {
  let now = start;
  return { scheduler: { now: () => now, schedule: asyncScheduler.schedule.bind(asyncScheduler) as SchedulerLike['schedule'] }, set: (ms) => void (now = ms) };
}

describe('reduceOrders({ maxTerminalAgeMs })', () => {
  it("drops a finished order once it is that old by the scheduler's clock, and not a millisecond before", () => {
    const clock = clockAt(1_000_000);
    const events = new Subject<UserDataEvent>();
    const books: OrderBook[] = [];
    events.pipe(reduceOrders({ maxTerminalAgeMs: 1_000, scheduler: clock.scheduler })).subscribe((book) => books.push(book));

    events.next(orderEvent({ orderId: 'done', status: 'FILLED', cumulativeQuantity: '10', remainQuantity: '0', sendTime: T0 }));
    clock.set(1_000_999);
    events.next(orderEvent({ orderId: 'a', sendTime: T0 + 1 }));
    expect(books.at(-1)?.orders.has('done')).toBe(true);
    clock.set(1_001_000);
    events.next(orderEvent({ orderId: 'b', sendTime: T0 + 2 }));
    expect(books.at(-1)?.orders.has('done')).toBe(false);
    expect([...(books.at(-1)?.orders.keys() ?? [])].sort()).toEqual(['a', 'b']);
  });
});
