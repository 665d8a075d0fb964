/**
 * Sends one signed request with ky and returns the response as plain data. Network failures and
 * timeouts become typed errors with their text redacted; nothing here retries.
 *
 * @module
 */
import ky, { TimeoutError as KyTimeoutError } from 'ky';
import { NetworkError, TimeoutError, type RequestTarget } from '../errors.js';
import { redactedCopy, type Redactor } from '../redact.js';
import { parseRetryAfter } from './retry-after.js';
import type { RawResponse } from './response.js';

/** A `fetch` implementation (the global one, a test double, a proxy-aware one). */
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/** One request on the wire. */
export interface WireRequest {
  readonly method: string;
  /** Full URL including the signed query string. */
  readonly url: string;
  readonly body: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
}

/** How to send. */
export interface SendOptions {
  readonly fetch: FetchLike | undefined;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly target: RequestTarget;
  readonly redact: Redactor;
  readonly now: () => number;
}

/** The caller went away: the request was aborted on purpose, nobody is listening. */
export class AbortedByCaller extends Error {
  override readonly name = 'AbortedByCaller';
}

/**
 * Sends `request` once. Resolves with the response whatever its status; rejects with
 * {@link NetworkError}, {@link TimeoutError} or {@link AbortedByCaller}.
 */
export async function send(request: WireRequest, options: SendOptions): Promise<RawResponse> {
  try {
    const response = await ky(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: options.signal,
      timeout: options.timeoutMs,
      retry: 0,
      throwHttpErrors: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    const bodyText = await response.text();
    return {
      status: response.status,
      bodyText,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), options.now()),
    };
  } catch (error: unknown) {
    if (options.signal.aborted) throw new AbortedByCaller('aborted');
    if (error instanceof KyTimeoutError) throw new TimeoutError({ target: options.target, timeoutMs: options.timeoutMs });
    throw new NetworkError({ target: options.target, cause: redactedCopy(error, options.redact) });
  }
}
