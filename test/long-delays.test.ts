/**
 * Delays of any length: a delay longer than a timer holds (2^31 - 1 ms) is waited in steps that
 * each fit, and adds up to exactly what was asked, so it never fires early. Proved on a scheduler
 * that records what it is asked (no real timer, no waiting), and in virtual time.
 */
import { describe, expect, it } from '@jest/globals';
import { queueScheduler, VirtualTimeScheduler, type SchedulerAction, type SchedulerLike, type Subscription } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { delayInSteps, everyInSteps, scheduleInSteps } from '../src/long-delays.js';
import { recordingScheduler, TIMER_LIMIT_MS } from './support/recording-scheduler.js';

const DAY = 86_400_000;

/** A scheduler that runs nothing by itself: it records each delay asked, and `next()` runs the oldest task. */
function manualScheduler(): SchedulerLike & { readonly delays: number[]; next(): void; pending(): number } {
  const tasks: (() => void)[] = [];
  const delays: number[] = [];
  return {
    delays,
    now: () => 0,
    schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay = 0, state?: T): Subscription {
      delays.push(delay);
      let cancelled = false;
      tasks.push(() => {
        if (!cancelled) work.call({} as SchedulerAction<T>, state);
      });
      return { closed: false, unsubscribe: () => (cancelled = true), add: () => undefined, remove: () => undefined } as unknown as Subscription;
    },
    next: () => tasks.shift()?.(),
    pending: () => tasks.length,
  };
}

describe('scheduleInSteps', () => {
  it.each([
    ['25 days', 25 * DAY],
    ['29 days', 29 * DAY],
    ['exactly the limit', TIMER_LIMIT_MS],
    ['one ms past the limit', TIMER_LIMIT_MS + 1],
    ['a year', 365 * DAY],
  ])('waits %s in steps that each fit a timer and add up to the delay', (_name, delayMs) => {
    const scheduler = manualScheduler();
    let ran = 0;
    scheduleInSteps(scheduler, () => ran++, delayMs);
    while (scheduler.pending() > 0) {
      expect(ran).toBe(0);
      scheduler.next();
    }
    expect(ran).toBe(1);
    expect(scheduler.delays.every((d) => d >= 0 && d <= TIMER_LIMIT_MS)).toBe(true);
    expect(scheduler.delays.reduce((a, b) => a + b, 0)).toBe(delayMs);
    expect(scheduler.delays).toHaveLength(Math.ceil(delayMs / TIMER_LIMIT_MS));
  });

  it('asks a short delay of the scheduler as it is, in one step', () => {
    const scheduler = manualScheduler();
    scheduleInSteps(scheduler, () => undefined, 20_000);
    expect(scheduler.delays).toEqual([20_000]);
  });

  it('never runs Infinity, and schedules nothing for it', () => {
    const scheduler = manualScheduler();
    let ran = false;
    scheduleInSteps(scheduler, () => (ran = true), Infinity);
    expect(scheduler.pending()).toBe(0);
    expect(ran).toBe(false);
  });

  it('runs a negative or NaN delay as soon as the scheduler allows', () => {
    const scheduler = manualScheduler();
    scheduleInSteps(scheduler, () => undefined, -5);
    scheduleInSteps(scheduler, () => undefined, Number.NaN);
    expect(scheduler.delays).toEqual([0, 0]);
  });

  it('fires at the delay in virtual time, not a millisecond before, and not at all once cancelled', () => {
    const scheduler = new VirtualTimeScheduler();
    const fired: number[] = [];
    scheduleInSteps(scheduler, () => fired.push(scheduler.now()), 25 * DAY);
    const cancelled = scheduleInSteps(scheduler, () => fired.push(-1), 30 * DAY);
    scheduler.schedule(() => cancelled.unsubscribe(), 26 * DAY);
    scheduler.flush();
    expect(fired).toEqual([25 * DAY]);
  });

  it('can be cancelled in its first step or a later one', () => {
    const scheduler = new VirtualTimeScheduler();
    let ran = 0;
    scheduleInSteps(scheduler, () => ran++, 60 * DAY).unsubscribe();
    const later = scheduleInSteps(scheduler, () => ran++, 60 * DAY);
    scheduler.schedule(() => later.unsubscribe(), 50 * DAY);
    scheduler.flush();
    expect(ran).toBe(0);
  });

  it('works on a scheduler that runs a task at once (queueScheduler)', () => {
    let ran = 0;
    const handle = scheduleInSteps(queueScheduler, () => ran++, 0);
    expect(ran).toBe(1);
    expect(handle.closed).toBe(false);
    handle.unsubscribe();
  });
});

describe('delayInSteps', () => {
  it('emits 0 once at the delay, then completes (marbles)', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ expectObservable }) => {
      expectObservable(delayInSteps(3, scheduler)).toBe('---(a|)', { a: 0 });
      expectObservable(delayInSteps(Infinity, scheduler)).toBe('');
    });
  });
});

describe('in virtual time, through a recording scheduler', () => {
  it('delayInSteps of 25 days emits then, asking no timer for more than the limit', () => {
    const virtual = new VirtualTimeScheduler();
    const scheduler = recordingScheduler(virtual);
    const at: number[] = [];
    delayInSteps(25 * DAY, scheduler).subscribe({ next: () => at.push(virtual.now()), complete: () => at.push(-virtual.now()) });
    virtual.flush();
    expect(at).toEqual([25 * DAY, -25 * DAY]);
    expect(Math.max(...scheduler.delays)).toBeLessThanOrEqual(TIMER_LIMIT_MS);
  });

  it('everyInSteps ticks at once and then every period, even a period of 30 days', () => {
    const virtual = new VirtualTimeScheduler();
    const scheduler = recordingScheduler(virtual);
    const ticks: [number, number][] = [];
    const subscription = everyInSteps(30 * DAY, scheduler).subscribe((n) => ticks.push([n, virtual.now()]));
    virtual.schedule(() => subscription.unsubscribe(), 100 * DAY);
    virtual.flush();
    expect(ticks).toEqual([
      [0, 0],
      [1, 30 * DAY],
      [2, 60 * DAY],
      [3, 90 * DAY],
    ]);
    expect(Math.max(...scheduler.delays)).toBeLessThanOrEqual(TIMER_LIMIT_MS);
  });

  it('everyInSteps stops when its subscriber leaves from inside a tick', () => {
    const virtual = new VirtualTimeScheduler();
    const ticks: number[] = [];
    const subscription = everyInSteps(10, virtual).subscribe((n) => {
      ticks.push(n);
      if (n === 2) subscription.unsubscribe();
    });
    virtual.flush();
    expect(ticks).toEqual([0, 1, 2]);
  });
});
