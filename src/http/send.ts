/**
 * Sends one signed request and returns the response as plain data. Network failures and timeouts
 * become typed errors with their text redacted; nothing here retries. The request goes out through
 * the client's transport (`transport.ts`: ky by default, or `fetch` directly).
 *
 * What a hostile or broken server (or `fetch`) cannot do here: hold the call past its timeout (the
 * wait for the response and its body is raced against the timer, whether or not the `fetch`
 * honours the abort), send a body past `MAX_BODY_BYTES` (`body.ts`), or have a redirect followed
 * (a 3XX, an opaque redirect, or a response a custom `fetch` got by following one is an HttpError).
 *
 * @module
 */
import { DecodeError, HttpError, NetworkError, TimeoutError, type RequestTarget } from '../errors.js';
import type { OperationId } from '../operation-id.js';
import { redactedCopy, type Redactor } from '../redact.js';
import { BodyTooLarge, boundedText, discardBody, MAX_BODY_BYTES } from './body.js';
import { parseRetryAfter } from './retry-after.js';
import type { RawResponse } from './response.js';
import { transmit, type FetchLike, type HttpTransport } from './transport.js';
import type { WireRequest, WireResponse } from './wire.js';

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
  /** The call's operation and where it goes, as its errors name them. */
  readonly operation: OperationId;
  readonly target: RequestTarget;
  readonly redact: Redactor;
  readonly now: () => number;
}

/** The caller went away: the request was aborted on purpose, nobody is listening. */
export class AbortedByCaller extends Error {
  override readonly name = 'AbortedByCaller';
}

/** The HttpError for a response that is, or came through, a redirect; `undefined` for any other. */
function redirectError(response: WireResponse, options: SendOptions): HttpError | undefined {
  const { status } = response;
  const { operation, target } = options;
  if (response.redirected === true) return new HttpError({ status, operation, target, redirect: 'followed' });
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) return new HttpError({ status, operation, target, redirect: 'refused' });
  return undefined;
}

/** The response's status, body and `Retry-After`; rejects with a redirect's HttpError, or BodyTooLarge. */
async function receive(request: WireRequest, options: SendOptions): Promise<RawResponse> {
  const { signal } = options.controller;
  const response = await transmit(options.transport, options.fetch, request, signal);
  // A `fetch` that ignores the abort may answer after the call was given up: let the body go.
  if (signal.aborted) {
    discardBody(response);
    throw signal.reason;
  }
  const refused = redirectError(response, options);
  if (refused) {
    discardBody(response);
    throw refused;
  }
  return { status: response.status, bodyText: await boundedText(response, MAX_BODY_BYTES, signal), retryAfterMs: retryAfterOf(response.headers.get('retry-after'), options) };
}

function retryAfterOf(header: string | null, options: SendOptions): number | undefined {
  return parseRetryAfter(header, options.now());
}

/**
 * Settles as `work` does, or rejects with the signal's reason as soon as it aborts, whatever
 * `work` does then (a `fetch` that ignores the signal, a body that never ends).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * A body past the bound: on a success, an answer that cannot be read (a DecodeError: for a call
 * that moves money, an unknown outcome); on an error status, the status alone still says enough
 * (an HttpError with its `Retry-After`, which the budget and the retry policy read).
 */
function tooLarge(error: BodyTooLarge, options: SendOptions): RawResponse {
  if (error.status >= 200 && error.status < 300) {
    throw new DecodeError({ source: options.operation, operation: options.operation, target: options.target, paths: [`(root): a body longer than ${MAX_BODY_BYTES} bytes, not read`] });
  }
  return { status: error.status, bodyText: '', retryAfterMs: retryAfterOf(error.retryAfter, options) };
}

/**
 * Sends `request` once. Resolves with the response whatever its status; rejects with
 * {@link NetworkError}, {@link TimeoutError} (no complete response within `timeoutMs`),
 * {@link HttpError} (a redirect, never followed), {@link DecodeError} (a success whose body is
 * longer than `MAX_BODY_BYTES`) or {@link AbortedByCaller}.
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
    return await untilAborted(receive(request, options), controller.signal);
  } catch (error: unknown) {
    if (timedOut) throw new TimeoutError({ operation: options.operation, target: options.target, timeoutMs: options.timeoutMs });
    if (controller.signal.aborted) throw new AbortedByCaller('aborted');
    if (error instanceof BodyTooLarge) return tooLarge(error, options);
    if (error instanceof HttpError) throw error;
    throw new NetworkError({ operation: options.operation, target: options.target, cause: redactedCopy(error, options.redact) });
  } finally {
    clearTimeout(timer);
  }
}
