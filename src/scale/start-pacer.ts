/**
 * Paces the starts of many streams: at most `maxConcurrent` under way at once, and new ones begun
 * no faster than `perSecond`, in the order they asked. Time is the scheduler's, so tests run it
 * in virtual time.
 *
 * @module
 */
import { Observable, type SchedulerLike, type Subscription } from 'rxjs';
import { scheduleInSteps } from '../long-delays.js';

/** A granted start; give it back when the start is over (safe to call more than once). */
export interface Permit {
  release(): void;
}

/** Settings of {@link createStartPacer}. */
export interface StartPacerOptions {
  /** Starts under way at once (granted, not released yet). `Infinity` for no limit. */
  readonly maxConcurrent: number;
  /** Starts begun per second, spaced evenly (`1000 / perSecond` ms apart). `Infinity` for no limit. */
  readonly perSecond: number;
  readonly scheduler: SchedulerLike;
}

/** The pacer shared by the streams of one {@link userDataStreams} run. */
export interface StartPacer {
  /**
   * A cold Observable that waits for its turn, emits one {@link Permit} and completes.
   * Unsubscribing before the permit comes leaves the queue; after, the permit stays granted
   * until released.
   */
  acquire(): Observable<Permit>;
  /** Permits granted and not released. */
  readonly active: number;
  /** Requests waiting for a permit. */
  readonly waiting: number;
  /** Cancels the timer and forgets the waiting requests (their Observables never emit). */
  close(): void;
}

interface Waiter {
  readonly grant: (permit: Permit) => void;
}

/**
 * Makes a pacer.
 *
 * @example
 * ```ts
 * const pacer = createStartPacer({ maxConcurrent: 8, perSecond: 20, scheduler: asyncScheduler });
 * pacer.acquire().subscribe((permit) => openSomething().finally(() => permit.release()));
 * ```
 */
export function createStartPacer(options: StartPacerOptions): StartPacer {
  const { maxConcurrent, scheduler } = options;
  const spacingMs = options.perSecond === Infinity ? 0 : 1000 / options.perSecond;
  const queue: Waiter[] = [];
  let active = 0;
  let nextAt = -Infinity;
  let wake: Subscription | undefined;
  let closed = false;

  const pump = (): void => {
    // Each pass grants one waiter or stops: bounded by the queue's length.
    for (let budget = queue.length; budget > 0 && !closed && active < maxConcurrent && queue.length > 0; budget--) {
      const now = scheduler.now();
      if (now < nextAt) {
        wake ??= scheduleInSteps(
          scheduler,
          () => {
            wake = undefined;
            pump();
          },
          nextAt - now,
        );
        return;
      }
      const waiter = queue.shift();
      if (waiter === undefined) return;
      active += 1;
      nextAt = now + spacingMs;
      let released = false;
      waiter.grant({
        release: () => {
          if (released) return;
          released = true;
          active -= 1;
          pump();
        },
      });
    }
  };

  return {
    acquire: () =>
      new Observable<Permit>((subscriber) => {
        if (closed) return undefined;
        const waiter: Waiter = {
          grant: (permit) => {
            subscriber.next(permit);
            subscriber.complete();
          },
        };
        queue.push(waiter);
        pump();
        return () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
        };
      }),
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    close() {
      closed = true;
      queue.length = 0;
      wake?.unsubscribe();
      wake = undefined;
    },
  };
}
