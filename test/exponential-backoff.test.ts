/**
 * The library's one backoff, with the settings of its three users: the stream's reconnects (equal
 * jitter), the HTTP retries (full jitter) and the bridge's publish retries (no jitter, no cap).
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { retryDelay, resolveRetryOptions } from '../src/http/retry-policy.js';
import { HttpError } from '../src/errors.js';
import { exponentialDelay, fraction, type ExponentialBackoff } from '../src/exponential-backoff.js';
import { backoffDelay, resolveBackoff } from '../src/stream/backoff.js';

const attempts = (count: number): number[] => Array.from({ length: count }, (_, i) => i + 1);

describe('exponentialDelay', () => {
  it('doubles the ceiling with each attempt up to the cap; equal jitter waits between half and all of it', () => {
    const backoff: ExponentialBackoff = { initialDelayMs: 100, maxDelayMs: 1000, jitter: 'equal' };
    expect(attempts(7).map((n) => exponentialDelay(n, backoff, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    expect(attempts(7).map((n) => exponentialDelay(n, backoff, () => 0))).toEqual([50, 100, 200, 400, 500, 500, 500]);
    expect(exponentialDelay(3, backoff, () => 0.5)).toBe(300);
  });

  it('full jitter waits anywhere from 0 to the ceiling, rounded to whole ms', () => {
    const backoff: ExponentialBackoff = { initialDelayMs: 100, maxDelayMs: 150, jitter: 'full' };
    expect(attempts(3).map((n) => exponentialDelay(n, backoff, () => 0.5))).toEqual([50, 75, 75]);
    expect(exponentialDelay(2, backoff, () => 0)).toBe(0);
    expect(exponentialDelay(1, { ...backoff, initialDelayMs: 3 }, () => 0.5)).toBe(2);
  });

  it('without jitter waits the ceiling itself, fractions kept, and without a cap keeps doubling', () => {
    const backoff: ExponentialBackoff = { initialDelayMs: 250, maxDelayMs: Infinity, jitter: 'none' };
    expect(attempts(5).map((n) => exponentialDelay(n, backoff, () => 0))).toEqual([250, 500, 1000, 2000, 4000]);
    expect(exponentialDelay(40, backoff)).toBe(250 * 2 ** 39);
    expect(exponentialDelay(2, { ...backoff, initialDelayMs: 0.75 })).toBe(1.5);
  });
});

describe('its users keep their own defaults', () => {
  it('the stream reconnects after 500 ms, doubling up to 30 s, with equal jitter', () => {
    const defaults = resolveBackoff(undefined);
    expect(attempts(8).map((n) => backoffDelay(n, defaults, () => 1))).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay(1, defaults, () => 0)).toBe(250);
  });

  it('an idempotent HTTP call retries after up to 250 ms, doubling up to 5 s, with full jitter', () => {
    const defaults = resolveRetryOptions(undefined);
    const unavailable = new HttpError({ status: 503, operation: 'M2', target: { method: 'GET', path: '/api/v3/sub-account/list' } });
    expect(attempts(6).map((n) => retryDelay(unavailable, n, defaults, () => 1))).toEqual([250, 500, 1000, 2000, 4000, 5000]);
    expect(retryDelay(unavailable, 1, defaults, () => 0)).toBe(0);
  });
});

describe('the cap of every backoff holds at its boundary', () => {
  /** Settings with a finite cap, and attempts chosen around the first one whose ceiling reaches it. */
  const capped = fc
    .record({ initialDelayMs: fc.integer({ min: 1, max: 10_000 }), factor: fc.integer({ min: 1, max: 2 ** 20 }), offset: fc.integer({ min: -1, max: 40 }) })
    .map(({ initialDelayMs, factor, offset }) => {
      const maxDelayMs = initialDelayMs * factor;
      // The first attempt whose uncapped ceiling `initial * 2^(attempt-1)` is at least the cap.
      const reaching = Math.ceil(Math.log2(factor)) + 1;
      return { initialDelayMs, maxDelayMs, attempt: Math.max(1, reaching + offset), reaching };
    });
  /** The ends of `random`'s range on purpose, and anything between. */
  const random = fc.oneof(fc.constantFrom(0, 1 - Number.EPSILON, 1), fc.double({ min: 0, max: 1, noNaN: true }));

  it('no jitter waits exactly min(cap, initial * 2^(attempt-1))', () => {
    fc.assert(
      fc.property(capped, ({ initialDelayMs, maxDelayMs, attempt, reaching }) => {
        const delay = exponentialDelay(attempt, { initialDelayMs, maxDelayMs, jitter: 'none' });
        expect(delay).toBe(Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1)));
        if (attempt >= reaching) expect(delay).toBe(maxDelayMs);
        else expect(delay).toBeLessThan(maxDelayMs);
      }),
    );
  });

  it('the stream reconnects between half the capped ceiling and all of it, never above the cap', () => {
    fc.assert(
      fc.property(capped, random, ({ initialDelayMs, maxDelayMs, attempt }, r) => {
        const ceiling = Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1));
        const delay = backoffDelay(attempt, { initialDelayMs, maxDelayMs, stableAfterMs: 60_000 }, () => r);
        expect(delay).toBeLessThanOrEqual(maxDelayMs);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(Math.ceil(ceiling));
      }),
    );
  });

  it('an HTTP retry waits between 0 and the capped ceiling, never above the cap', () => {
    const unavailable = new HttpError({ status: 503, operation: 'M2', target: { method: 'GET', path: '/api/v3/sub-account/list' } });
    fc.assert(
      fc.property(capped, random, ({ initialDelayMs, maxDelayMs, attempt }, r) => {
        const options = { ...resolveRetryOptions(undefined), baseDelayMs: initialDelayMs, maxDelayMs };
        const delay = retryDelay(unavailable, attempt, options, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(maxDelayMs);
        if (r === 1) expect(delay).toBe(Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1)));
      }),
    );
  });
});

describe('a random that breaks its contract', () => {
  /** What a careless or hostile `random` returns instead of a number in [0, 1). */
  const broken: readonly [string, unknown][] = [
    ['NaN', Number.NaN],
    ['1', 1],
    ['-1', -1],
    ['2', 2],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['undefined', undefined],
    ['text', '0.3'],
    ['null', null],
  ];
  const jitters: readonly ExponentialBackoff[] = [
    { initialDelayMs: 500, maxDelayMs: 30_000, jitter: 'equal' },
    { initialDelayMs: 250, maxDelayMs: 5_000, jitter: 'full' },
  ];

  it.each(broken)('random returning %s never makes a delay NaN, below its floor or above its ceiling', (_name, value) => {
    for (const backoff of jitters) {
      for (const attempt of attempts(8)) {
        const ceiling = Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** (attempt - 1));
        const delay = exponentialDelay(attempt, backoff, () => value as number);
        expect(Number.isFinite(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(backoff.jitter === 'equal' ? ceiling / 2 : 0);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('reads a value that is no number as the middle, and clamps a number to [0, 1]', () => {
    expect([Number.NaN, undefined, '0.3', null].map(fraction)).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect([-1, -Infinity, 0, 0.25, 1, 2, Infinity].map(fraction)).toEqual([0, 0, 0, 0.25, 1, 1, 1]);
    // The stream's first reconnect with random () => NaN: the middle of 250..500 ms, not at once.
    expect(backoffDelay(1, resolveBackoff(undefined), () => Number.NaN)).toBe(375);
  });

  it('any value random returns, fast-check: the delay stays between its floor and its ceiling', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 1, max: 40 }), (value, attempt) => {
        const backoff: ExponentialBackoff = { initialDelayMs: 100, maxDelayMs: 10_000, jitter: 'equal' };
        const ceiling = Math.min(10_000, 100 * 2 ** (attempt - 1));
        const delay = exponentialDelay(attempt, backoff, () => value as number);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
    );
  });
});
