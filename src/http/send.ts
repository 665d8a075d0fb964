/**
 * Sends one signed request and returns the response as plain data. Network failures and timeouts
 * become typed errors with their text redacted; nothing here retries. The request goes out through
 * the client's transport (`transport.ts`: ky by default, or `fetch` directly).
 *
 * @module
 */
import { NetworkError, TimeoutError, type RequestTarget } from '../errors.js';
import { redactedCopy, type Redactor } from '../redact.js';
import { parseRetryAfter } from './retry-after.js';
import type { RawResponse } from './response.js';
import { transmit, type FetchLike, type HttpTransport, type WireRequest } from './transport.js';

/** How to send. */
export interface SendOptions {
  readonly fetch: FetchLike | undefined;
  readonly transport: HttpTransport;
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
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await transmit(options.transport, options.fetch, request, controller.signal);
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
