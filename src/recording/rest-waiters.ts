/**
 * The REST replies of a replay, handed to whoever asked for them: a request (a seed, a resync)
 * waits for the next reply of its operation the replay reaches, as the live request waited for
 * the live reply. Requests of one operation are answered in the order they were made.
 *
 * @module
 */
import { Observable, type Subscriber } from 'rxjs';
import type { RestRecord } from './format.js';
import { RecordedRestError } from './recording-errors.js';

/**
 * The requests waiting for a reply, per operation.
 *
 * @example
 * ```ts
 * const waiters = new RestWaiters();
 * waiters.request<BalanceSeed[]>('M8').subscribe(console.log);
 * waiters.offer(record); // a rest record of M8: the request above gets its reply and completes
 * ```
 */
export class RestWaiters {
  private readonly waiting = new Map<string, Subscriber<unknown>[]>();

  /** A request of `operation`: the next reply offered after it was subscribed. */
  request<T>(operation: string): Observable<T> {
    return new Observable<T>((subscriber) => {
      const queue = this.waiting.get(operation) ?? [];
      queue.push(subscriber as Subscriber<unknown>);
      this.waiting.set(operation, queue);
      return () => {
        const index = queue.indexOf(subscriber as Subscriber<unknown>);
        if (index !== -1) queue.splice(index, 1);
      };
    });
  }

  /** A reply the replay reached: to the longest-waiting request of its operation, if any. */
  offer(record: RestRecord): void {
    const subscriber = this.waiting.get(record.operation)?.shift();
    if (subscriber === undefined) return;
    if ('error' in record) {
      subscriber.error(new RecordedRestError({ operation: record.operation, recordedName: record.error.name, message: record.error.message }));
      return;
    }
    subscriber.next(record.reply);
    subscriber.complete();
  }

  /** The replay is over: every request still waiting completes without a reply, or fails with `error`. */
  finish(error?: unknown): void {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    for (const subscriber of all) {
      if (error === undefined) subscriber.complete();
      else subscriber.error(error);
    }
  }
}
