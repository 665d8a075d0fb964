/**
 * An rxjs scheduler on a {@link SimClock}: `now()` is the clock's time and scheduled work runs
 * when the clock reaches it (in manual mode when `advance` passes it; in fast mode after a real
 * wait of `delay / speed`). A client stream under test given this scheduler shares one notion of
 * time with the simulator. Built from rxjs's public API only.
 *
 * @module
 */
import { Subscription, type SchedulerAction, type SchedulerLike } from 'rxjs';
import type { SimClock } from './clock.js';

/** One scheduled piece of work; rescheduling it from inside its work reuses it (as rxjs actions do). */
class ClockAction<T> extends Subscription implements SchedulerAction<T> {
  private cancelTimer: (() => void) | undefined;
  private state: T | undefined;

  constructor(
    private readonly clock: SimClock,
    private readonly work: (this: SchedulerAction<T>, state?: T) => void,
  ) {
    super();
    this.add(() => this.clearTimer());
  }

  schedule(state?: T, delay = 0): Subscription {
    if (this.closed) return this;
    this.state = state;
    this.clearTimer();
    this.cancelTimer = this.clock.setTimer(delay, () => this.execute());
    return this;
  }

  private clearTimer(): void {
    const cancel = this.cancelTimer;
    this.cancelTimer = undefined;
    cancel?.();
  }

  private execute(): void {
    this.cancelTimer = undefined;
    if (this.closed) return;
    try {
      this.work(this.state);
    } catch (error) {
      this.unsubscribe();
      throw error;
    }
    // Not rescheduled by its work: done.
    if (this.cancelTimer === undefined) this.unsubscribe();
  }
}

/**
 * Makes an rxjs scheduler that runs on `clock`.
 *
 * @example
 * ```ts
 * const clock = createSimClock({ speed: 1000 });
 * const scheduler = clockScheduler(clock);
 * timer(60_000, scheduler).subscribe(() => console.log('a simulated minute later, 60 real ms'));
 * ```
 */
export function clockScheduler(clock: SimClock): SchedulerLike {
  return {
    now: () => clock.now(),
    schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay?: number, state?: T): Subscription {
      return new ClockAction<T>(clock, work).schedule(state, delay ?? 0);
    },
  };
}
