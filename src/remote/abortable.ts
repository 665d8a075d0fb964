/**
 * A broker call as an Observable that gives the call up when its subscriber lets go (a stream
 * stopped while its key is being made, an operator unsubscribed during a read): nothing is left
 * waiting on a broker nobody listens to.
 *
 * @module
 */
import { Observable } from 'rxjs';

/**
 * Runs `work` once per subscription, with a signal that aborts when the subscriber lets go
 * before `work` settles.
 *
 * @example
 * ```ts
 * const created$ = abortable((signal) => callBroker(fetch, { method: 'POST', url, timeoutMs: 10_000, signal }));
 * ```
 */
export function abortable<T>(work: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    let settled = false;
    // A `work` that throws at once fails the subscription as one that rejects does.
    new Promise<T>((resolve) => resolve(work(controller.signal))).then(
      (value) => {
        settled = true;
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => {
        settled = true;
        subscriber.error(error);
      },
    );
    return () => {
      if (!settled) controller.abort();
    };
  });
}
