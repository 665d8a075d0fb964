/**
 * Which failures of an idempotent call are worth another attempt, and how long to wait.
 *
 * @module
 */
import { tooManyWaitMs } from '../default-waits.js';
import { ApiError, HttpError, NetworkError, TimeoutError } from '../errors.js';
import { exponentialDelay } from '../exponential-backoff.js';

/** Retry settings for idempotent calls (GETs, listen-key PUT/DELETE). POSTs are never retried. */
export interface RetryOptions {
  /** Further attempts after the first. Default 2. */
  readonly limit?: number;
  /** First backoff delay in ms, doubled each attempt, with full jitter. Default 250. */
  readonly baseDelayMs?: number;
  /** Longest backoff delay in ms. Default 5000. */
  readonly maxDelayMs?: number;
  /** Longest `Retry-After` honoured, in ms; a longer one ends the call with the error. Default 30000. */
  readonly maxRetryAfterMs?: number;
}

/** Retry settings with every default applied. */
export type ResolvedRetryOptions = Required<RetryOptions>;

/** Fills in the defaults. */
export function resolveRetryOptions(options: RetryOptions | undefined): ResolvedRetryOptions {
  return {
    limit: options?.limit ?? 2,
    baseDelayMs: options?.baseDelayMs ?? 250,
    maxDelayMs: options?.maxDelayMs ?? 5000,
    maxRetryAfterMs: options?.maxRetryAfterMs ?? 30000,
  };
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
 * waited as given (up to `maxRetryAfterMs`); without one it may be read by, the backoff, and after
 * a 429 never less than a second (`default-waits.ts`).
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
  if (retryAfter !== undefined) return retryAfter <= options.maxRetryAfterMs ? retryAfter : undefined;
  const backoff = exponentialDelay(attempt, { initialDelayMs: options.baseDelayMs, maxDelayMs: options.maxDelayMs, jitter: 'full' }, random);
  return s === 429 ? tooManyWaitMs(backoff) : backoff;
}
