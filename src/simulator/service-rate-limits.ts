/**
 * The service's rate limits, as the router applies them per endpoint, in the two scopes it counts
 * (docs/service.md, "Errors": per IP address and per account). Every request that reaches an
 * endpoint counts against its caller's IP; only a request that authenticates (a known key, a valid
 * signature, a timestamp inside its window) counts against the key's account as well. So a flood
 * that carries someone else's public key, unsigned or with a stale signature, spends the flooder's
 * IP count and never the key owner's. Both count a request's weight (its row's, 1 where none is
 * given), and a row with a rate of its own per account (A1: 2 calls per second) is counted against
 * that rate too, read from the same row the client's budget reads.
 *
 * A verdict is data: allowed, limited (answered 429), or banned (answered 418: an IP that kept
 * running into 429s, `./ip-ban.ts`). Every 429 answered counts towards its IP's ban, whichever
 * scope refused it; a banned IP is refused before anything is counted.
 *
 * @module
 */
import type { AnyEndpoint } from '../endpoints/endpoint.js';
import type { IpBans } from './ip-ban.js';
import type { RateCost, RateLimiter } from './rate-limit.js';

/** Which count a request was refused by: its IP's or its account's. */
export type LimitScope = 'ip' | 'account';

/** What the limits say about one request. */
export type LimitVerdict =
  | { readonly kind: 'allowed' }
  | {
      readonly kind: 'limited';
      readonly scope: LimitScope;
      /** Time until the window ends, clock ms. */
      readonly retryAfterMs: number;
    }
  | {
      readonly kind: 'banned';
      /** Time until the IP's ban ends, clock ms. */
      readonly retryAfterMs: number;
    };

/** What the limits read of an endpoint's row: its id, its weight (1 where none is given) and its own rate per account. */
export type LimitedRow = Pick<AnyEndpoint, 'id' | 'weight' | 'accountRate'>;

/** The service's limits in their two scopes. */
export interface ServiceRateLimits {
  /** Refuses a banned `ip`, else counts a request to `row` from it (every request, before authentication), in weight. */
  admitIp(row: LimitedRow, ip: string, now: number): LimitVerdict;
  /**
   * Counts an authenticated request to `row` by the account `uid`, sent from `ip`: against the
   * row's own rate per account first (A1: 2 per second), when it has one, then in weight.
   */
  admitAccount(row: LimitedRow, uid: string, ip: string, now: number): LimitVerdict;
}

const ALLOWED: LimitVerdict = { kind: 'allowed' };

const weightOf = (row: LimitedRow): RateCost => ({ units: row.weight ?? 1 });

/**
 * Makes the two-scope limits over one limiter (each scope and endpoint has its own count), with
 * the IP bans.
 *
 * @example
 * ```ts
 * const limits = createServiceRateLimits(createRateLimiter({ limit: 500, windowMs: 10_000 }), createIpBans(DEFAULT_IP_BAN_RULE));
 * limits.admitIp(M2, '10.0.0.7', clock.now()); // { kind: 'allowed' }
 * ```
 */
export function createServiceRateLimits(limiter: RateLimiter, bans: IpBans): ServiceRateLimits {
  const admit = (scope: LimitScope, key: string, ip: string, now: number, cost: RateCost): LimitVerdict => {
    const wait = limiter.take(`${scope}:${key}`, now, cost);
    if (wait === undefined) return ALLOWED;
    bans.noteTooMany(ip, now);
    return { kind: 'limited', scope, retryAfterMs: wait };
  };
  return {
    admitIp: (row, ip, now) => {
      const banned = bans.bannedFor(ip, now);
      return banned === undefined ? admit('ip', `${row.id}:${ip}`, ip, now, weightOf(row)) : { kind: 'banned', retryAfterMs: banned };
    },
    admitAccount: (row, uid, ip, now) => {
      const rate = row.accountRate;
      const byRate = rate === undefined ? ALLOWED : admit('account', `rate:${row.id}:${uid}`, ip, now, { rule: { limit: rate.calls, windowMs: rate.perMs } });
      return byRate.kind === 'allowed' ? admit('account', `${row.id}:${uid}`, ip, now, weightOf(row)) : byRate;
    },
  };
}
