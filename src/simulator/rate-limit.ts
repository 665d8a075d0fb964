/**
 * The request budget: at most `limit` units per `windowMs` per key (docs/service.md: 500 per 10 s
 * per endpoint, counted in request weight; `./budget.ts` keys it by endpoint and caller IP, and by
 * endpoint and authenticated account), counted in fixed windows of the simulator's clock. A key may
 * be counted against a rule of its own instead (an endpoint's rate per account: 2 per second).
 *
 * Memory is bounded by the keys of the current window, without forgetting a live count: when many
 * keys are held, the windows that are over are swept out. A flood of distinct keys (one per client
 * IP, with a trusted IP header) cannot reset anyone's count; a sweep runs again only once the keys
 * held have doubled, so a flood inside one window costs no more than its own size.
 *
 * @module
 */
import { SERVICE_LIMITS } from '../budget/options.js';

/** A request budget. */
export interface RateBudget {
  /** Requests allowed per window. Default 500. */
  readonly limit: number;
  /** Window length, ms. Default 10000. */
  readonly windowMs: number;
}

/** The service's budget (docs/service.md). */
export const DEFAULT_RATE_BUDGET: RateBudget = { limit: SERVICE_LIMITS.limit, windowMs: SERVICE_LIMITS.windowMs };

/** What one request costs. */
export interface RateCost {
  /** Units it counts (its weight). Default 1; more than the limit counts as the limit, so it can still go alone. */
  readonly units?: number;
  /** The rule its key is counted by, instead of the limiter's budget. */
  readonly rule?: RateBudget;
}

/** Counts requests against a budget. */
export interface RateLimiter {
  /** Counts a request for `key`; returns `undefined` when allowed, else the ms until the window ends. */
  take(key: string, now: number, cost?: RateCost): number | undefined;
  /** Forgets every count. */
  reset(): void;
  /** How many keys' windows it holds (the current window's, and older ones not yet swept out). */
  held(): number;
}

/** Keys held before the first sweep of windows that are over. */
export const SWEEP_AT_KEYS = 10_000;

/**
 * Makes a {@link RateLimiter}; `false` allows everything. `sweepAtKeys`: keys held before the first
 * sweep (tests make it small).
 *
 * @example
 * ```ts
 * const limiter = createRateLimiter({ limit: 2, windowMs: 10_000 });
 * limiter.take('M2:1', 0); limiter.take('M2:1', 0);
 * limiter.take('M2:1', 1000); // 9000: refused, retry in 9 s
 * ```
 */
export function createRateLimiter(budget: RateBudget | false, sweepAtKeys = SWEEP_AT_KEYS): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let sweepAt = sweepAtKeys;
  /** Drops the windows that are over (`take` would replace them anyway); one from a later time, left by a clock set back, is kept. */
  const sweep = (current: number): void => {
    for (const [key, window] of windows) if (window.start < current) windows.delete(key);
    sweepAt = Math.max(sweepAtKeys, 2 * windows.size);
  };
  return {
    take(key, now, cost = {}) {
      if (budget === false) return undefined;
      const rule = cost.rule ?? budget;
      const units = Math.min(cost.units ?? 1, rule.limit);
      const start = Math.floor(now / rule.windowMs) * rule.windowMs;
      let window = windows.get(key);
      if (!window || window.start !== start) {
        if (windows.size >= sweepAt) sweep(start);
        windows.set(key, (window = { start, count: 0 }));
      }
      if (window.count + units > rule.limit) return start + rule.windowMs - now;
      window.count += units;
      return undefined;
    },
    reset() {
      windows.clear();
      sweepAt = sweepAtKeys;
    },
    held: () => windows.size,
  };
}
