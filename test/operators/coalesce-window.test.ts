/**
 * The coalescing setting and window, directly: what `coalesceOption` resolves a setting to, what it
 * refuses (with the exact ValidationError), and the window's one flush per window, flushNow and
 * cancel. In virtual time.
 */
import { describe, expect, it } from '@jest/globals';
import { asapScheduler, asyncScheduler, VirtualTimeScheduler, type SchedulerLike } from 'rxjs';
import { ValidationError } from '../../src/errors.js';
import { coalesceOption, CoalescingWindow, type CoalesceOption } from '../../src/operators/coalesce.js';

const RULE = { field: 'coalesce', rule: 'a scheduler, or { everyMs } with a positive number of ms' };

function refusal(value: unknown): unknown {
  try {
    coalesceOption(value as CoalesceOption);
  } catch (error: unknown) {
    return error;
  }
  throw new Error('not refused');
}

describe('coalesceOption', () => {
  it('resolves a scheduler to itself with no delay, and { everyMs } to asyncScheduler or the one given', () => {
    const virtual = new VirtualTimeScheduler();
    expect(coalesceOption(undefined)).toBeUndefined();
    expect(coalesceOption(asapScheduler)).toEqual({ scheduler: asapScheduler, delayMs: 0 });
    expect(coalesceOption({ everyMs: 250 })).toEqual({ scheduler: asyncScheduler, delayMs: 250 });
    expect(coalesceOption({ everyMs: 0.5, scheduler: virtual })).toEqual({ scheduler: virtual, delayMs: 0.5 });
  });

  it.each<[string, unknown]>([
    ['a zero interval', { everyMs: 0 }],
    ['an interval given as text', { everyMs: '100' }],
    ['an infinite interval', { everyMs: Infinity }],
    ['a negative interval', { everyMs: -5 }],
    ['null', null],
    ['a number', 16],
    ['an object with now() alone', { now: () => 0 }],
    ['an object with schedule() alone', { schedule: () => asyncScheduler.schedule(() => undefined) }],
    ['a function that has now() and schedule()', Object.assign(() => 0, { now: () => 0, schedule: () => asyncScheduler.schedule(() => undefined) })],
    ['a scheduler given as null', { everyMs: 5, scheduler: null }],
  ])('refuses %s with a ValidationError of the config', (_name, value) => {
    const error = refusal(value);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ operation: 'config', issues: [RULE] });
  });
});

describe('CoalescingWindow', () => {
  function window(delayMs: number): { readonly scheduler: VirtualTimeScheduler; readonly flushes: number[]; readonly window: CoalescingWindow } {
    const scheduler = new VirtualTimeScheduler();
    const flushes: number[] = [];
    return { scheduler, flushes, window: new CoalescingWindow({ scheduler: scheduler as SchedulerLike, delayMs }, () => flushes.push(scheduler.now())) };
  }

  it('flushes once per window, after the delay, and opens a new window on the next request', () => {
    const { scheduler, flushes, window: w } = window(10);
    w.request();
    w.request();
    scheduler.flush();
    expect(flushes).toEqual([10]);
    w.request();
    scheduler.flush();
    expect(flushes).toEqual([10, 20]);
  });

  it('flushes at once on flushNow what is waiting, and only once', () => {
    const { scheduler, flushes, window: w } = window(10);
    w.flushNow();
    expect(flushes).toEqual([]);
    w.request();
    w.flushNow();
    expect(flushes).toEqual([0]);
    scheduler.flush();
    expect(flushes).toEqual([0]);
    w.flushNow();
    expect(flushes).toEqual([0]);
  });

  it('drops what is waiting on cancel, and opens a new window on the next request', () => {
    const { scheduler, flushes, window: w } = window(10);
    w.cancel();
    w.request();
    w.cancel();
    scheduler.flush();
    expect(flushes).toEqual([]);
    w.request();
    scheduler.flush();
    expect(flushes).toEqual([10]);
  });
});
