/**
 * The request budget the router applies per endpoint, in the two scopes the service counts
 * (docs/service.md, "Errors": per IP address and per account). Every request that reaches an
 * endpoint counts against its caller's IP; only a request that authenticates (a known key, a valid
 * signature, a timestamp inside its window) counts against the key's account as well. So a flood
 * that carries someone else's public key, unsigned or with a stale signature, spends the flooder's
 * IP budget and never the key owner's.
 *
 * A verdict is data, so that a later rule (an IP ban after repeated 429s, answered 418) is one
 * more kind of verdict rather than a change of the router.
 *
 * @module
 */
import type { OperationId } from '../endpoints/operation-id.js';
import type { RateLimiter } from './rate-limit.js';

/** Which budget a request was counted against. */
export type BudgetScope = 'ip' | 'account';

/** What the budget says about one request. */
export type BudgetVerdict =
  | { readonly kind: 'allowed' }
  | {
      readonly kind: 'limited';
      readonly scope: BudgetScope;
      /** Time until the window ends, clock ms. */
      readonly retryAfterMs: number;
    };

/** The two-scope budget. */
export interface RequestBudget {
  /** Counts a request to `operation` from `ip` (every request, before authentication). */
  admitIp(operation: OperationId, ip: string, now: number): BudgetVerdict;
  /** Counts an authenticated request to `operation` by the account `uid`. */
  admitAccount(operation: OperationId, uid: string, now: number): BudgetVerdict;
}

const ALLOWED: BudgetVerdict = { kind: 'allowed' };

/**
 * Makes the two-scope budget over one limiter (each scope and endpoint has its own count).
 *
 * @example
 * ```ts
 * const budget = createRequestBudget(createRateLimiter({ limit: 500, windowMs: 10_000 }));
 * budget.admitIp('M2', '10.0.0.7', clock.now()); // { kind: 'allowed' }
 * ```
 */
export function createRequestBudget(limiter: RateLimiter): RequestBudget {
  const admit = (scope: BudgetScope, key: string, now: number): BudgetVerdict => {
    const wait = limiter.take(`${scope}:${key}`, now);
    return wait === undefined ? ALLOWED : { kind: 'limited', scope, retryAfterMs: wait };
  };
  return {
    admitIp: (operation, ip, now) => admit('ip', `${operation}:${ip}`, now),
    admitAccount: (operation, uid, now) => admit('account', `${operation}:${uid}`, now),
  };
}
