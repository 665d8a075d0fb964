/**
 * The request budget the router applies per endpoint, in the two scopes the service counts
 * (docs/service.md, "Errors": per IP address and per account). Every request that reaches an
 * endpoint counts against its caller's IP; only a request that authenticates (a known key, a valid
 * signature, a timestamp inside its window) counts against the key's account as well. So a flood
 * that carries someone else's public key, unsigned or with a stale signature, spends the flooder's
 * IP budget and never the key owner's.
 *
 * A verdict is data: allowed, limited (answered 429), or banned (answered 418: an IP that kept
 * running into 429s, `./ip-ban.ts`). Every 429 answered counts towards its IP's ban, whichever
 * scope refused it; a banned IP is refused before anything is counted.
 *
 * @module
 */
import type { OperationId } from '../endpoints/operation-id.js';
import type { IpBans } from './ip-ban.js';
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
    }
  | {
      readonly kind: 'banned';
      /** Time until the IP's ban ends, clock ms. */
      readonly retryAfterMs: number;
    };

/** The two-scope budget. */
export interface RequestBudget {
  /** Refuses a banned `ip`, else counts a request to `operation` from it (every request, before authentication). */
  admitIp(operation: OperationId, ip: string, now: number): BudgetVerdict;
  /** Counts an authenticated request to `operation` by the account `uid`, sent from `ip`. */
  admitAccount(operation: OperationId, uid: string, ip: string, now: number): BudgetVerdict;
}

const ALLOWED: BudgetVerdict = { kind: 'allowed' };

/**
 * Makes the two-scope budget over one limiter (each scope and endpoint has its own count), with
 * the IP bans.
 *
 * @example
 * ```ts
 * const budget = createRequestBudget(createRateLimiter({ limit: 500, windowMs: 10_000 }), createIpBans(DEFAULT_IP_BAN_RULE));
 * budget.admitIp('M2', '10.0.0.7', clock.now()); // { kind: 'allowed' }
 * ```
 */
export function createRequestBudget(limiter: RateLimiter, bans: IpBans): RequestBudget {
  const admit = (scope: BudgetScope, key: string, ip: string, now: number): BudgetVerdict => {
    const wait = limiter.take(`${scope}:${key}`, now);
    if (wait === undefined) return ALLOWED;
    bans.noteTooMany(ip, now);
    return { kind: 'limited', scope, retryAfterMs: wait };
  };
  return {
    admitIp: (operation, ip, now) => {
      const banned = bans.bannedFor(ip, now);
      return banned === undefined ? admit('ip', `${operation}:${ip}`, ip, now) : { kind: 'banned', retryAfterMs: banned };
    },
    admitAccount: (operation, uid, ip, now) => admit('account', `${operation}:${uid}`, ip, now),
  };
}
