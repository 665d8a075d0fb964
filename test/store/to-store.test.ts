/**
 * The store's contract, one rule per test: the first value at once (Svelte), one reference until
 * it changes (React), an unsubscribe that is a function and has `unsubscribe`, methods that work
 * detached, a second argument never taken as an error handler, `initial` and the server snapshot
 * without opening anything, and settings refused when the store is made.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { BehaviorSubject, NEVER, of, throwError, type Observable } from 'rxjs';
import { toStore, ValidationError, type Store, type StoreOptions } from '../../src/index.js';
import { configIssues, loose } from '../support/settings.js';
import { countedSource, manualTime } from './support.js';

describe('subscribe', () => {
  it('calls the listener with the current value before it returns, then with each new value', () => {
    const source = countedSource<number>((subject) => subject.next(1));
    const store = toStore(source.source$, { initial: 0 });
    const seen: number[] = [];
    store.subscribe((value) => seen.push(value));
    expect(seen).toEqual([1]);
    source.next(2);
    source.next(3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('gives `initial` first when the source has no value yet, and `undefined` when no initial was given', () => {
    const seen: unknown[] = [];
    toStore(NEVER, { initial: 'none yet' }).subscribe((value) => seen.push(value));
    toStore(NEVER).subscribe((value) => seen.push(value));
    expect(seen).toEqual(['none yet', undefined]);
  });

  it('calls a listener only when the value changes (by reference)', () => {
    const source = countedSource<object>();
    const store = toStore(source.source$);
    const listener = jest.fn();
    store.subscribe(listener);
    const value = { a: 1 };
    source.next(value);
    source.next(value);
    source.next({ a: 1 });
    expect(listener).toHaveBeenCalledTimes(3);
    expect(listener.mock.calls.map(([v]) => v)).toEqual([undefined, value, { a: 1 }]);
  });

  it('returns a function that also has `unsubscribe`; either ends it, and a second call does nothing', () => {
    const { scheduler } = manualTime();
    const source = countedSource<number>();
    const store = toStore(source.source$, { linger: 0, scheduler });
    const first = jest.fn();
    const second = jest.fn();
    const stopFirst = store.subscribe(first);
    const stopSecond = store.subscribe(second);
    expect(typeof stopFirst).toBe('function');
    stopFirst();
    stopSecond.unsubscribe();
    stopFirst.unsubscribe();
    stopSecond();
    source.next(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(source.closed()).toBe(1);
  });

  it('never takes a second argument as an error handler (Svelte passes an invalidate callback)', () => {
    const source = countedSource<number>();
    const store = toStore(source.source$);
    const invalidate = jest.fn();
    // What Svelte's derived does: subscribe(run, invalidate).
    (store.subscribe as (run: (value: unknown) => void, invalidate: () => void) => unknown)(() => undefined, invalidate);
    source.next(1);
    source.error(new Error('boom'));
    expect(invalidate).not.toHaveBeenCalled();
    expect(store.getStatus()).toBe('errored');
  });

  it('refuses a listener that is not a function', () => {
    const store = toStore(of(1));
    for (const listener of [undefined, null, 'log', { next: () => undefined }]) {
      expect(() => (store.subscribe as (listener: unknown) => unknown)(listener)).toThrow(ValidationError);
    }
    expect(store.getStatus()).toBe('idle');
  });
});

describe('getSnapshot', () => {
  it('returns one reference until the source gives another', () => {
    const source = countedSource<{ readonly n: number }>();
    const store = toStore(source.source$);
    store.subscribe(() => undefined);
    const first = { n: 1 };
    source.next(first);
    expect(store.getSnapshot()).toBe(first);
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    const second = { n: 2 };
    source.next(second);
    expect(store.getSnapshot()).toBe(second);
  });

  it('gives `initial` before the first listener without opening the source', () => {
    const source = countedSource<number>((subject) => subject.next(5));
    const initial = { empty: true };
    const store = toStore(source.source$, { initial });
    expect(store.getSnapshot()).toBe(initial);
    expect(store.getSnapshot()).toBe(initial);
    expect(source.opened()).toBe(0);
    expect(store.getStatus()).toBe('idle');
  });
});

describe('getServerSnapshot', () => {
  it('gives `initial`, never opens the source, and stays `initial` while the source runs', () => {
    const source = countedSource<number>((subject) => subject.next(5));
    const store = toStore(source.source$, { initial: 0 });
    expect(store.getServerSnapshot()).toBe(0);
    expect(source.opened()).toBe(0);
    store.subscribe(() => undefined);
    expect(store.getSnapshot()).toBe(5);
    expect(store.getServerSnapshot()).toBe(0);
  });
});

describe('detached methods', () => {
  it('work when taken off the store, as useSyncExternalStore(store.subscribe, store.getSnapshot) takes them', () => {
    const subject = new BehaviorSubject(1);
    const { subscribe, getSnapshot, getServerSnapshot, getStatus, getError } = toStore(subject, { initial: 0 });
    const seen: number[] = [];
    const stop = subscribe((value) => seen.push(value));
    subject.next(2);
    expect(getSnapshot()).toBe(2);
    expect(getServerSnapshot()).toBe(0);
    expect(getStatus()).toBe('open');
    expect(getError()).toBeUndefined();
    stop();
    expect(seen).toEqual([1, 2]);
  });

  it('cannot be replaced on the store', () => {
    const store = toStore(of(1));
    expect(Object.isFrozen(store)).toBe(true);
  });
});

describe('settings', () => {
  it('refuses a bad linger or scheduler, or a source that is not an Observable, when the store is made', () => {
    for (const linger of [-1, Number.NaN, Infinity, '1000', null, 2n]) {
      expect(configIssues(() => toStore(of(1), { linger: loose(linger) }))).toEqual([{ field: 'linger', rule: 'a duration in ms, finite, 0 or more' }]);
    }
    expect(configIssues(() => toStore(of(1), { scheduler: loose({ now: () => 0 }) }))).toEqual([{ field: 'scheduler', rule: 'an rxjs scheduler (with schedule and now)' }]);
    for (const source of [Promise.resolve(1), [1], null, { subscribe: () => undefined }]) {
      expect(configIssues(() => toStore(loose<Observable<number>>(source)))).toEqual([{ field: '(source$)', rule: 'an Observable' }]);
    }
    expect(configIssues(() => toStore(of(1), loose<StoreOptions<undefined>>('fast')))).toEqual([{ field: '(options)', rule: 'an object' }]);
  });

  it('names every broken rule in one error', () => {
    expect(configIssues(() => toStore(loose<Observable<number>>({}), { linger: -5 }))).toEqual([
      { field: '(source$)', rule: 'an Observable' },
      { field: 'linger', rule: 'a duration in ms, finite, 0 or more' },
    ]);
  });

  it('takes an explicit undefined for every option, and for the options', () => {
    const maybe = undefined as number | undefined;
    const store = toStore(of(1), { initial: maybe, linger: undefined, scheduler: undefined });
    expect(store.getSnapshot()).toBeUndefined();
    expect(toStore(of(1), undefined).getSnapshot()).toBeUndefined();
  });
});

describe('types', () => {
  it('say `T | undefined` without initial, and the type of initial with it', () => {
    const withInitial: Store<number> = toStore(of(1), { initial: 0 });
    // @ts-expect-error without `initial` the store may hold undefined
    const withoutInitial: Store<number> = toStore(of(1));
    const maybe = undefined as number | undefined;
    // @ts-expect-error an initial that may be undefined makes a store that may hold undefined
    const maybeInitial: Store<number> = toStore(of(1), { initial: maybe });
    const loading: Store<number | 'loading'> = toStore(of(1), { initial: 'loading' as const });
    expect([withInitial, withoutInitial, maybeInitial, loading].map((s) => s.getSnapshot())).toEqual([0, undefined, undefined, 'loading']);
  });

  it('take a source that fails at once: the store is made and reports the error', () => {
    const store = toStore(throwError(() => new Error('at once')));
    const seen: unknown[] = [];
    store.subscribe((value) => seen.push(value));
    expect(seen).toEqual([undefined]);
    expect(store.getStatus()).toBe('errored');
    expect((store.getError() as Error).message).toBe('at once');
  });
});
