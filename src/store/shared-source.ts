/**
 * The engine of a store: one subscription to the source, shared by every listener, opened by the
 * first and closed `linger` after the last one left; the latest value; and how the source ended.
 *
 * @module
 */
import { config, type Observable, type SchedulerLike, type Subscription } from 'rxjs';
import { scheduleInSteps } from '../long-delays.js';
import type { SourceStatus } from './types.js';

/** A listener as the store keeps it. */
export interface Listener<T> {
  /** The value it was given last; {@link NOTHING} before the first. */
  last: T | typeof NOTHING;
  /** Gives it a value. */
  readonly next: (value: T) => void;
  /**
   * Tells it the source ended (an Observable's subscriber completes). Without it, the listener is
   * called once more with the current value.
   */
  readonly end?: () => void;
}

/** What a listener was given before it was given anything. */
export const NOTHING: unique symbol = Symbol('nothing');

/** How the source's run ended. */
type SourceEnd = { readonly status: 'completed' } | { readonly status: 'errored'; readonly error: unknown };

const COMPLETED: SourceEnd = { status: 'completed' };

/** One subscription to the source: open while `subscription` is set, ended once `end` is. */
interface Run {
  subscription: Subscription | undefined;
  end: SourceEnd | undefined;
}

/** How a store holds its source. */
export interface SharingSettings {
  /** ms the source stays open after the last listener left (0: it closes at once). */
  readonly linger: number;
  /** Where the linger is waited. */
  readonly scheduler: SchedulerLike;
}

/**
 * The value, the listeners and the run of one store. Listeners are kept in a set and called from a
 * copy of it, so a listener may subscribe or unsubscribe (itself or another) while it is called; a
 * value that arrives while listeners are being called reaches every one of them, and none is
 * then given the older value after the newer one.
 */
export class SharedSource<T> {
  private value: T;
  private readonly listeners = new Set<Listener<T>>();
  private run: Run | undefined;
  private closing: Subscription | undefined;

  constructor(
    private readonly source: Observable<T>,
    private readonly initial: T,
    private readonly settings: SharingSettings,
  ) {
    this.value = initial;
  }

  /** The current value. */
  current(): T {
    return this.value;
  }

  /** Where the subscription to the source stands. */
  status(): SourceStatus {
    if (this.run === undefined) return 'idle';
    return this.run.end?.status ?? 'open';
  }

  /** The source's error, while the status is `errored`. */
  error(): unknown {
    const end = this.run?.end;
    return end?.status === 'errored' ? end.error : undefined;
  }

  /**
   * Adds a listener: opens the source if no run is held (a close waiting out the linger is called
   * off), gives the listener the current value, and, when the source has already ended, tells it.
   * Returns the function that removes it (calling it twice does nothing). A listener that throws
   * on its first value is removed again, and the error is thrown.
   */
  add(listener: Listener<T>): () => void {
    this.closing?.unsubscribe();
    this.closing = undefined;
    if (this.run === undefined) this.open();
    this.listeners.add(listener);
    const value = this.value;
    listener.last = value;
    try {
      listener.next(value);
    } catch (error: unknown) {
      this.remove(listener);
      throw error;
    }
    if (this.run?.end !== undefined && this.listeners.has(listener)) listener.end?.();
    return () => this.remove(listener);
  }

  private remove(listener: Listener<T>): void {
    if (!this.listeners.delete(listener) || this.listeners.size > 0 || this.run === undefined) return;
    if (this.settings.linger === 0) this.close();
    else this.closing = scheduleInSteps(this.settings.scheduler, () => this.close(), this.settings.linger);
  }

  /** Lets go of the run: closes the source's subscription if it still runs, and the value is `initial` again. */
  private close(): void {
    const run = this.run;
    this.run = undefined;
    this.closing = undefined;
    this.value = this.initial;
    try {
      run?.subscription?.unsubscribe();
    } catch (error: unknown) {
      this.report(error);
    }
  }

  private open(): void {
    const run: Run = { subscription: undefined, end: undefined };
    this.run = run;
    const subscription = this.source.subscribe({
      next: (value) => {
        if (this.run === run) this.take(value);
      },
      error: (error: unknown) => {
        if (this.run === run) this.finish(run, { status: 'errored', error });
      },
      complete: () => {
        if (this.run === run) this.finish(run, COMPLETED);
      },
    });
    if (this.run === run && run.end === undefined) run.subscription = subscription;
  }

  private take(value: T): void {
    if (Object.is(value, this.value)) return;
    this.value = value;
    this.callEach((listener) => {
      // A newer value may have reached this listener already (from a listener called before it).
      if (Object.is(listener.last, this.value)) return;
      listener.last = this.value;
      listener.next(this.value);
    });
  }

  private finish(run: Run, end: SourceEnd): void {
    run.end = end;
    run.subscription = undefined;
    this.callEach((listener) => {
      listener.last = this.value;
      if (listener.end) listener.end();
      else listener.next(this.value);
    });
  }

  /** Calls `call` for each listener still added when its turn comes; errors are reported, not thrown. */
  private callEach(call: (listener: Listener<T>) => void): void {
    for (const listener of [...this.listeners]) {
      if (!this.listeners.has(listener)) continue;
      try {
        call(listener);
      } catch (error: unknown) {
        this.report(error);
      }
    }
  }

  /**
   * Reports an error that has no one to go to (a listener's, or the source's teardown's) as rxjs
   * reports an unhandled error: to `config.onUnhandledError`, else thrown, in a task of its own (a
   * microtask: not on the scheduler, whose other work a throwing task could cancel).
   */
  private report(error: unknown): void {
    queueMicrotask(() => {
      const handler = config.onUnhandledError;
      if (handler) handler(error);
      else throw error;
    });
  }
}
