/**
 * Paces the starts of many streams: at most `maxConcurrent` under way at once, and new ones begun
 * no faster than `perSecond`, in the order they asked. Time is the scheduler's, so tests run it
 * in virtual time. The counting, the pump and the timer are the kit's permit limiter
 * (`src/internal/permit-limiter.ts`, which the request budget uses too); the even spacing is here.
 *
 * @module
 */
import { Observable, type SchedulerLike } from 'rxjs';
import { PermitLimiter, type Permit } from '../internal/permit-limiter.js';
import { Queue } from '../internal/queue.js';

export type { Permit } from '../internal/permit-limiter.js';

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
  const spacingMs = options.perSecond === Infinity ? 0 : 1000 / options.perSecond;
  const queue = new Queue<Waiter>();
  let nextAt = -Infinity;
  let closed = false;
  const limiter: PermitLimiter = new PermitLimiter(options.scheduler, options.maxConcurrent, {
    waiting: () => queue.length > 0,
    grantNext: (now) => {
      if (now < nextAt) return nextAt;
      nextAt = now + spacingMs;
      (queue.shift() as Waiter).grant(limiter.take());
      return true;
    },
  });

  return {
    acquire: () =>
      new Observable<Permit>((subscriber) => {
        if (closed) return undefined;
        let granted = false;
        const waiter: Waiter = {
          grant: (permit) => {
            granted = true;
            subscriber.next(permit);
            subscriber.complete();
          },
        };
        queue.push(waiter);
        limiter.pump();
        // Granted, it has left the queue already: no search for it.
        return () => {
          if (!granted) queue.remove(waiter);
        };
      }),
    get active() {
      return limiter.held;
    },
    get waiting() {
      return queue.length;
    },
    close() {
      closed = true;
      queue.takeAll();
      limiter.close();
    },
  };
}
