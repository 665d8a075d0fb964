/**
 * Sends one signed request with `fetch` and returns the response as plain data. Network failures
 * and timeouts become typed errors with their text redacted; nothing here retries.
 *
 * `fetch` is called directly with the URL and an init object. (ky used to sit in between: per call
 * it built a `Request`, cloned it for retries that are never made here, and joined two abort
 * signals, which cost as much client CPU as the rest of the call; the timeout, abort and injectable
 * `fetch` it gave are the few lines below.)
 *
 * @module
 */
import ky from 'ky';
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
  /** Longest wait for the whole response, headers and body, ms. */
  readonly timeoutMs: number;
  /**
   * The attempt's controller: the caller aborts it when it goes away, and `send` aborts it on
   * timeout (one controller per attempt; each costs a few µs in Node).
   */
  readonly controller: AbortController;
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
 * {@link NetworkError}, {@link TimeoutError} (no complete response within `timeoutMs`) or
 * {@link AbortedByCaller}.
 */
export async function send(request: WireRequest, options: SendOptions): Promise<RawResponse> {
  const { controller } = options;
  if (controller.signal.aborted) throw new AbortedByCaller('aborted');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    // ky sends the request; the timeout (covering the body too) and the abort are ours, so ky's
    // own timeout and retries are off.
    const response = await ky(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: controller.signal,
      timeout: false,
      retry: 0,
      throwHttpErrors: false,
      fetch: fetchImpl,
    });
    const bodyText = await response.text();
    return {
      status: response.status,
      bodyText,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), options.now()),
    };
  } catch (error: unknown) {
    if (timedOut) throw new TimeoutError({ target: options.target, timeoutMs: options.timeoutMs });
    if (controller.signal.aborted) throw new AbortedByCaller('aborted');
    throw new NetworkError({ target: options.target, cause: redactedCopy(error, options.redact) });
  } finally {
    clearTimeout(timer);
  }
}
