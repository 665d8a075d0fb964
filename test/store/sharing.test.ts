/**
 * One subscription to the source for every listener, held `linger` ms after the last one left
 * (on the store's scheduler, here a manual clock); how the store keeps a source's failure and
 * completion, and what the next listener meets after it; listeners that subscribe, leave or throw
 * while they are called.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { config, Observable, of, Subject, type UnsubscriptionError } from 'rxjs';
import { toStore } from '../../src/index.js';
import { recordingScheduler, TIMER_LIMIT_MS } from '../support/recording-scheduler.js';
import { countedSource, manualTime } from './support.js';

afterEach(() => {
  config.onUnhandledError = null;
});

describe('one shared subscription', () => {
  it('is opened by the first listener and shared by the others', () => {
    const source = countedSource<number>();
    const store = toStore(source.source$);
    const a = jest.fn();
    const b = jest.fn();
    store.subscribe(a);
    store.subscribe(b);
    store.subscribe(a);
    source.next(7);
    expect(source.opened()).toBe(1);
    expect(a.mock.calls).toEqual([[undefined], [undefined], [7], [7]]);
    expect(b.mock.calls).toEqual([[undefined], [7]]);
  });

  it('stays open for `linger` after the last listener left, then closes, and the snapshot is `initial` again', () => {
    const { clock, scheduler } = manualTime();
    const source = countedSource<number>();
    const store = toStore(source.source$, { initial: 0, linger: 1000, scheduler });
    const stop = store.subscribe(() => undefined);
    source.next(5);
    stop();
    expect(source.open()).toBe(1);
    expect(store.getStatus()).toBe('open');
    clock.advance(999);
    expect(source.open()).toBe(1);
    // Still open: a value that comes within the linger is kept.
    source.next(6);
    expect(store.getSnapshot()).toBe(6);
    clock.advance(1);
    expect(source.closed()).toBe(1);
    expect(store.getStatus()).toBe('idle');
    expect(store.getSnapshot()).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('is taken over by a listener that comes within `linger` (the close is called off), with the latest value at once', () => {
    const { clock, scheduler } = manualTime();
    const source = countedSource<number>();
    const store = toStore(source.source$, { linger: 1000, scheduler });
    store.subscribe(() => undefined)();
    source.next(3);
    clock.advance(600);
    const seen: unknown[] = [];
    const stop = store.subscribe((value) => seen.push(value));
    expect(seen).toEqual([3]);
    expect(clock.pendingTimers).toBe(0);
    clock.advance(5000);
    expect(source.opened()).toBe(1);
    expect(source.open()).toBe(1);
    stop();
    clock.advance(1000);
    expect(source.open()).toBe(0);
  });

  it('with `linger: 0`, closes as the last listener leaves, and the next one opens it anew', () => {
    const source = countedSource<number>((subject) => subject.next(1));
    const store = toStore(source.source$, { linger: 0 });
    store.subscribe(() => undefined)();
    expect(source.closed()).toBe(1);
    store.subscribe(() => undefined);
    expect(source.opened()).toBe(2);
  });

  it('waits a linger longer than a timer holds in steps, and closes when it has passed', () => {
    const { clock, scheduler: manual } = manualTime();
    const scheduler = recordingScheduler(manual);
    const source = countedSource<number>();
    const month = 30 * 24 * 3_600_000;
    toStore(source.source$, { linger: month, scheduler }).subscribe(() => undefined)();
    clock.advance(2 ** 31);
    expect(source.open()).toBe(1);
    clock.advance(month - 2 ** 31);
    expect(source.open()).toBe(0);
    expect(Math.max(...scheduler.delays)).toBeLessThanOrEqual(TIMER_LIMIT_MS);
  });
});

describe('a source that ends', () => {
  it('fails: the last value stays, the error is kept out of every listener, and listeners hear of it once', () => {
    const source = countedSource<number>();
    const store = toStore(source.source$, { initial: 0 });
    const seen: number[] = [];
    store.subscribe((value) => seen.push(value));
    source.next(4);
    const boom = new Error('boom');
    source.error(boom);
    expect(store.getSnapshot()).toBe(4);
    expect(store.getStatus()).toBe('errored');
    expect(store.getError()).toBe(boom);
    // Called once more with the same value, so that getStatus and getError are read again.
    expect(seen).toEqual([0, 4, 4]);
  });

  it('completes: the last value stays and the status says so', () => {
    const store = toStore(of(1, 2, 3));
    const seen: unknown[] = [];
    store.subscribe((value) => seen.push(value));
    expect(seen).toEqual([3]);
    expect(store.getStatus()).toBe('completed');
    expect(store.getError()).toBeUndefined();
  });

  it('is not subscribed again while the store holds the ended run (listeners, then linger): a newcomer gets the last value', () => {
    const { clock, scheduler } = manualTime();
    const source = countedSource<number>();
    const store = toStore(source.source$, { linger: 1000, scheduler });
    store.subscribe(() => undefined)();
    source.next(9);
    source.error(new Error('credentials refused'));
    clock.advance(500);
    const seen: unknown[] = [];
    store.subscribe((value) => seen.push(value))();
    expect(seen).toEqual([9]);
    expect(source.opened()).toBe(1);
    expect(store.getStatus()).toBe('errored');
  });

  it('is subscribed anew by the first listener after the store let go of the ended run, from `initial`', () => {
    const { clock, scheduler } = manualTime();
    const source = countedSource<number>();
    const store = toStore(source.source$, { initial: -1, linger: 1000, scheduler });
    store.subscribe(() => undefined)();
    source.next(9);
    source.error(new Error('once'));
    clock.advance(1000);
    expect(store.getStatus()).toBe('idle');
    expect(store.getError()).toBeUndefined();
    expect(store.getSnapshot()).toBe(-1);
    store.subscribe(() => undefined);
    expect(source.opened()).toBe(2);
    expect(store.getStatus()).toBe('open');
    source.next(10);
    expect(store.getSnapshot()).toBe(10);
  });

  it('leaves no subscription open and no timer behind once it ended and everyone left', () => {
    const { clock, scheduler } = manualTime();
    const source = countedSource<number>();
    const store = toStore(source.source$, { scheduler });
    const stop = store.subscribe(() => undefined);
    source.complete();
    stop();
    clock.advance(1000);
    expect(source.open()).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('listeners called while others are called', () => {
  it('a value given by a listener reaches everyone, and no one gets the older value after the newer', () => {
    const subject = new Subject<number>();
    const store = toStore(subject, { initial: 0 });
    const seen: Record<string, number[]> = { a: [], b: [], c: [] };
    store.subscribe((value) => {
      seen.a?.push(value);
      if (value === 1) subject.next(2);
    });
    store.subscribe((value) => seen.b?.push(value));
    store.subscribe((value) => seen.c?.push(value));
    subject.next(1);
    expect(seen).toEqual({ a: [0, 1, 2], b: [0, 2], c: [0, 2] });
    expect(store.getSnapshot()).toBe(2);
  });

  it('a listener may unsubscribe another, or itself, while it is called', () => {
    const subject = new Subject<number>();
    const store = toStore(subject);
    const later = jest.fn();
    let stopLater = (): void => undefined;
    let stopSelf = (): void => undefined;
    const self = jest.fn((value: number | undefined) => {
      if (value === 1) {
        stopLater();
        stopSelf();
      }
    });
    stopSelf = store.subscribe(self);
    stopLater = store.subscribe(later);
    subject.next(1);
    subject.next(2);
    expect(self.mock.calls).toEqual([[undefined], [1]]);
    expect(later.mock.calls).toEqual([[undefined]]);
  });

  it('a listener that throws later does not stop the others; its error is reported as rxjs reports unhandled ones', async () => {
    const reported = new Promise<unknown>((resolve) => (config.onUnhandledError = resolve));
    const subject = new Subject<number>();
    const store = toStore(subject);
    const after = jest.fn();
    const failure = new Error('listener bug');
    store.subscribe((value) => {
      if (value === 1) throw failure;
    });
    store.subscribe(after);
    subject.next(1);
    expect(after).toHaveBeenLastCalledWith(1);
    expect(store.getStatus()).toBe('open');
    await expect(reported).resolves.toBe(failure);
  });

  it('a listener that throws on its first value is not added, and the error is thrown to the caller', () => {
    const source = countedSource<number>();
    const store = toStore(source.source$, { linger: 0 });
    expect(() =>
      store.subscribe(() => {
        throw new Error('first call');
      }),
    ).toThrow('first call');
    expect(source.open()).toBe(0);
    expect(store.getStatus()).toBe('idle');
  });

  it('a source whose teardown throws is closed; the error is reported, not thrown at the listener who left', async () => {
    const reported = new Promise<unknown>((resolve) => (config.onUnhandledError = resolve));
    const failure = new Error('teardown');
    const source = new Observable<number>(() => () => {
      throw failure;
    });
    const store = toStore(source, { linger: 0 });
    const stop = store.subscribe(() => undefined);
    expect(() => stop()).not.toThrow();
    expect(store.getStatus()).toBe('idle');
    expect(((await reported) as UnsubscriptionError).errors).toEqual([failure]);
  });
});
