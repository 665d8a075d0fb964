/**
 * The kit's helper for hand-written operators: errors and completion of the source are forwarded
 * unless handled, an exception a handler throws fails the result (it does not escape into the
 * source), and unsubscribing tears the source down before the body's own teardown.
 */
import { describe, expect, it } from '@jest/globals';
import { Observable, Subject, throwError } from 'rxjs';
import { operate, relay } from '../../src/internal/operate.js';

/** Doubles each value; `teardown` logged when the body's own teardown runs. */
function doubled(log: string[]): (source: Observable<number>) => Observable<number> {
  return operate<number, number>((source, subscriber) => {
    relay(source, subscriber, { next: (n) => subscriber.next(n * 2) });
    return () => log.push('body teardown');
  });
}

describe('operate and relay', () => {
  it('forwards values through the handler, and the source’s completion', () => {
    const seen: unknown[] = [];
    new Observable<number>((s) => {
      s.next(1);
      s.next(2);
      s.complete();
    })
      .pipe(doubled([]))
      .subscribe({ next: (v) => seen.push(v), complete: () => seen.push('complete') });
    expect(seen).toEqual([2, 4, 'complete']);
  });

  it('forwards the source’s error when no error handler is given', () => {
    const errors: unknown[] = [];
    throwError(() => new Error('source failed'))
      .pipe(doubled([]))
      .subscribe({ error: (e: unknown) => errors.push((e as Error).message) });
    expect(errors).toEqual(['source failed']);
  });

  it('fails the result with what a handler throws, and unsubscribes from the source', () => {
    const source = new Subject<number>();
    const errors: unknown[] = [];
    const result = operate<number, number>((input, subscriber) => {
      relay(input, subscriber, {
        next: (n) => {
          if (n > 1) throw new Error(`refused ${n}`);
          subscriber.next(n);
        },
      });
    });
    const values: number[] = [];
    source.pipe(result).subscribe({ next: (v) => values.push(v), error: (e: unknown) => errors.push((e as Error).message) });
    expect(() => source.next(1)).not.toThrow();
    expect(() => source.next(2)).not.toThrow();
    expect([values, errors, source.observed]).toEqual([[1], ['refused 2'], false]);
  });

  it('uses the handlers given for error and complete instead of forwarding', () => {
    const log: string[] = [];
    const source = new Subject<number>();
    const swallowing = operate<number, string>((input, subscriber) => {
      relay(input, subscriber, { next: () => undefined, error: () => subscriber.next('recovered'), complete: () => log.push('source done') });
    });
    const seen: string[] = [];
    source.pipe(swallowing).subscribe({ next: (v) => seen.push(v), complete: () => seen.push('complete') });
    source.error(new Error('x'));
    expect(seen).toEqual(['recovered']);
    const other = new Subject<number>();
    other.pipe(swallowing).subscribe({ complete: () => seen.push('complete') });
    other.complete();
    expect([seen, log]).toEqual([['recovered'], ['source done']]);
  });

  it('on unsubscribe, tears the source down first, then the body’s own teardown', () => {
    const log: string[] = [];
    const source = new Observable<number>(() => () => log.push('source teardown'));
    const subscription = source.pipe(doubled(log)).subscribe();
    expect(log).toEqual([]);
    subscription.unsubscribe();
    expect(log).toEqual(['source teardown', 'body teardown']);
  });

  it('tears everything down when the source errors', () => {
    const log: string[] = [];
    const source = new Subject<number>();
    source.pipe(doubled(log)).subscribe({ error: () => log.push('error') });
    source.error(new Error('x'));
    expect(log).toEqual(['error', 'body teardown']);
    expect(source.observed).toBe(false);
  });
});
