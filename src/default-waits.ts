/**
 * The one home of the waits after the service refuses a request (429 too many requests, 418 IP
 * banned): the library's own when the service does not say how long to wait (no `Retry-After`, or
 * one that is not a valid RFC 9110 value, `http/retry-after.ts`, counts as not said), and the
 * bounds of every wait, said or not: never less than a second, never more than the longest ban.
 * The request budget (`budget/policy.ts`) and the retry policy of a client without a budget
 * (`http/retry-policy.ts`) both take their waits from here.
 *
 * @module
 */

/**
 * The shortest wait after any refusal, ms: never less than a second. A `Retry-After` of 0, or an
 * HTTP-date already past, is valid and says "now"; sent again at once, every waiting call of every
 * client sharing the IP would go straight back into the refusal (a 418's ban lengthens with each).
 */
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
 * A wait the service asked for, bounded: by the longest ban it gives (a `Retry-After` of a
 * thousand years, or digits enough to overflow, does not stop a budget for good), and by
 * {@link MIN_REFUSAL_WAIT_MS} below (a `Retry-After` of 0 or a past date waits a second, not 0).
 *
 * @example
 * ```ts
 * refusalWaitMs(5_000); // 5000
 * refusalWaitMs(0); // 1000
 * refusalWaitMs(Infinity); // 259200000
 * ```
 */
export function refusalWaitMs(retryAfterMs: number): number {
  return Math.max(MIN_REFUSAL_WAIT_MS, Math.min(LONGEST_BAN_MS, retryAfterMs));
}
