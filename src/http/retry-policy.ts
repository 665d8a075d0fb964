/**
 * Which failures of an idempotent call are worth another attempt, and how long to wait.
 *
 * @module
 */
import { refusalWaitMs, tooManyWaitMs } from '../default-waits.js';
import { ApiError, HttpError, NetworkError, TimeoutError } from '../errors.js';
import { exponentialDelay } from '../exponential-backoff.js';
import { resolveSettings, type Resolved } from '../settings/resolve.js';
import { RETRY_SETTINGS, type RetryOptions } from './request-settings.js';

export type { RetryOptions };

/** Retry settings with every default applied. */
export type ResolvedRetryOptions = Resolved<typeof RETRY_SETTINGS.fields>;

/**
 * Fills in the defaults, checking each setting (`request-settings.ts` holds the rules).
 *
 * @throws ValidationError (operation `config`) naming each bad field.
 */
export function resolveRetryOptions(options: RetryOptions | undefined): ResolvedRetryOptions {
  return resolveSettings(RETRY_SETTINGS, options);
}

function status(error: unknown): number | undefined {
  return error instanceof ApiError || error instanceof HttpError ? error.status : undefined;
}

/** 5XX, a network failure or a timeout: the request may have reached the service. */
export function isUnclearFailure(error: unknown): error is ApiError | HttpError | NetworkError | TimeoutError {
  const s = status(error);
  return (s !== undefined && s >= 500) || error instanceof NetworkError || error instanceof TimeoutError;
}

/**
 * Milliseconds to wait before attempt `attempt + 1` (attempt counts from 1), or `undefined` when
 * the error is not one to retry: only 429, 5XX, network failures and timeouts are (a 418 never:
 * the IP is banned, and another request would only prolong it). The service's `Retry-After` is
 * waited as given (up to `maxRetryAfterMs`); without one it may be read by, the backoff; after a
 * 429 never less than a second, whatever its `Retry-After` says (0, a past date: `default-waits.ts`).
 *
 * @example
 * ```ts
 * retryDelay(new HttpError({ status: 503, target }), 1, resolveRetryOptions(undefined), Math.random); // 0 to 250
 * ```
 */
export function retryDelay(error: unknown, attempt: number, options: ResolvedRetryOptions, random: () => number): number | undefined {
  const s = status(error);
  if (!(s === 429 || isUnclearFailure(error))) return undefined;
  const retryAfter = error instanceof ApiError || error instanceof HttpError ? error.retryAfterMs : undefined;
  if (retryAfter !== undefined) {
    if (retryAfter > options.maxRetryAfterMs) return undefined;
    return s === 429 ? refusalWaitMs(retryAfter) : retryAfter;
  }
  const backoff = exponentialDelay(attempt, { initialDelayMs: options.baseDelayMs, maxDelayMs: options.maxDelayMs, jitter: 'full' }, random);
  return s === 429 ? tooManyWaitMs(backoff) : backoff;
}
