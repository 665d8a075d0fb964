/**
 * `toStore`: an Observable, whichever it is, as a store that UI frameworks take as it is.
 *
 * @module
 */
import { asyncScheduler, Observable, type Subscribable } from 'rxjs';
import { ValidationError, type ValidationIssue } from '../errors.js';
import { checkSettings, type DefaultsOf, optional, refuseIssues, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, ANY_VALUE, duration, OBSERVABLE, SCHEDULER } from '../settings/rules.js';
import { NOTHING, SharedSource } from './shared-source.js';
import type { Store, StoreOptions, Unsubscribe } from './types.js';

/**
 * The defaults of {@link StoreOptions}, each written here only: `STORE_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const STORE_DEFAULTS = {
  linger: 1000,
  scheduler: asyncScheduler,
} as const satisfies DefaultsOf<StoreOptions<unknown>>;

/**
 * The store's settings: each rule and default (`initial` may be any value: the types say what).
 *
 * The linger's default, one second: React's StrictMode mounts, unmounts and mounts again within
 * one commit (well under a millisecond), and a route change unmounts one page and mounts the next
 * within a few hundred ms, lazy loading included; a second covers both, and keeps a listen key
 * (one of the 60 an account may hold) open for at most a second after a page is left.
 */
export const STORE_SETTINGS = settingsFor<StoreOptions<unknown>>()({
  initial: optional(ANY_VALUE),
  linger: setting(duration({ min: 0 }), STORE_DEFAULTS.linger),
  scheduler: setting(SCHEDULER, STORE_DEFAULTS.scheduler),
});

const LISTENER = aFunction<(value: never) => void>();

/**
 * Holds an Observable as a store: a current value that React (`useSyncExternalStore`), Svelte (the
 * store contract: `$store`, `get`, `derived`), Vue, Angular and rxjs (`from(store)`) take as it is.
 *
 * - One subscription to `source$` for all listeners, opened by the first and closed `linger` ms
 *   after the last one left (a listener that comes meanwhile takes it over): StrictMode's
 *   mount-unmount-mount, a route change and Svelte's `get` make no new listen key.
 * - The snapshot is the source's latest value as it is (the state operators' snapshots carry
 *   their freshness), the same reference until another comes; `initial` before the first value,
 *   and again once the store let go of its source. Reading it never opens the source.
 * - A source that fails leaves the last value in place: `getStatus()` says `errored` and
 *   `getError()` gives the error, which never reaches a listener. A completed source keeps its
 *   last value (`completed`). Either lasts while the store holds that run (listeners, then
 *   `linger`); the listener that comes after the store let go of it subscribes to the source
 *   anew.
 *
 * Without `initial` the store's values are `T | undefined`; with it, `T` or the type of `initial`.
 *
 * @throws ValidationError (operation `config`) when `source$` is not an Observable or a setting
 *   breaks its rule (`linger` a finite number of ms, 0 or more; `scheduler` an rxjs scheduler).
 * @example
 * ```ts
 * import { useSyncExternalStore } from 'react';
 * import { balanceSnapshots, createClient, toStore, userDataStream } from 'mexc-rx';
 *
 * const client = createClient({ apiKey: 'mx0vgl...', secretKey: '...' });
 * const balances = toStore(userDataStream(client).pipe(balanceSnapshots()));
 *
 * function Balances() {
 *   const snapshot = useSyncExternalStore(balances.subscribe, balances.getSnapshot, balances.getServerSnapshot);
 *   return snapshot === undefined ? 'connecting…' : `${snapshot.balances.size} assets`;
 * }
 * ```
 */
export function toStore<T, I>(source$: Observable<T>, options: StoreOptions<I> & { readonly initial: I }): Store<T | I>;
/**
 * Holds an Observable as a store whose value is `undefined` until the source gives one (no
 * `initial`): see the other signature.
 *
 * @example
 * ```ts
 * import { interval } from 'rxjs';
 * import { toStore } from 'mexc-rx';
 *
 * const ticks = toStore(interval(1000)); // Store<number | undefined>
 * const stop = ticks.subscribe((n) => console.log(n ?? 'waiting')); // logs 'waiting' at once
 * ```
 */
export function toStore<T>(source$: Observable<T>, options?: StoreOptions<undefined>): Store<T | undefined>;
export function toStore<T, I>(source$: Observable<T>, options: StoreOptions<I> = {}): Store<T | I> {
  const issues: ValidationIssue[] = OBSERVABLE.accepts(source$) ? [] : [{ field: '(source$)', rule: OBSERVABLE.words }];
  const settings = checkSettings(STORE_SETTINGS, options, issues);
  refuseIssues(issues);
  const initial = settings.initial as T | I;
  const shared = new SharedSource<T | I>(source$, initial, settings);
  const observable = new Observable<T | I>((subscriber) =>
    shared.add({ last: NOTHING, next: (value) => subscriber.next(value), end: () => subscriber.complete() }),
  );
  const interop = (): Subscribable<T | I> => observable;
  const store = {
    subscribe: (listener: (value: T | I) => void): Unsubscribe => {
      if (!LISTENER.accepts(listener)) throw new ValidationError({ operation: 'config', issues: [{ field: '(listener)', rule: LISTENER.words }] });
      return unsubscribeFunction(shared.add({ last: NOTHING, next: (value) => listener(value) }));
    },
    getSnapshot: () => shared.current(),
    getServerSnapshot: () => initial,
    getStatus: () => shared.status(),
    getError: () => shared.error(),
    '@@observable': interop,
  } as Store<T | I>;
  // rxjs looks for `Symbol.observable` where a polyfill defines it, else for '@@observable'.
  if (typeof Symbol.observable === 'symbol') Object.defineProperty(store, Symbol.observable, { value: interop, enumerable: true });
  return Object.freeze(store);
}

/** `remove` as an {@link Unsubscribe}: a function that also has `unsubscribe`. */
function unsubscribeFunction(remove: () => void): Unsubscribe {
  const unsubscribe = (): void => remove();
  return Object.assign(unsubscribe, { unsubscribe });
}
