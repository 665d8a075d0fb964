/**
 * The shape of a store: what React's `useSyncExternalStore`, Svelte's store contract, Vue, Angular
 * and rxjs take as it is.
 *
 * @module
 */
import type { InteropObservable, SchedulerLike, Subscribable } from 'rxjs';

/**
 * Ends a subscription to a store: call it, or call its `unsubscribe` (the two are the same, so
 * React, Svelte and Vue, which call a function, and rxjs-minded code, which calls
 * `.unsubscribe()`, all take it). Calling it again does nothing.
 */
export interface Unsubscribe {
  (): void;
  /** The same as calling the function. */
  readonly unsubscribe: () => void;
}

/**
 * Where the store's subscription to its source stands:
 * - `idle`: none is open (no listener yet, or the last one left and `linger` has passed);
 * - `open`: the source runs (for listeners, or within `linger` after the last one left);
 * - `completed`: the source completed; the snapshot keeps its last value;
 * - `errored`: the source failed; the snapshot keeps its last value and `getError()` gives the error.
 *
 * `completed` and `errored` last until the store lets go of that run (no listener for `linger`):
 * then it is `idle` again, and the next listener subscribes to the source anew.
 */
export type SourceStatus = 'idle' | 'open' | 'completed' | 'errored';

/**
 * A store over an Observable (made by `toStore`). Every member is a function that works detached
 * from the store (`useSyncExternalStore(store.subscribe, store.getSnapshot)`).
 */
export interface Store<T> extends InteropObservable<T> {
  /**
   * Calls `listener` with the current value before it returns (Svelte's rule), then with every
   * new value, and once more, with the same value, when the source completes or fails (so that
   * readers of `getStatus` and `getError` hear of it). A listener is never given an error: a
   * second argument (Svelte's `derived` passes one) is ignored. The first listener opens the
   * source; the subscription is shared by every listener, and is closed `linger` ms after the
   * last one left. A `listener` that throws on the first call is not added, and the call throws;
   * one that throws later does not stop the others, and its error is reported as rxjs reports an
   * unhandled error (`config.onUnhandledError`, else thrown in a task of its own).
   *
   * @throws ValidationError (operation `config`, field `(listener)`) when `listener` is not a function.
   */
  readonly subscribe: (this: void, listener: (value: T) => void) => Unsubscribe;
  /**
   * The current value: the same reference until the source gives another (React's rule). Before
   * the first listener, and again once the store let go of its source, `initial`; reading it never
   * opens the source.
   */
  readonly getSnapshot: (this: void) => T;
  /** The value for server rendering and hydration: always `initial`. It never opens the source. */
  readonly getServerSnapshot: (this: void) => T;
  /** Where the subscription to the source stands. */
  readonly getStatus: (this: void) => SourceStatus;
  /** The source's error while the status is `errored`; else `undefined`. */
  readonly getError: (this: void) => unknown;
  /**
   * The store as an Observable, for `from(store)` (rxjs) and what takes one (Angular's
   * `toSignal`, `@vueuse/rxjs`): each subscriber counts as a listener, gets the current value at
   * once and each new one, and completes when the source completes or fails (the error stays in
   * `getError()`, never raised into a UI). Also under `Symbol.observable` where it is defined.
   */
  readonly '@@observable': (this: void) => Subscribable<T>;
}

/** Settings of `toStore`. */
export interface StoreOptions<I> {
  /**
   * The value before the source gives one, and again once the store lets go of its source (the
   * state operators' empty snapshots fit). Default `undefined`, and the store's type then says
   * so (`Store<T | undefined>`).
   */
  readonly initial?: I | undefined;
  /**
   * How long the subscription to the source stays open after the last listener left, ms: a
   * listener that arrives meanwhile takes it over, so React's StrictMode (mount, unmount, mount),
   * a route change or Svelte's `get` make no new listen key. `0` closes it as the last one leaves.
   * Default 1000.
   */
  readonly linger?: number | undefined;
  /** Where `linger` is waited. Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
}
