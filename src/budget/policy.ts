/**
 * The request budget's decisions, as pure functions: whether a request may go now, what a refusal
 * (429, 418) pauses and for how long, and whether a refused call is sent again. The queue and the
 * timers that act on them are in `request-budget.ts`.
 *
 * @module
 */
import { BAN_MEMORY_MS, banWaitMs, refusalWaitMs, tooManyWaitMs } from '../default-waits.js';
import { ApiError, HttpError } from '../errors.js';
import { laneHasRoom, laneNextRelease, type Lane } from './lane.js';
import type { BudgetSettings } from './options.js';

/** The service refused a request before acting on it. */
export interface Refusal {
  /** 429: too many requests on this endpoint; 418: this IP is banned. */
  readonly status: 429 | 418;
  /** The service's `Retry-After`, ms, when it gave a valid one. */
  readonly retryAfterMs: number | undefined;
}

/** What a refusal pauses, and until when (budget time). */
export interface Pause {
  /** `endpoint`: this endpoint for every client of the budget (429); `ip`: every call (418). */
  readonly scope: 'endpoint' | 'ip';
  readonly until: number;
}

/**
 * The refusal an error reports, if it is one: a 429 or a 418, whichever the body.
 *
 * @example
 * ```ts
 * refusalOf(new ApiError({ code: 429, msg: 'Too many requests', status: 429, operation: 'M2', retryAfterMs: 2000 }));
 * // { status: 429, retryAfterMs: 2000 }
 * ```
 */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof ApiError || error instanceof HttpError)) return undefined;
  if (error.status !== 429 && error.status !== 418) return undefined;
  return { status: error.status, retryAfterMs: error.retryAfterMs };
}

/**
 * Which ban in a row a 418 arriving at `now` is: the same as the last while its pause still runs
 * (an answer to a request sent before the pause began), the next one when the last pause ended
 * less than a day ago (the service escalates), otherwise the first.
 *
 * @example
 * ```ts
 * banStrike(0, -Infinity, 1_000); // 1
 * banStrike(1, 121_100, 200_000); // 2
 * ```
 */
export function banStrike(previous: number, ipPausedUntil: number, now: number): number {
  if (previous > 0 && ipPausedUntil > now) return previous;
  return previous > 0 && now - ipPausedUntil <= BAN_MEMORY_MS ? previous + 1 : 1;
}

/**
 * What `refusal` pauses, each plus the safety margin: a 429 the endpoint for its `Retry-After`
 * (or, when it gave none it may be read by, one window, at least a second); a 418 the whole IP for
 * its `Retry-After` (or as long as the `strike`-th ban in a row lasts: 2 minutes, doubling, up to
 * 3 days, `default-waits.ts`). No pause is shorter than a second (a `Retry-After` of 0 or of a past
 * date too) or longer than the service's longest ban.
 *
 * @example
 * ```ts
 * pauseFor({ status: 429, retryAfterMs: 3000 }, settings, 0, 0); // { scope: 'endpoint', until: 3100 }
 * pauseFor({ status: 418, retryAfterMs: undefined }, settings, 0, 2); // { scope: 'ip', until: 240100 }
 * pauseFor({ status: 418, retryAfterMs: 0 }, settings, 0, 1); // { scope: 'ip', until: 1100 }
 * ```
 */
export function pauseFor(refusal: Refusal, settings: BudgetSettings, now: number, strike: number): Pause {
  const scope = refusal.status === 418 ? 'ip' : 'endpoint';
  const ownDefault = scope === 'ip' ? banWaitMs(strike) : tooManyWaitMs(settings.windowMs);
  const length = refusal.retryAfterMs === undefined ? ownDefault : refusalWaitMs(refusal.retryAfterMs);
  return { scope, until: now + length + settings.safetyMarginMs };
}

/**
 * Whether a pause ending at `until` is longer than a call may wait.
 *
 * @example
 * ```ts
 * waitsTooLong(200_000, 0, 30_000); // true
 * ```
 */
export function waitsTooLong(until: number, now: number, maxPauseWaitMs: number): boolean {
  return until - now > maxPauseWaitMs;
}

/**
 * Whether a call refused by the service is sent again once the pause is over: the refusal came
 * before the service acted, so sending again is not a blind repeat, whatever the call (a transfer
 * too); at most `resendsLeft` more times, and only when the pause is one a call may wait through.
 *
 * @example
 * ```ts
 * resendAfterRefusal(2, { scope: 'endpoint', until: 3100 }, 0, settings); // true
 * ```
 */
export function resendAfterRefusal(resendsLeft: number, pause: Pause, now: number, settings: BudgetSettings): boolean {
  return resendsLeft > 0 && !waitsTooLong(pause.until, now, settings.maxPauseWaitMs);
}

/** Whether a request may go now, or what it waits for. */
export type Admission =
  | { readonly kind: 'go' }
  /** A pause (429 on the endpoint, 418 on the IP) runs until `until`. */
  | { readonly kind: 'paused'; readonly until: number }
  /**
   * A lane is full: `until` is when its oldest counted request stops counting, or `undefined`
   * when only requests in flight count (room comes when one finishes).
   */
  | { readonly kind: 'full'; readonly scope: 'ip' | 'account'; readonly until: number | undefined };

/**
 * Whether `units` may go now on the endpoint's IP lane and the account's lane, and one more call
 * on the account's rate lane when the endpoint has a rate of its own per account. With `spread`
 * false only a pause holds a call: the lanes are counted, never waited for.
 *
 * @example
 * ```ts
 * admission(-Infinity, ipLane, accountLane, 1, now); // { kind: 'go' }
 * admission(-Infinity, ipLane, accountLane, 10, now, rateLane); // { kind: 'full', scope: 'account', until: 1700000001100 }
 * admission(-Infinity, fullIpLane, accountLane, 1, now, undefined, false); // { kind: 'go' }
 * ```
 */
export function admission(ipPausedUntil: number, ip: Lane, account: Lane, units: number, now: number, rate?: Lane, spread = true): Admission {
  const pausedUntil = Math.max(ipPausedUntil, ip.pausedUntil);
  if (pausedUntil > now) return { kind: 'paused', until: pausedUntil };
  if (!spread) return { kind: 'go' };
  if (!laneHasRoom(ip, units, now)) return { kind: 'full', scope: 'ip', until: laneNextRelease(ip) };
  if (!laneHasRoom(account, units, now)) return { kind: 'full', scope: 'account', until: laneNextRelease(account) };
  if (rate !== undefined && !laneHasRoom(rate, 1, now)) return { kind: 'full', scope: 'account', until: laneNextRelease(rate) };
  return { kind: 'go' };
}
