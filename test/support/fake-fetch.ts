/**
 * A recording stand-in for `fetch`: keeps every request as plain data (method, URL, raw query,
 * body, headers, signal) and answers with scripted responses.
 */
import type { FetchLike } from '../../src/index.js';

/** One request as the injected fetch saw it. */
export interface RecordedRequest {
  readonly method: string;
  /** Full URL as sent. */
  readonly url: string;
  /** Path without query. */
  readonly path: string;
  /** The query string exactly as sent, without the leading `?`. */
  readonly rawQuery: string;
  /** Body text, `undefined` when there is none. */
  readonly body: string | undefined;
  readonly headers: Headers;
  readonly signal: AbortSignal;
}

/** Makes the answer to one request. */
export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch that records its calls. */
export interface FakeFetch {
  readonly fetch: FetchLike;
  readonly calls: RecordedRequest[];
}

/**
 * A fetch answering the n-th call with `responders[n]` (the last one repeats), or always with a
 * single responder.
 */
export function fakeFetch(responders: Responder | readonly Responder[]): FakeFetch {
  const list = typeof responders === 'function' ? [responders] : responders;
  const calls: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: request.url,
      path: url.pathname,
      rawQuery: url.search.replace(/^\?/, ''),
      body: text === '' ? undefined : text,
      headers: request.headers,
      signal: request.signal,
    };
    const responder = list[Math.min(calls.length, list.length - 1)];
    calls.push(recorded);
    if (responder === undefined) throw new Error('fakeFetch: no responder');
    return responder(recorded);
  };
  return { fetch, calls };
}

/** Answers with `body` as JSON. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Responder {
  return () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Answers with raw text (a proxy's HTML page, a truncated body). */
export function text(body: string, status: number, headers: Record<string, string> = {}): Responder {
  return () => new Response(body, { status, headers: { 'content-type': 'text/html', ...headers } });
}

/** Never answers; rejects only when the request is aborted, as a real fetch does. */
export const hang: Responder = (request) =>
  new Promise<Response>((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), {
      once: true,
    });
  });

/** Rejects the way the fetch of a runtime does on a refused connection. */
export function refuse(makeError: (request: RecordedRequest) => Error): Responder {
  return (request) => Promise.reject(makeError(request));
}
