/**
 * What a page is told when the service refused or failed a call the broker made for it: that it
 * failed, and when the service or the request budget asked to wait, how long. Never the service's
 * own message, the request or a key: the details stay on the server.
 *
 * @module
 */
import { BUDGET_DEFAULTS } from '../budget/options.js';
import { FIRST_BAN_MS, refusalWaitMs, tooManyWaitMs } from '../default-waits.js';
import { ApiError, HttpError, RateLimitedError } from '../errors.js';
import { refusal } from './responses.js';

/**
 * How long the service asked to wait, from now, if it did: its `Retry-After` (bounded as every
 * wait is, `default-waits.ts`), else the library's own wait for a 418 (a first ban) or a 429 (the
 * service's window).
 */
function waitAsked(error: unknown, now: number): number | undefined {
  if (error instanceof RateLimitedError) return Math.max(0, error.pausedUntil - now);
  if (error instanceof ApiError || error instanceof HttpError) {
    if (error.retryAfterMs !== undefined) return refusalWaitMs(error.retryAfterMs);
    if (error.status === 418) return FIRST_BAN_MS;
    if (error.status === 429) return tooManyWaitMs(BUDGET_DEFAULTS.windowMs);
  }
  return undefined;
}

/**
 * The answer to a page whose request the service failed: 503 with `Retry-After` when the service
 * (or the request budget) asked to wait, else 502.
 *
 * @example
 * ```ts
 * return upstreamRefusal(error, 'creating a listen key', scheduler.now());
 * ```
 */
export function upstreamRefusal(error: unknown, what: string, now: number): Response {
  const wait = waitAsked(error, now);
  if (wait !== undefined) return refusal('upstream-paused', `the service asked to wait before ${what}`, { retryAfterMs: wait });
  return refusal('upstream-failed', `the service failed ${what}`);
}
