/**
 * Delays of any length on an rxjs scheduler. Node's and browsers' timers hold at most 2^31 - 1 ms
 * (about 24.8 days): a longer delay fires after 1 ms, and rxjs's `asyncScheduler` hands delays to
 * them as they are. Every delay the library schedules from a user's setting (a stream's keepalive
 * and rollover, a budget's window, a poll's period...) goes through here instead: it is waited in
 * steps no longer than that, so it never fires early. `Infinity` never fires.
 *
 * @module
 */
import { Observable, Subscription, type SchedulerLike } from 'rxjs';
import { LONGEST_TIMER_MS } from './settings/rules.js';

/**
 * Runs `work` once, `delayMs` after now on `scheduler`, waiting in steps of at most
 * {@link LONGEST_TIMER_MS}. A delay of `Infinity` never runs; one below 0 (or NaN) runs as soon as
 * the scheduler allows. Unsubscribing the returned subscription cancels it.
 *
 * @example
 * ```ts
 * const rollover = scheduleInSteps(asyncScheduler, () => console.log('25 days later'), 25 * 86_400_000);
 * // later: rollover.unsubscribe();
 * ```
 */
export function scheduleInSteps(scheduler: SchedulerLike, work: () => void, delayMs: number): Subscription {
  const handle = new Subscription();
  if (delayMs === Infinity) return handle;
  const wait = (remaining: number): void => {
    const step = Math.min(remaining, LONGEST_TIMER_MS);
    let ran = false;
    const action = scheduler.schedule(() => {
      ran = true;
      if (remaining > step) wait(remaining - step);
      else work();
    }, step);
    // A scheduler may run a task at once (rxjs's queueScheduler does, for no delay). A delay of n
    // steps leaves n actions in the handle: a few, at most, for any delay a timer is given.
    if (!ran) handle.add(action);
  };
  wait(delayMs > 0 ? delayMs : 0);
  return handle;
}

/**
 * rxjs `timer(delayMs, scheduler)` for delays of any length: emits `0` after `delayMs`, then
 * completes (never, for `Infinity`).
 *
 * @example
 * ```ts
 * delayInSteps(30 * 86_400_000, asyncScheduler).subscribe(() => console.log('a month later'));
 * ```
 */
export function delayInSteps(delayMs: number, scheduler: SchedulerLike): Observable<0> {
  return new Observable<0>((subscriber) =>
    scheduleInSteps(
      scheduler,
      () => {
        subscriber.next(0);
        subscriber.complete();
      },
      delayMs,
    ),
  );
}

/**
 * rxjs `timer(0, periodMs, scheduler)` for periods of any length: emits 0, 1, 2... at once and
 * then every `periodMs`.
 *
 * @example
 * ```ts
 * everyInSteps(1000, asyncScheduler).subscribe((n) => console.log('tick', n));
 * ```
 */
export function everyInSteps(periodMs: number, scheduler: SchedulerLike): Observable<number> {
  return new Observable<number>((subscriber) => {
    let n = 0;
    let next: Subscription | undefined;
    const tick = (): void => {
      subscriber.next(n++);
      if (!subscriber.closed) next = scheduleInSteps(scheduler, tick, periodMs);
    };
    next = scheduleInSteps(scheduler, tick, 0);
    return () => next?.unsubscribe();
  });
}
