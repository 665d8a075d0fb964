/**
 * The store as an Observable (`from(store)`, `Symbol.observable` / `'@@observable'`), and the
 * frameworks that take one: rxjs, Vue (`shallowRef` + `onScopeDispose`, `@vueuse/rxjs`'s
 * `useObservable`) and Angular (`toSignal` with `requireSync`). Each subscriber counts as a
 * listener of the one shared subscription, gets the current value at once, and completes, never
 * errors, when the source ends.
 */
import { describe, expect, it } from '@jest/globals';
import { toSignal } from '@angular/core/rxjs-interop';
import { useObservable } from '@vueuse/rxjs';
import { combineLatest, from, map, Subject, type Observable } from 'rxjs';
import { effectScope, onScopeDispose, shallowRef } from 'vue';
import { toStore, type Store } from '../../src/index.js';
import { countedSource } from './support.js';

describe('from(store)', () => {
  it('emits the current value at once, then every new one, over the store’s one subscription', () => {
    const source = countedSource<number>((subject) => subject.next(1));
    const store = toStore(source.source$, { initial: 0 });
    const seen: number[][] = [[], []];
    from(store).subscribe((n) => seen[0]?.push(n));
    from(store).subscribe((n) => seen[1]?.push(n));
    source.next(2);
    expect(seen).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(source.opened()).toBe(1);
  });

  it('completes, without an error, when the source fails; the error stays in getError()', () => {
    const source = countedSource<number>();
    const store = toStore(source.source$, { initial: 0 });
    const events: string[] = [];
    from(store).subscribe({ next: (n) => events.push(`next ${n}`), error: () => events.push('error'), complete: () => events.push('complete') });
    source.next(3);
    source.error(new Error('refused'));
    expect(events).toEqual(['next 0', 'next 3', 'complete']);
    // A subscriber that comes while the failed run is held gets the last value, then completes.
    const late: string[] = [];
    from(store).subscribe({ next: (n) => late.push(`next ${n}`), complete: () => late.push('complete') });
    expect(late).toEqual(['next 3', 'complete']);
    expect((store.getError() as Error).message).toBe('refused');
  });

  it('counts as a listener: unsubscribing the last one lets the store close the source after linger', () => {
    const source = countedSource<number>();
    const store = toStore(source.source$, { linger: 0 });
    const subscription = from(store).subscribe();
    expect(source.open()).toBe(1);
    subscription.unsubscribe();
    expect(source.open()).toBe(0);
  });

  it('is found under Symbol.observable when a polyfill defines it', () => {
    const symbols = Symbol as unknown as { observable?: symbol | undefined };
    const before = symbols.observable;
    symbols.observable = Symbol('observable');
    try {
      const store = toStore(new Subject<number>(), { initial: 7 }) as unknown as Record<symbol, () => Observable<number>>;
      const seen: number[] = [];
      store[symbols.observable]?.().subscribe((n) => seen.push(n));
      expect(seen).toEqual([7]);
    } finally {
      symbols.observable = before;
    }
  });

  it('combines with other stores at once (combineLatest needs a first value from each)', () => {
    const orders = toStore(new Subject<number>(), { initial: 0 });
    const balances = toStore(new Subject<string>(), { initial: 'none' });
    const seen: string[] = [];
    combineLatest([from(orders), from(balances)])
      .pipe(map(([n, b]) => `${n} orders, ${b}`))
      .subscribe((text) => seen.push(text));
    expect(seen).toEqual(['0 orders, none']);
  });
});

/** The Vue recipe of docs/ui-state.md: a shallowRef fed by the store, released with the scope. */
function useStore<T>(store: Store<T>) {
  const value = shallowRef(store.getSnapshot());
  onScopeDispose(store.subscribe((next) => (value.value = next)));
  return value;
}

describe('Vue', () => {
  it('a shallowRef follows the store, keeps its reference, and the scope’s disposal leaves the store', () => {
    const source = countedSource<{ readonly n: number }>();
    const store = toStore(source.source$, { initial: { n: 0 }, linger: 0 });
    const scope = effectScope();
    const value = scope.run(() => useStore(store))!;
    const next = { n: 1 };
    source.next(next);
    expect(value.value).toBe(next);
    scope.stop();
    expect(source.open()).toBe(0);
  });

  it('@vueuse/rxjs useObservable(from(store)) has the value at once and unsubscribes with the scope', () => {
    const source = countedSource<string>((subject) => subject.next('live'));
    const store = toStore(source.source$, { initial: 'connecting', linger: 0 });
    const scope = effectScope();
    const status = scope.run(() => useObservable(from(store)))!;
    expect(status.value).toBe('live');
    scope.stop();
    expect(source.open()).toBe(0);
  });
});

describe('Angular', () => {
  it('toSignal(from(store), { requireSync: true }) has the value at once and follows it; a failed source never throws on read', () => {
    const source = countedSource<number>();
    const store = toStore(source.source$, { initial: 0, linger: 0 });
    const signal = toSignal(from(store), { requireSync: true, manualCleanup: true });
    expect(signal()).toBe(0);
    source.next(4);
    expect(signal()).toBe(4);
    source.error(new Error('refused'));
    expect(signal()).toBe(4);
    expect(source.open()).toBe(0);
  });
});
