/**
 * What the store tests share: a source that counts its subscriptions and can be driven, and a
 * manual clock with a scheduler on it for the linger.
 */
import { Observable, Subject, type SchedulerLike } from 'rxjs';
import { clockScheduler, createSimClock, type SimClock } from '../../src/simulator/index.js';

/** A hot source the test drives, counting who subscribed and who left. */
export interface CountedSource<T> {
  readonly source$: Observable<T>;
  /** Subscriptions made so far. */
  readonly opened: () => number;
  /** Subscriptions ended by their subscriber (not by the source ending). */
  readonly closed: () => number;
  /** Subscriptions open now. */
  readonly open: () => number;
  next(value: T): void;
  error(error: unknown): void;
  complete(): void;
}

/** A {@link CountedSource}; `onSubscribe` runs for each new subscriber (to emit at once). */
export function countedSource<T>(onSubscribe?: (subject: Subject<T>) => void): CountedSource<T> {
  let subject = new Subject<T>();
  let opened = 0;
  let closed = 0;
  let running = 0;
  const source$ = new Observable<T>((subscriber) => {
    opened++;
    running++;
    let ended = false;
    const end = (): void => {
      ended = true;
      running--;
    };
    const inner = subject.subscribe({
      next: (value) => subscriber.next(value),
      error: (error: unknown) => {
        end();
        subscriber.error(error);
      },
      complete: () => {
        end();
        subscriber.complete();
      },
    });
    onSubscribe?.(subject);
    return () => {
      inner.unsubscribe();
      if (ended) return;
      closed++;
      running--;
    };
  });
  return {
    source$,
    opened: () => opened,
    closed: () => closed,
    open: () => running,
    next: (value) => subject.next(value),
    error: (error) => {
      const ending = subject;
      subject = new Subject<T>();
      ending.error(error);
    },
    complete: () => {
      const ending = subject;
      subject = new Subject<T>();
      ending.complete();
    },
  };
}

/** A manual clock (time stands still until advanced) and an rxjs scheduler on it. */
export function manualTime(): { readonly clock: SimClock; readonly scheduler: SchedulerLike } {
  const clock = createSimClock({ start: Date.UTC(2025, 2, 14, 12), realtime: false });
  return { clock, scheduler: clockScheduler(clock) };
}
