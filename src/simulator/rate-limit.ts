/**
 * The request budget: at most `limit` requests per `windowMs` per key (docs/service.md: 500 per
 * 10 s per endpoint; `./budget.ts` keys it by endpoint and caller IP, and by endpoint and
 * authenticated account), counted in fixed windows of the simulator's clock.
 *
 * @module
 */

/** A request budget. */
export interface RateBudget {
  /** Requests allowed per window. Default 500. */
  readonly limit: number;
  /** Window length, ms. Default 10000. */
  readonly windowMs: number;
}

/** The service's budget (docs/service.md). */
export const DEFAULT_RATE_BUDGET: RateBudget = { limit: 500, windowMs: 10_000 };

/** Counts requests against a budget. */
export interface RateLimiter {
  /** Counts one request for `key`; returns `undefined` when allowed, else the ms until the window ends. */
  take(key: string, now: number): number | undefined;
  /** Forgets every count. */
  reset(): void;
}

/**
 * Makes a {@link RateLimiter}; `false` allows everything.
 *
 * @example
 * ```ts
 * const limiter = createRateLimiter({ limit: 2, windowMs: 10_000 });
 * limiter.take('M2:1', 0); limiter.take('M2:1', 0);
 * limiter.take('M2:1', 1000); // 9000: refused, retry in 9 s
 * ```
 */
export function createRateLimiter(budget: RateBudget | false): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, now) {
      if (budget === false) return undefined;
      const start = Math.floor(now / budget.windowMs) * budget.windowMs;
      let window = windows.get(key);
      if (!window || window.start !== start) {
        if (windows.size > 10_000) windows.clear();
        windows.set(key, (window = { start, count: 0 }));
      }
      if (window.count >= budget.limit) return start + budget.windowMs - now;
      window.count += 1;
      return undefined;
    },
    reset() {
      windows.clear();
    },
  };
}
