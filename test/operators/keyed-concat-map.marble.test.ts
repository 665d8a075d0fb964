/**
 * Marble tests of `keyedConcatMap`: one inner Observable at a time per key and in order, keys at
 * once up to the in-flight bound, the backlog bound, errors, completion and unsubscription. Values
 * are named by their key and rank (`A1`, `A2`, `B1`); each has its own cold inner Observable, so
 * its subscription shows when its work ran.
 */
import { describe, expect, it } from '@jest/globals';
import { lastValueFrom, type Observable, of, Subject, toArray } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { keyedConcatMap, type KeyedConcatLimits } from '../../src/operators/internal/keyed-concat-map.js';

function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const keyOf = (value: string): string => value.slice(0, 1);

function limits(maxInFlight: number, maxBacklog = Infinity): KeyedConcatLimits {
  return { maxInFlight, maxBacklog, backlogError: (max) => `more than ${max} held` };
}

/** The inner Observable of each value, looked up by name (a missing one fails the test). */
function projectFrom(inner: Readonly<Record<string, Observable<string>>>): (value: string) => Observable<string> {
  return (value) => {
    const work = inner[value];
    if (work === undefined) throw new Error(`no inner Observable for ${value}`);
    return work;
  };
}

describe('keyedConcatMap', () => {
  it('runs the values of one key one at a time, in the order they came', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('--(x|)', { x: 'A1' }), A2: cold('--(x|)', { x: 'A2' }) };
      const source = cold('ab|', { a: 'A1', b: 'A2' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(4)))).toBe('--x-(y|)', { x: 'A1', y: 'A2' });
      expectSubscriptions(inner.A1.subscriptions).toBe('^-!');
      expectSubscriptions(inner.A2.subscriptions).toBe('--^-!');
    });
  });

  it('runs different keys at once', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('---(x|)', { x: 'A1' }), B1: cold('---(x|)', { x: 'B1' }) };
      const source = cold('ab|', { a: 'A1', b: 'B1' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(4)))).toBe('---x(y|)', { x: 'A1', y: 'B1' });
      expectSubscriptions(inner.A1.subscriptions).toBe('^--!');
      expectSubscriptions(inner.B1.subscriptions).toBe('-^--!');
    });
  });

  it('never runs more than maxInFlight at once; a waiting key starts when a slot frees', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('----(x|)', { x: 'A1' }), B1: cold('----(x|)', { x: 'B1' }), C1: cold('----(x|)', { x: 'C1' }) };
      const source = cold('abc|', { a: 'A1', b: 'B1', c: 'C1' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(2)))).toBe('----xy--(z|)', { x: 'A1', y: 'B1', z: 'C1' });
      expectSubscriptions(inner.C1.subscriptions).toBe('----^---!');
    });
  });

  it('gives a freed slot to the key that has waited longest, not to the key that freed it', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('---(x|)', { x: 'A1' }), A2: cold('---(x|)', { x: 'A2' }), B1: cold('---(x|)', { x: 'B1' }) };
      // A2 and B1 both wait for A1; B has waited since frame 1, A only since A1 ended.
      const source = cold('a(bc)|', { a: 'A1', b: 'A2', c: 'B1' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(1)))).toBe('---x--y--(z|)', { x: 'A1', y: 'B1', z: 'A2' });
      expectSubscriptions(inner.B1.subscriptions).toBe('---^--!');
      expectSubscriptions(inner.A2.subscriptions).toBe('------^--!');
    });
  });

  it('errors with backlogError when a value comes while maxBacklog are held, running ones included', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('-----(x|)', { x: 'A1' }), A2: cold('-----(x|)', { x: 'A2' }), A3: cold('-----(x|)', { x: 'A3' }) };
      const source = hot('abc', { a: 'A1', b: 'A2', c: 'A3' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(1, 2)))).toBe('--#', undefined, 'more than 2 held');
      expectSubscriptions(source.subscriptions).toBe('^-!');
      expectSubscriptions(inner.A1.subscriptions).toBe('^-!');
      expectSubscriptions(inner.A2.subscriptions).toBe([]);
      expectSubscriptions(inner.A3.subscriptions).toBe([]);
    });
  });

  it('admits values again once those held are done', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const inner = { A1: cold('-(x|)', { x: 'A1' }), B1: cold('-(x|)', { x: 'B1' }) };
      const source = cold('a--b|', { a: 'A1', b: 'B1' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(1, 1)))).toBe('-x--(y|)', { x: 'A1', y: 'B1' });
    });
  });

  it('errors when an inner Observable errors, unsubscribing the source and the other keys', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('-----(x|)', { x: 'A1' }), B1: cold('--#', undefined, 'B1 failed') };
      const source = hot('ab', { a: 'A1', b: 'B1' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(4)))).toBe('---#', undefined, 'B1 failed');
      expectSubscriptions(source.subscriptions).toBe('^--!');
      expectSubscriptions(inner.A1.subscriptions).toBe('^--!');
    });
  });

  it('passes on an error of the source, unsubscribing the running keys', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('-----(x|)', { x: 'A1' }) };
      const source = cold('a-#', { a: 'A1' }, 'source failed');
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(4)))).toBe('--#', undefined, 'source failed');
      expectSubscriptions(inner.A1.subscriptions).toBe('^-!');
    });
  });

  it('errors when the key or the projection throws', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('a-b', { a: 'A1', b: 'B1' });
      const failingKey = (value: string): string => {
        if (value === 'B1') throw new Error('no key');
        return keyOf(value);
      };
      const done = projectFrom({ A1: cold('(x|)', { x: 'A1' }) });
      expectObservable(source.pipe(keyedConcatMap(failingKey, done, limits(4)))).toBe('x-#', { x: 'A1' }, new Error('no key'));
      expectObservable(source.pipe(keyedConcatMap(keyOf, done, limits(4)))).toBe('x-#', { x: 'A1' }, new Error('no inner Observable for B1'));
    });
  });

  it('completes only once the source has completed and every key is done', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const inner = { A1: cold('-----(x|)', { x: 'A1' }), B1: cold('--(y|)', { y: 'B1' }) };
      const source = cold('ab|', { a: 'A1', b: 'B1' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(4)))).toBe('---y-(x|)', { x: 'A1', y: 'B1' });
      expectObservable(cold('|').pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(4)))).toBe('|');
    });
  });

  it('unsubscribes the running inner Observables when unsubscribed, and never starts the waiting ones', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const inner = { A1: cold('-----(x|)', { x: 'A1' }), B1: cold('-----(x|)', { x: 'B1' }), A2: cold('-----(x|)', { x: 'A2' }) };
      const source = hot('abc', { a: 'A1', b: 'B1', c: 'A2' });
      expectObservable(source.pipe(keyedConcatMap(keyOf, projectFrom(inner), limits(4))), '^--!').toBe('---');
      expectSubscriptions(source.subscriptions).toBe('^--!');
      expectSubscriptions(inner.A1.subscriptions).toBe('^--!');
      expectSubscriptions(inner.B1.subscriptions).toBe('-^-!');
      expectSubscriptions(inner.A2.subscriptions).toBe([]);
    });
  });
});

describe('keyedConcatMap with inner Observables that complete at once', () => {
  it('drains a long queue of one key in order without deepening the stack', async () => {
    const first = new Subject<number>();
    const source = new Subject<number>();
    const done = lastValueFrom(source.pipe(keyedConcatMap(() => 'k', (n: number) => (n === 0 ? first : of(n)), limits(4)), toArray()));
    // The first value holds its key while 100,000 more wait behind it; each of those completes
    // as soon as it is subscribed.
    for (let n = 0; n < 100_000; n++) source.next(n);
    source.complete();
    first.next(0);
    first.complete();
    const results = await done;
    expect(results).toHaveLength(100_000);
    expect(results.every((n, i) => n === i)).toBe(true);
  });
});
