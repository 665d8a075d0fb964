/**
 * One call of the bridge to NATS (a publish, a look-up) as a cold Observable, retried on the
 * library's exponential backoff: the publisher's retries in one place.
 *
 * @module
 */
import { Observable, retry, type SchedulerLike, throwError } from 'rxjs';
import { exponentialDelay } from '../exponential-backoff.js';
import { delayInSteps } from '../long-delays.js';
import { JetStreamPublishError } from './errors.js';

/** How a call is retried. */
export interface RetrySettings {
  /** Attempts after the first (`Infinity`: until it succeeds). */
  readonly retries: number;
  /** Wait before the first retry, ms, doubling with each retry (no cap, no jitter). */
  readonly retryDelayMs: number;
  /** Scheduler of the waits. */
  readonly scheduler: SchedulerLike;
}

/**
 * `attempt` (called once per subscription and once per retry) as an Observable of its result,
 * tried up to `retries + 1` times, waiting `retryDelayMs`, then twice that, and so on, between
 * tries. Once the tries are spent it errors with a {@link JetStreamPublishError} saying `what`
 * failed, whose `cause` is the last failure. Unsubscribing abandons the attempt under way (its
 * result is ignored: a message already sent may still be stored, under its id) and cancels any wait.
 *
 * @example
 * ```ts
 * retried(`publishing to ${subject}`, () => js.publish(subject, data, { msgID, timeout: 5000 }), {
 *   retries: 3,
 *   retryDelayMs: 250,
 *   scheduler: asyncScheduler,
 * }).subscribe((ack) => console.log(ack.seq));
 * ```
 */
export function retried<T>(what: string, attempt: () => Promise<T>, settings: RetrySettings): Observable<T> {
  // `defer(attempt)` would do, through two more Observables and promises per call (one per event).
  const call = new Observable<T>((subscriber) => {
    attempt().then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
  });
  return call.pipe(retry({ delay: waitOrGiveUp(what, settings) }));
}

/**
 * `retry`'s `delay`: the backoff's wait before retry `count`, or, once `retries` are spent, the
 * error of the call. (Deciding both here spares a `catchError` per call: the publisher makes one
 * call per event.)
 */
function waitOrGiveUp(what: string, settings: RetrySettings): (error: unknown, count: number) => Observable<unknown> {
  return (error, count) =>
    count > settings.retries
      ? throwError(() => new JetStreamPublishError(`${what} failed after ${settings.retries + 1} attempt(s)`, { cause: error }))
      : delayInSteps(exponentialDelay(count, { initialDelayMs: settings.retryDelayMs, maxDelayMs: Infinity, jitter: 'none' }), settings.scheduler);
}
