/**
 * One call of a page to its backend's broker: JSON in, JSON out, a {@link BrokerError} for
 * anything else. Browser-safe: only `fetch` and `URL`.
 *
 * @module
 */
import type { FetchLike } from '../http/transport.js';
import { parseRetryAfter } from '../http/retry-after.js';
import { BrokerError } from './broker-error.js';
import { isBrokerRefusalCode, type BrokerRefusalCode } from './protocol.js';

/** A call: where, how, what. */
export interface BrokerCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: URL;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Let the request outlive the page (a DELETE sent while the page is being left). */
  readonly keepalive?: boolean;
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

/**
 * Makes the call and returns the parsed answer of a 2XX.
 *
 * @throws {@link BrokerError} on a refusal (its status and reason), an answer that is not JSON, or
 * no answer at all (status 0).
 * @example
 * ```ts
 * const created = await callBroker(fetch, { method: 'POST', url: new URL('/api/mexc/listen-key', location.href) });
 * ```
 */
export async function callBroker(fetch: FetchLike, call: BrokerCall, now: () => number = Date.now): Promise<unknown> {
  const path = call.url.pathname;
  let response: Response;
  try {
    response = await fetch(call.url.href, {
      method: call.method,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body), headers: { 'content-type': 'application/json' } }),
      ...(call.keepalive === true ? { keepalive: true } : {}),
      cache: 'no-store',
      // The broker never redirects: a redirect (a sign-in page, another host) is not its answer, and
      // is not followed. 'manual', not 'error': workerd refuses 'error' outright (a Worker is a
      // natural home of a page's backend, and of pages' calls to it), and a browser hands back an
      // opaque redirect for 'manual', refused below with every other redirect.
      redirect: 'manual',
    });
  } catch (error) {
    throw new BrokerError({ method: call.method, path, status: 0, cause: error });
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw new BrokerError({ method: call.method, path, status: response.status, problem: 'a redirect, which is not the broker\'s answer (the page follows none)' });
  }
  const text = await response.text().catch(() => undefined);
  if (!response.ok) {
    const code = text === undefined ? undefined : refusalCode(text);
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
    throw new BrokerError({ method: call.method, path, status: response.status, code, retryAfterMs });
  }
  try {
    return JSON.parse(text ?? '') as unknown;
  } catch {
    throw new BrokerError({ method: call.method, path, status: response.status, problem: 'the answer is not JSON' });
  }
}
