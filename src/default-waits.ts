/**
 * The one home of the waits the library chooses itself when the service refuses a request (429
 * too many requests, 418 IP banned) without saying how long to wait: no `Retry-After`, or one that
 * is not a valid RFC 9110 value (`http/retry-after.ts`), counts as not said. The request budget
 * (`budget/policy.ts`) and the retry policy of a client without a budget (`http/retry-policy.ts`)
 * both take their defaults from here.
 *
 * @module
 */

/** The shortest wait after a refusal whose length the service did not say, ms: never less than a second. */
export const MIN_REFUSAL_WAIT_MS = 1_000;

/** The service's first ban lasts 2 minutes: a 418 without `Retry-After` waits at least this, ms. */
export const FIRST_BAN_MS = 120_000;

/** The service's longest ban, 3 days: no ban wait is longer, whatever a `Retry-After` says, ms. */
export const LONGEST_BAN_MS = 3 * 24 * 3_600_000;

/**
 * How long the service remembers a ban, ms: a 418 more than a day after the previous ban's pause
 * ended counts as a first ban again; one sooner counts as the next, twice as long.
 */
export const BAN_MEMORY_MS = 24 * 3_600_000;

/**
 * How long the `strike`-th ban in a row (from 1) lasts when the service does not say: 2 minutes,
 * then twice as long each time, up to 3 days. The service's bans escalate so; waiting less would
 * send into a ban still in force.
 *
 * @example
 * ```ts
 * banWaitMs(1); // 120000
 * banWaitMs(3); // 480000
 * banWaitMs(40); // 259200000 (3 days)
 * ```
 */
export function banWaitMs(strike: number): number {
  return Math.min(LONGEST_BAN_MS, FIRST_BAN_MS * 2 ** Math.max(0, Math.min(strike, 32) - 1));
}

/**
 * How long a 429 whose `Retry-After` is missing or unreadable waits: the caller's own default
 * (the budget's window, or the retry backoff), but never less than {@link MIN_REFUSAL_WAIT_MS}.
 *
 * @example
 * ```ts
 * tooManyWaitMs(10_000); // 10000
 * tooManyWaitMs(37); // 1000
 * ```
 */
export function tooManyWaitMs(ownDefaultMs: number): number {
  return Math.max(MIN_REFUSAL_WAIT_MS, ownDefaultMs);
}

/**
 * A wait the service asked for, bounded by the longest ban it gives: a `Retry-After` of a
 * thousand years (or digits enough to overflow) does not stop a budget for good.
 *
 * @example
 * ```ts
 * boundedRetryAfterMs(5_000); // 5000
 * boundedRetryAfterMs(Infinity); // 259200000
 * ```
 */
export function boundedRetryAfterMs(retryAfterMs: number): number {
  return Math.min(LONGEST_BAN_MS, retryAfterMs);
}
