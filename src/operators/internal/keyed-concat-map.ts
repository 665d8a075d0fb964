/**
 * `keyedConcatMap`: `concatMap` within a key, `mergeMap` across keys, with a bound on the inner
 * Observables running at once and on the values held. Internal (the bridge's publisher is built on
 * it), not part of the public API.
 *
 * @module
 */
import { from, Observable, type ObservableInput, type OperatorFunction, type Subscription } from 'rxjs';

/** Bounds of {@link keyedConcatMap}. */
export interface KeyedConcatLimits {
  /** Inner Observables subscribed at once, over all keys (never two of one key). At least 1. */
  readonly maxInFlight: number;
  /** Values held at once (waiting, or their inner Observable running), over all keys; one more errors the result. */
  readonly maxBacklog: number;
  /** The error the result fails with when a value would pass `maxBacklog`. */
  readonly backlogError: (maxBacklog: number) => unknown;
}

/**
 * First in, first out: an array read from a moving head (`Array.prototype.shift` copies the whole
 * array once it is large, which made a long lane quadratic), compacted once the head has passed half.
 */
class Queue<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The oldest item, removed; call only when `length > 0`. */
  shift(): T {
    const item = this.items[this.head] as T;
    this.items[this.head] = undefined;
    this.head += 1;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

/**
 * Values waiting per key, and the keys whose next value may start (none of theirs running), in
 * the order they became so: a freed slot goes to the key that has waited longest.
 */
class Lanes<K, T> {
  private readonly waiting = new Map<K, Queue<T>>();
  private readonly ready = new Queue<K>();
  private readonly running = new Set<K>();
  /** Values held: waiting or running. */
  held = 0;

  get inFlight(): number {
    return this.running.size;
  }

  add(key: K, value: T): void {
    this.held += 1;
    const lane = this.waiting.get(key);
    if (lane !== undefined) {
      lane.push(value);
      return;
    }
    const created = new Queue<T>();
    created.push(value);
    this.waiting.set(key, created);
    if (!this.running.has(key)) this.ready.push(key);
  }

  /** Takes the next value to run, of the key ready longest (now running); `undefined` when no key is ready. */
  start(): readonly [K, T] | undefined {
    if (this.ready.length === 0) return undefined;
    const key = this.ready.shift();
    const lane = this.waiting.get(key) as Queue<T>;
    const value = lane.shift();
    if (lane.length === 0) this.waiting.delete(key);
    this.running.add(key);
    return [key, value];
  }

  /** The running value of `key` is done. */
  finish(key: K): void {
    this.held -= 1;
    this.running.delete(key);
    if (this.waiting.has(key)) this.ready.push(key);
  }
}

/**
 * Maps each value to an Observable and flattens them: one at a time per key, in the order the
 * values came (like `concatMap`), different keys at once (like `mergeMap`) up to `maxInFlight`.
 * Errors with `backlogError(maxBacklog)` when a value comes while `maxBacklog` are held; errors
 * when the source or an inner Observable does; completes once the source has completed and every
 * key's values are done. Unsubscribing unsubscribes every running inner Observable; waiting
 * values are dropped.
 *
 * @example
 * ```ts
 * // Store each account's events in order, up to 64 accounts at once.
 * events$.pipe(
 *   keyedConcatMap((e) => e.account, (e) => store(e), {
 *     maxInFlight: 64,
 *     maxBacklog: 10_000,
 *     backlogError: (n) => new Error(`more than ${n} events wait`),
 *   }),
 * );
 * ```
 */
export function keyedConcatMap<T, K, R>(keyOf: (value: T) => K, project: (value: T) => ObservableInput<R>, limits: KeyedConcatLimits): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      const lanes = new Lanes<K, T>();
      /** The subscription of each key's running inner Observable. */
      const inners = new Map<K, Subscription>();
      let sourceDone = false;
      let pumping = false;

      const completeIfDrained = (): void => {
        if (sourceDone && lanes.held === 0) subscriber.complete();
      };
      const emit = (result: R): void => subscriber.next(result);
      const fail = (error: unknown): void => subscriber.error(error);

      const run = (key: K, value: T): void => {
        let done = false;
        const inner = from(project(value)).subscribe({
          next: emit,
          error: fail,
          complete: () => {
            done = true;
            inners.delete(key);
            lanes.finish(key);
            pump();
          },
        });
        if (!done) inners.set(key, inner);
      };

      // Starts what may start. An inner Observable that completes at once calls back in here:
      // the loop already running takes its successor, so a long lane never deepens the stack.
      const pump = (): void => {
        if (pumping) return;
        pumping = true;
        try {
          while (!subscriber.closed && lanes.inFlight < limits.maxInFlight) {
            const next = lanes.start();
            if (next === undefined) break;
            run(next[0], next[1]);
          }
        } catch (error: unknown) {
          subscriber.error(error);
        } finally {
          pumping = false;
        }
        completeIfDrained();
      };

      const sourceSubscription = source.subscribe({
        next: (value) => {
          if (subscriber.closed) return;
          if (lanes.held >= limits.maxBacklog) {
            subscriber.error(limits.backlogError(limits.maxBacklog));
            return;
          }
          try {
            lanes.add(keyOf(value), value);
          } catch (error: unknown) {
            subscriber.error(error);
            return;
          }
          pump();
        },
        error: fail,
        complete: () => {
          sourceDone = true;
          completeIfDrained();
        },
      });

      return () => {
        sourceSubscription.unsubscribe();
        for (const inner of inners.values()) inner.unsubscribe();
        inners.clear();
      };
    });
}
