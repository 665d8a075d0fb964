/**
 * `keyedConcatMap`: `concatMap` within a key, `mergeMap` across keys, with a bound on the inner
 * Observables running at once and on the values held. Internal (the bridge's publisher is built on
 * it), not part of the public API.
 *
 * @module
 */
import { from, type ObservableInput, type Observer, type OperatorFunction, type Subscriber, type Subscription } from 'rxjs';
import { operate, relay } from '../../internal/operate.js';
import { Pump } from '../../internal/pump.js';
import { Queue } from '../../internal/queue.js';

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
 * Values waiting per key, and the keys whose next value may start (none of theirs running), in
 * the order they became so: a freed slot goes to the key that has waited longest.
 */
class KeyQueues<K, T> {
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
    const queue = this.waiting.get(key);
    if (queue !== undefined) {
      queue.push(value);
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
    const key = this.ready.shift() as K;
    const queue = this.waiting.get(key) as Queue<T>;
    const value = queue.shift() as T;
    if (queue.length === 0) this.waiting.delete(key);
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
 * Hears the running inner Observable of one key. (A class rather than an object of closures: one
 * is made per value.)
 */
class KeyObserver<K, R> implements Observer<R> {
  constructor(
    private readonly subscriber: Subscriber<R>,
    private readonly queues: { finished(key: K): void },
    private readonly key: K,
  ) {}

  next(result: R): void {
    this.subscriber.next(result);
  }

  error(error: unknown): void {
    this.subscriber.error(error);
  }

  complete(): void {
    this.queues.finished(this.key);
  }
}

/** One subscription of {@link keyedConcatMap}: its queues per key, the running inner subscriptions, and when it is done. */
class KeyedConcat<T, K, R> {
  private readonly queues = new KeyQueues<K, T>();
  /** The subscription of each key's running inner Observable. */
  private readonly inners = new Map<K, Subscription>();
  private sourceDone = false;
  /** Starts what may start; an inner Observable that completes at once asks for one more pass. */
  private readonly starter = new Pump(() => this.startWhatMay());

  constructor(
    private readonly subscriber: Subscriber<R>,
    private readonly keyOf: (value: T) => K,
    private readonly project: (value: T) => ObservableInput<R>,
    private readonly limits: KeyedConcatLimits,
  ) {}

  /** A value of the source. */
  next(value: T): void {
    if (this.subscriber.closed) return;
    if (this.queues.held >= this.limits.maxBacklog) {
      this.subscriber.error(this.limits.backlogError(this.limits.maxBacklog));
      return;
    }
    try {
      this.queues.add(this.keyOf(value), value);
    } catch (error: unknown) {
      this.subscriber.error(error);
      return;
    }
    this.pump();
  }

  /** The source completed. */
  complete(): void {
    this.sourceDone = true;
    this.completeIfDrained();
  }

  /** Unsubscribes the running inner Observables; the waiting values are dropped with this object. */
  stop(): void {
    for (const inner of this.inners.values()) inner.unsubscribe();
    this.inners.clear();
  }

  // Starts what may start. An inner Observable that completes at once calls back in here: the
  // pass already running takes its successor, so a long key's queue never deepens the stack.
  private pump(): void {
    try {
      this.starter.run();
    } catch (error: unknown) {
      this.subscriber.error(error);
    }
    this.completeIfDrained();
  }

  private startWhatMay(): void {
    while (!this.subscriber.closed && this.queues.inFlight < this.limits.maxInFlight) {
      const next = this.queues.start();
      if (next === undefined) break;
      this.run(next[0], next[1]);
    }
  }

  /** The running inner Observable of `key` is done: its key's next value may start. */
  finished(key: K): void {
    this.inners.delete(key);
    this.queues.finish(key);
    this.pump();
  }

  private run(key: K, value: T): void {
    const inner = from(this.project(value)).subscribe(new KeyObserver(this.subscriber, this, key));
    // Not kept when it completed at once.
    if (!inner.closed) this.inners.set(key, inner);
  }

  private completeIfDrained(): void {
    if (this.sourceDone && this.queues.held === 0) this.subscriber.complete();
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
  return operate<T, R>((source, subscriber) => {
    const keyed = new KeyedConcat(subscriber, keyOf, project, limits);
    relay(source, subscriber, { next: (value) => keyed.next(value), complete: () => keyed.complete() });
    return () => keyed.stop();
  });
}
