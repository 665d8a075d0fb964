/**
 * A scheduler that records every delay it is asked for and hands the work to another (a
 * `TestScheduler`, a `VirtualTimeScheduler`): for tests that prove no timer is asked to hold more
 * than a real one can (2^31 - 1 ms; a longer one fires after 1 ms in Node and browsers).
 */
import type { SchedulerAction, SchedulerLike, Subscription } from 'rxjs';

/** The longest delay a timer of Node or a browser holds. */
export const TIMER_LIMIT_MS = 2 ** 31 - 1;

/** A scheduler over `inner` with the delays asked of it. */
export interface RecordingScheduler extends SchedulerLike {
  /** Every delay asked for, in order. */
  readonly delays: number[];
}

/**
 * Wraps `inner`; `now()` is its, and each `schedule` (a task's own included) is recorded, then passed on.
 *
 * @example
 * ```ts
 * const scheduler = recordingScheduler(new VirtualTimeScheduler());
 * ...
 * expect(Math.max(...scheduler.delays)).toBeLessThanOrEqual(TIMER_LIMIT_MS);
 * ```
 */
export function recordingScheduler(inner: SchedulerLike): RecordingScheduler {
  const delays: number[] = [];
  return {
    delays,
    now: () => inner.now(),
    schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay = 0, state?: T): Subscription {
      delays.push(delay);
      // A task may schedule itself again (rxjs's periodic `timer` does): those delays count too.
      return inner.schedule(function (this: SchedulerAction<T>, next?: T) {
        work.call(recordingAction(this, delays), next);
      }, delay, state);
    },
  };
}

/** `action`, with the delays it is scheduled again with recorded. */
function recordingAction<T>(action: SchedulerAction<T>, delays: number[]): SchedulerAction<T> {
  const recorded = Object.create(action) as SchedulerAction<T>;
  recorded.schedule = (again?: T, againDelay = 0) => {
    delays.push(againDelay);
    return action.schedule(again, againDelay);
  };
  return recorded;
}
