/**
 * How a request ended, as the `outcome` attribute of `mexc_rx.http.requests`: one of a short,
 * fixed list (never the service's message or code, which could grow without bound).
 *
 * @module
 */
import { ApiError, DecodeError, HttpError, NetworkError, TimeoutError } from '../errors.js';

/**
 * `ok`: a decoded answer; `api-error`: the service refused with its error body (a 4XX, a 429...);
 * `http-error`: an error status without the service's body; `network-error`, `timeout`,
 * `decode-error`: as the errors of those names; `aborted`: given up in flight (unsubscribed, the
 * client closed); `error`: anything else.
 */
export type RequestOutcome = 'ok' | 'api-error' | 'http-error' | 'network-error' | 'timeout' | 'decode-error' | 'aborted' | 'error';

/**
 * The outcome of a request that failed with `error`.
 *
 * @example
 * ```ts
 * outcomeOf(new TimeoutError({ ... })); // 'timeout'
 * ```
 */
export function outcomeOf(error: unknown): RequestOutcome {
  if (error instanceof ApiError) return 'api-error';
  if (error instanceof HttpError) return 'http-error';
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof NetworkError) return 'network-error';
  if (error instanceof DecodeError) return 'decode-error';
  return 'error';
}
