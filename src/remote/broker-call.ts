/**
 * One call of a page to its backend's broker: JSON in, JSON out, a {@link BrokerError} for
 * anything else. Every call ends in bounded time (its `timeoutMs` covers the answer and its whole
 * body), reads at most `MAX_BODY_BYTES` of a body, and takes only the broker's own answer: no
 * redirect, nothing from another origin. Browser-safe: only `fetch`, `URL` and `AbortController`.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { refusalWaitMs } from '../default-waits.js';
import { BodyTooLarge, boundedText, discardBody, MAX_BODY_BYTES } from '../http/body.js';
import { parseRetryAfter } from '../http/retry-after.js';
import type { FetchLike } from '../http/transport.js';
import { BrokerError } from './broker-error.js';
import { isBrokerRefusalCode, type BrokerRefusalCode } from './protocol.js';
import { REMOTE_LISTEN_KEYS_DEFAULTS } from './remote-settings.js';

/** A call: where, how, what, and how long it may take. */
export interface BrokerCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: URL;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Let the request outlive the page (a DELETE sent while the page is being left). */
  readonly keepalive?: boolean;
  /** The longest the call may take, ms, from the request to the last byte of the answer. Default: `remoteListenKeys`' default `timeoutMs`. */
  readonly timeoutMs?: number | undefined;
  /** Gives the call up (whoever asked no longer waits for it). */
  readonly signal?: AbortSignal | undefined;
  /** Where `timeoutMs` is counted: the source's scheduler (virtual time in tests). Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
}

/** Why a call was cut short: its time ran out, or whoever asked let go. */
class CutShort extends Error {
  override readonly name = 'CutShort';
}

/** The reason of a refusal body (a body that is not one has none). */
function refusalCode(text: string): BrokerRefusalCode | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const code = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    return isBrokerRefusalCode(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Why a response is not the broker's answer to a call to `url`, or `undefined` when it is. */
function notTheBrokers(response: Response, url: URL): string | undefined {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return "a redirect, which is not the broker's answer (the page follows none)";
  if (response.redirected === true) return "an answer reached through a redirect, which is not the broker's (the page follows none)";
  if (typeof response.url === 'string' && response.url !== '' && originOf(response.url) !== url.origin) return "an answer from another origin than the broker's";
  return undefined;
}

function originOf(href: string): string | undefined {
  try {
    return new URL(href).origin;
  } catch {
    return undefined;
  }
}

/** A wait a broker asked for, bounded as every wait is (`default-waits.ts`): 1 s to 3 days. */
function retryAfterOf(header: string | null, now: number): number | undefined {
  const asked = parseRetryAfter(header, now);
  return asked === undefined ? undefined : refusalWaitMs(asked);
}

/** Settles as `work` does, or rejects with the signal's reason as soon as it aborts (a `fetch` that ignores it). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The body's text, at most `MAX_BODY_BYTES` of it; `undefined` when it could not be read. */
async function bodyOf(response: Response, call: BrokerCall, signal: AbortSignal, now: () => number): Promise<string | undefined> {
  try {
    return await boundedText(response, MAX_BODY_BYTES, signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (!(error instanceof BodyTooLarge)) return undefined;
    const retryAfterMs = response.ok ? undefined : retryAfterOf(error.retryAfter, now());
    throw new BrokerError({ method: call.method, path: call.url.pathname, status: response.status, retryAfterMs, problem: `a body longer than ${MAX_BODY_BYTES} bytes, not read` });
  }
}

/** The parsed answer of a 2XX, or the call's {@link BrokerError}; aborts with the signal's reason. */
async function answerOf(fetch: FetchLike, call: BrokerCall, signal: AbortSignal, now: () => number): Promise<unknown> {
  const { method } = call;
  const path = call.url.pathname;
  let response: Response;
  try {
    response = await fetch(call.url.href, {
      method,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body), headers: { 'content-type': 'application/json' } }),
      ...(call.keepalive === true ? { keepalive: true } : {}),
      cache: 'no-store',
      // The broker never redirects: a redirect (a sign-in page, another host) is not its answer, and
      // is not followed. 'manual', not 'error': workerd refuses 'error' outright (a Worker is a
      // natural home of a page's backend, and of pages' calls to it), and a browser hands back an
      // opaque redirect for 'manual', refused below with every other redirect.
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new BrokerError({ method, path, status: 0, cause: error });
  }
  // A `fetch` that ignores the signal may answer after the call was cut short: let the body go.
  const refused = signal.aborted ? undefined : notTheBrokers(response, call.url);
  if (signal.aborted || refused !== undefined) discardBody(response);
  if (signal.aborted) throw signal.reason;
  if (refused !== undefined) throw new BrokerError({ method, path, status: response.status, problem: refused });
  const text = await bodyOf(response, call, signal, now);
  if (!response.ok) {
    const code = text === undefined ? undefined : refusalCode(text);
    throw new BrokerError({ method, path, status: response.status, code, retryAfterMs: retryAfterOf(response.headers.get('retry-after'), now()) });
  }
  try {
    return JSON.parse(text ?? '') as unknown;
  } catch {
    throw new BrokerError({ method, path, status: response.status, problem: 'the answer is not JSON' });
  }
}

/**
 * Makes the call and returns the parsed answer of a 2XX. The call is cut short when `timeoutMs`
 * passes before the last byte of the answer (a broker that never answers, or sends headers and
 * then trickles the body), or when `signal` aborts; the request is aborted then and its body let go.
 *
 * @throws {@link BrokerError} on a refusal (its status, its reason, its `Retry-After` bounded to 3
 * days), a redirect or an answer from another origin, a body longer than `MAX_BODY_BYTES`, an
 * answer that is not JSON, or no answer at all (status 0: none within `timeoutMs`, the call given
 * up, or the broker not reached).
 * @example
 * ```ts
 * const created = await callBroker(fetch, { method: 'POST', url: new URL('/api/mexc/listen-key', location.href), timeoutMs: 10_000 });
 * ```
 */
export async function callBroker(fetch: FetchLike, call: BrokerCall, now: () => number = Date.now): Promise<unknown> {
  const controller = new AbortController();
  const timeoutMs = call.timeoutMs ?? REMOTE_LISTEN_KEYS_DEFAULTS.timeoutMs;
  const timedOut = new CutShort(`none came within ${timeoutMs} ms`);
  const givenUp = new CutShort('given up, nobody waits for it');
  const timer = (call.scheduler ?? asyncScheduler).schedule(() => controller.abort(timedOut), timeoutMs);
  const giveUp = (): void => controller.abort(givenUp);
  if (call.signal?.aborted === true) giveUp();
  else call.signal?.addEventListener('abort', giveUp, { once: true });
  try {
    return await untilAborted(answerOf(fetch, call, controller.signal, now), controller.signal);
  } catch (error) {
    if (error instanceof BrokerError) throw error;
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
    const problem = reason instanceof CutShort ? reason.message : undefined;
    throw new BrokerError({ method: call.method, path: call.url.pathname, status: 0, problem, cause: problem === undefined ? error : undefined });
  } finally {
    timer.unsubscribe();
    call.signal?.removeEventListener('abort', giveUp);
  }
}
