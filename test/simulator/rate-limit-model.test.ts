/**
 * The simulator's request budget against a model of the rule it keeps (at most `limit` requests per
 * key in each fixed window of `windowMs`; a refusal says how long until the window ends). The
 * requests are chosen at the places where an off-by-one would show: bursts of exactly the limit and
 * one more, at a window's first and last millisecond, and keys that share a window or do not. The
 * limiter sweeps out windows that are over when it holds many keys: with a sweep at 1 to 4 keys and
 * eight keys in play, it still answers as the model, which forgets nothing.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createRateLimiter } from '../../src/simulator/rate-limit.js';

const KEYS = ['M2:127.0.0.1', 'M2:uid:1', 'B13:127.0.0.1'] as const;
const MANY_KEYS = [...KEYS, 'M2:10.0.0.1', 'M2:10.0.0.2', 'M2:10.0.0.3', 'B13:uid:1', 'B13:10.0.0.1'] as const;

/** One step: `count` requests for one of `keys` at a moment picked relative to a window's edges. */
const stepOver = (keys: readonly string[]) => fc.record({
  key: fc.constantFrom(...keys),
  /** Which window, counted from the one before (time never goes back). */
  windowsAhead: fc.constantFrom(0, 0, 0, 1, 2),
  /** Where in the window: its first millisecond, its last, one either side of the middle, anywhere. */
  at: fc.oneof(fc.constantFrom('first', 'last', 'middle'), fc.nat()),
  /** Around the limit on purpose: exactly it, one less, one more, or a single request. */
  count: fc.oneof(fc.constantFrom(1, 1), fc.integer({ min: -1, max: 1 }).map((d) => ({ aroundLimit: d }))),
});

interface Budget {
  readonly limit: number;
  readonly windowMs: number;
}

/** The rule, written out naively: every request the model admitted, kept with its time. */
function model(budget: Budget) {
  const admitted: { key: string; time: number }[] = [];
  return (key: string, now: number): number | undefined => {
    const window = Math.floor(now / budget.windowMs);
    const inWindow = admitted.filter((r) => r.key === key && Math.floor(r.time / budget.windowMs) === window).length;
    if (inWindow >= budget.limit) return (window + 1) * budget.windowMs - now;
    admitted.push({ key, time: now });
    return undefined;
  };
}

describe('the rate limiter', () => {
  it.each([
    ['with its default sweep', KEYS, fc.constant(undefined)],
    ['with a sweep at 1 to 4 keys held', MANY_KEYS, fc.integer({ min: 1, max: 4 })],
  ] as const)('answers every request as the model does, at the window edges and around the limit (%s)', (_name, keys, sweepAtKeys) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 2, max: 50 }), sweepAtKeys, fc.array(stepOver(keys), { minLength: 1, maxLength: 30 }), (limit, windowMs, sweepAt, steps) => {
        const budget = { limit, windowMs };
        const limiter = createRateLimiter(budget, sweepAt);
        const expected = model(budget);
        let window = 0;
        let now = 0;
        for (const s of steps) {
          window += s.windowsAhead;
          const offset = s.at === 'first' ? 0 : s.at === 'last' ? windowMs - 1 : s.at === 'middle' ? windowMs >> 1 : s.at % windowMs;
          now = Math.max(now, window * windowMs + offset);
          window = Math.floor(now / windowMs);
          const count = typeof s.count === 'number' ? s.count : Math.max(1, limit + s.count.aroundLimit);
          for (let i = 0; i < count; i += 1) expect([s.key, now, limiter.take(s.key, now)]).toEqual([s.key, now, expected(s.key, now)]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('admits exactly the limit in a window, refuses the next until the last millisecond, and admits again at the next one', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000 });
    expect([1000, 1000, 1000].map((t) => limiter.take('k', t))).toEqual([undefined, undefined, undefined]);
    expect(limiter.take('k', 1000)).toBe(1000);
    expect(limiter.take('k', 1999)).toBe(1);
    expect(limiter.take('k', 2000)).toBeUndefined();
  });
});
