/**
 * The two ways the library can put a request on the wire: through ky (the default) or by calling
 * `fetch` directly. Both send the same method, URL, headers and body with the same abort signal,
 * both ask not to follow redirects (`redirect: 'manual'`; undici's `request` never follows one),
 * and both resolve with the response whatever its status; timeouts, retries, redirects and error
 * mapping are the library's own (`send.ts`, `execute.ts`), so nothing else differs.
 *
 * What `fetch` is: the client's own when it has one; otherwise, on Node, undici's `Pool` per
 * origin (`node-sender.ts`), handed to ky as its `fetch` (ky still builds, checks and hands over
 * the request; the sender sends the `Request` ky built); elsewhere the global `fetch`.
 *
 * ky builds a `Request` per call and clones it for retries it is never asked to make here, with
 * an `AbortController` and abort listeners for each; on Node 20 that is most of what the default
 * path costs beyond the sender (docs/performance.md). Where the request rate matters more than ky,
 * `transport: 'fetch'` skips it.
 *
 * @module
 */
import { UnsupportedRuntimeError } from '../unsupported-runtime.js';
import { kyInstance } from './ky-loader.js';
import { nodeSender, type NodeSender } from './node-sender.js';
import type { WireRequest, WireResponse } from './wire.js';

/** How requests are sent: `'ky'` (default) or `'fetch'` (the `fetch` function called directly). */
export type HttpTransport = 'ky' | 'fetch';

/** The transports, for checking a setting. */
export const HTTP_TRANSPORTS: readonly HttpTransport[] = ['ky', 'fetch'];

/** A `fetch` implementation (the global one, a test double, a proxy-aware one). */
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/** Why nothing could send: no `fetch` given, none global, and undici not loadable. */
export const NO_FETCH = 'no fetch to send with: this runtime has no global fetch and could not load undici; give the client a fetch';

/**
 * Refuses a runtime with nothing to send with, before a client is made: no global `fetch` and, on
 * Node, no undici. A client given a `fetch` of its own never asks.
 *
 * @throws {@link UnsupportedRuntimeError} naming `fetch`.
 * @example
 * ```ts
 * if (config.fetch === undefined) assertRuntimeFetch();
 * ```
 */
export function assertRuntimeFetch(): void {
  if (typeof globalThis.fetch !== 'function' && nodeSender() === undefined) throw new UnsupportedRuntimeError({ operation: 'createClient', missing: 'fetch' });
}

/**
 * Sends the `Request` ky built through the Node sender: its method, URL and headers as ky made them, and
 * the body the library handed ky (a string, so the `Request`'s copy of it need not be read back
 * through a stream). The abort signal is the caller's own, not the request's: ky's timeout is off,
 * so its signal would only relay the caller's, at the price of joining the two (`AbortSignal.any`)
 * and of the `Request` following the result, about a fifth of ky's cost per call on Node 20.
 */
function sendKyRequest(node: NodeSender, input: Request, body: string | undefined, signal: AbortSignal): Promise<WireResponse> {
  const headers: Record<string, string> = {};
  input.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return node.send(input.method, input.url, headers, body, signal);
}

/**
 * Sends `request` once with `transport`, aborted by `signal`. Resolves with the response whatever
 * its status; rejects as `fetch` does (network failure, abort). Without a `fetchImpl`, requests go
 * out through undici on Node (`node-sender.ts`) and through the global `fetch` elsewhere.
 *
 * @example
 * ```ts
 * const response = await transmit('fetch', globalThis.fetch, { method: 'GET', url, body: undefined, headers: {} }, controller.signal);
 * ```
 */
export function transmit(transport: HttpTransport, fetchImpl: FetchLike | undefined, request: WireRequest, signal: AbortSignal): Promise<WireResponse> {
  const node = fetchImpl === undefined ? nodeSender() : undefined;
  if (node && transport === 'fetch') return node.send(request.method, request.url, request.headers, request.body, signal);
  // A redirect is never followed: it would carry the api key and the signed query to wherever the
  // `Location` points. `send.ts` turns the 3XX (or a browser's opaque answer) into an HttpError.
  const base = {
    method: request.method,
    headers: request.headers,
    redirect: 'manual',
    ...(request.body !== undefined ? { body: request.body } : {}),
  } as const;
  // ky's own timeout and retries are off: the timeout (covering the body too), the abort and the
  // retry policy are the library's.
  const kyOptions = { ...base, timeout: false, retry: 0, throwHttpErrors: false } as const;
  if (node) {
    const viaNode = (input: Request | URL | string): Promise<Response> =>
      sendKyRequest(node, input as Request, request.body, signal) as Promise<unknown> as Promise<Response>;
    return kyInstance().then((ky) => ky(request.url, { ...kyOptions, fetch: viaNode }));
  }
  const fetchFn = fetchImpl ?? (globalThis.fetch as FetchLike | undefined);
  // A runtime with neither (a DOM test environment without Node's web globals, which undici needs).
  if (typeof fetchFn !== 'function') return Promise.reject(new TypeError(NO_FETCH));
  if (transport === 'fetch') return fetchFn(request.url, { ...base, signal });
  // ky calls its `fetch` as a method of its options object. A runtime's own `fetch` may refuse any
  // `this` but the global object or none (workerd: "Illegal invocation"), and a user's may be that
  // very function passed unbound, so ky is handed a plain call of it.
  return kyInstance().then((ky) => ky(request.url, { ...kyOptions, signal, fetch: (input, init) => fetchFn(input, init) }));
}
