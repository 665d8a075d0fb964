/**
 * The two ways the library can put a request on the wire: through ky (the default) or by calling
 * `fetch` directly. Both send the same method, URL, headers and body with the same abort signal,
 * and both resolve with the response whatever its status; timeouts, retries and error mapping are
 * the library's own (`send.ts`, `execute.ts`), so nothing else differs.
 *
 * ky builds a `Request` per call and clones it for retries it is never asked to make here; on
 * Node 20 that costs about as much client CPU as the rest of the call (docs/performance.md). Where
 * the request rate matters more than ky, `transport: 'fetch'` skips it.
 *
 * @module
 */
import ky from 'ky';

/** How requests are sent: `'ky'` (default) or `'fetch'` (the `fetch` function called directly). */
export type HttpTransport = 'ky' | 'fetch';

/** The transports, for checking a setting. */
export const HTTP_TRANSPORTS: readonly HttpTransport[] = ['ky', 'fetch'];

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

/**
 * Sends `request` once with `transport`, aborted by `signal`. Resolves with the response whatever
 * its status; rejects as `fetch` does (network failure, abort).
 *
 * @example
 * ```ts
 * const response = await transmit('fetch', globalThis.fetch, { method: 'GET', url, body: undefined, headers: {} }, controller.signal);
 * ```
 */
export function transmit(transport: HttpTransport, fetchImpl: FetchLike, request: WireRequest, signal: AbortSignal): Promise<Response> {
  const init = {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    signal,
  };
  if (transport === 'fetch') return fetchImpl(request.url, init);
  // ky's own timeout and retries are off: the timeout (covering the body too), the abort and the
  // retry policy are the library's.
  return ky(request.url, { ...init, timeout: false, retry: 0, throwHttpErrors: false, fetch: fetchImpl });
}
