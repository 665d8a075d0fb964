/**
 * Builds the request of one attempt, purely: where each parameter goes, the text to sign, the URL
 * and body as they will be sent. Signing and sending are elsewhere.
 *
 * @module
 */
import type { AnyEndpoint } from '../endpoints/endpoint.js';

/** A request ready to be signed. */
export interface UnsignedRequest {
  readonly method: string;
  /** Base URL plus path, no query. */
  readonly endpointUrl: string;
  /** The query string as it will be sent, without `signature` (no leading `?`). */
  readonly query: string;
  /** The JSON body, for broker POST/DELETE. */
  readonly body: string | undefined;
  /** The exact text to sign: the query string, followed directly by the body when it is signed. */
  readonly payload: string;
}

/** What varies between attempts and clients. */
export interface RequestContext {
  readonly baseUrl: string;
  /** Epoch ms of this attempt. */
  readonly timestamp: number;
  readonly recvWindow: number;
  /** Whether the JSON body is part of the signed text (docs/service.md leaves it open; default false). */
  readonly signBody: boolean;
}

/**
 * Percent-encodes a query component strictly (RFC 3986 unreserved characters only). Plain
 * `encodeURIComponent` leaves `'` as is, and the URL parser of `fetch`/`Request` then turns it into
 * `%27`: the query sent would differ from the query signed.
 */
function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Encodes `[name, value]` pairs as a query string, in the given order. */
export function toQueryString(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');
}

/**
 * Places the encoded parameters of `row`: all in the query (then `recvWindow`, `timestamp`), or,
 * for a JSON-body row, the parameters in the body and only `recvWindow` and `timestamp` in the query.
 *
 * @example
 * ```ts
 * buildRequest(M2, [['page', '1']], { baseUrl: 'https://api.mexc.com', timestamp: 1, recvWindow: 5000, signBody: false });
 * // { query: 'page=1&recvWindow=5000&timestamp=1', payload: 'page=1&recvWindow=5000&timestamp=1', body: undefined, ... }
 * ```
 */
export function buildRequest(
  row: Pick<AnyEndpoint, 'method' | 'path' | 'placement'>,
  pairs: readonly (readonly [string, string])[],
  ctx: RequestContext,
): UnsignedRequest {
  const common: (readonly [string, string])[] = [
    ['recvWindow', String(ctx.recvWindow)],
    ['timestamp', String(ctx.timestamp)],
  ];
  const inBody = row.placement === 'json-body';
  const query = toQueryString(inBody ? common : [...pairs, ...common]);
  const body = inBody ? JSON.stringify(Object.fromEntries(pairs)) : undefined;
  return {
    method: row.method,
    endpointUrl: ctx.baseUrl.replace(/\/+$/, '') + row.path,
    query,
    body,
    payload: body !== undefined && ctx.signBody ? query + body : query,
  };
}
