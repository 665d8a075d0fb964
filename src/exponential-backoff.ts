/**
 * The one backoff of the library: how long to wait before another attempt. The HTTP retries
 * (`http/retry-policy.ts`), the stream's reconnects (`stream/backoff.ts`) and the bridge's
 * publish retries (`bridge/retried.ts`) each keep their own settings and defaults, and
 * compute the delay here.
 *
 * @module
 */

/**
 * How a delay is spread below its ceiling, so that many clients failing together do not retry in
 * step: `none` waits the ceiling, `full` anywhere from 0 to it, `equal` from half of it to all of it.
 */
export type Jitter = 'none' | 'full' | 'equal';

/** An exponential backoff: the ceiling doubles with each attempt, up to a cap. */
export interface ExponentialBackoff {
  /** The ceiling of the first delay, ms. */
  readonly initialDelayMs: number;
  /** The largest ceiling, ms (`Infinity`: no cap). */
  readonly maxDelayMs: number;
  readonly jitter: Jitter;
}

/**
 * What a `random` given by the user returned, made a fraction in [0, 1]: a number below 0 counts as
 * 0, one above 1 as 1, and anything that is no number at all (`NaN`, `undefined`, text) as 0.5, the
 * middle. A setting is checked as "a function" only: what it returns cannot be checked before it
 * is called, and a `NaN` delay would fire at once (a reconnect or retry loop).
 *
 * @example
 * ```ts
 * fraction(0.25); // 0.25
 * fraction(-1); // 0
 * fraction(Number.NaN); // 0.5
 * ```
 */
export function fraction(value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return 0.5;
  return Math.min(1, Math.max(0, value));
}

/**
 * The delay before retry `attempt` (from 1): the ceiling `min(maxDelayMs, initialDelayMs *
 * 2^(attempt-1))`, spread by the jitter with `random` (in [0, 1); default `Math.random`; whatever
 * it returns is made a fraction first, so the delay is never `NaN`, never below its jitter's floor
 * and never above the ceiling). With jitter the delay is rounded to whole ms; without, it is the
 * ceiling itself.
 *
 * @example
 * ```ts
 * exponentialDelay(3, { initialDelayMs: 500, maxDelayMs: 30_000, jitter: 'equal' }, () => 1); // 2000
 * exponentialDelay(3, { initialDelayMs: 500, maxDelayMs: 30_000, jitter: 'equal' }, () => 0); // 1000
 * exponentialDelay(9, { initialDelayMs: 250, maxDelayMs: 5_000, jitter: 'full' }, () => 0.5); // 2500
 * exponentialDelay(3, { initialDelayMs: 250, maxDelayMs: Infinity, jitter: 'none' }); // 1000
 * exponentialDelay(1, { initialDelayMs: 500, maxDelayMs: 30_000, jitter: 'equal' }, () => Number.NaN); // 375
 * ```
 */
export function exponentialDelay(attempt: number, backoff: ExponentialBackoff, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  switch (backoff.jitter) {
    case 'none':
      return ceiling;
    case 'full':
      return Math.round(fraction(random()) * ceiling);
    case 'equal':
      return Math.round(ceiling / 2 + (fraction(random()) * ceiling) / 2);
  }
}
