/**
 * The listen-key route of the broker, `{path}/listen-key`: POST creates a key, PUT renews one,
 * DELETE closes one, each for the session the request belongs to. A body that is not what the
 * method takes, or any query, is refused (400, 413) and changes nothing; a key the session was not
 * given is answered as unknown (404), whether another session holds it or nobody does. A DELETE is
 * answered 200 only once the service closed the key; when the service failed it, 502 (503 when it
 * asked to wait), the key's place stays held, and the page may ask again.
 *
 * @module
 */
import { LISTEN_KEY_PATTERN, type ListenKeyBody } from '../remote/protocol.js';
import type { KeyKeeper } from './key-keeper.js';
import { readBoundedText } from './read-body.js';
import { jsonResponse, refusal } from './responses.js';
import { upstreamRefusal } from './upstream.js';

/** The largest body the route reads, bytes: `{"listenKey":"..."}` with room to spare. */
export const KEY_BODY_MAX_BYTES = 1024;

/** What a key request is answered from. */
export interface KeyRouteContext {
  readonly keeper: KeyKeeper;
  /** The request's session, or `undefined` when each key is its own session. */
  readonly session: string | undefined;
  readonly limits: { readonly maxKeys: number; readonly maxKeysPerSession: number };
  readonly now: () => number;
}

type Parsed<T> = { readonly value: T } | { readonly refused: Response };

async function parseBody(request: Request): Promise<Parsed<unknown>> {
  const body = await readBoundedText(request, KEY_BODY_MAX_BYTES);
  if ('refused' in body) {
    return { refused: body.refused === 'too-large' ? refusal('body-too-large', `the body is larger than ${KEY_BODY_MAX_BYTES} bytes`) : refusal('bad-request', 'the body is not UTF-8 text') };
  }
  if (body.text.trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(body.text) as unknown };
  } catch {
    return { refused: refusal('bad-request', 'the body is not JSON') };
  }
}

const isPlainObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function keyBody(request: Request): Promise<Parsed<ListenKeyBody>> {
  const parsed = await parseBody(request);
  if ('refused' in parsed) return parsed;
  const value = parsed.value;
  const fields = isPlainObject(value) ? Object.keys(value) : [];
  const listenKey = isPlainObject(value) ? value['listenKey'] : undefined;
  if (fields.length !== 1 || typeof listenKey !== 'string' || !LISTEN_KEY_PATTERN.test(listenKey)) {
    return { refused: refusal('bad-request', 'the body must be {"listenKey": "<1 to 128 letters and digits>"}') };
  }
  return { value: { listenKey } };
}

const unknownKey = (): Response => refusal('unknown-listen-key', 'no such listen key for this session');

async function create(request: Request, context: KeyRouteContext): Promise<Response> {
  const parsed = await parseBody(request);
  if ('refused' in parsed) return parsed.refused;
  if (parsed.value !== undefined && !(isPlainObject(parsed.value) && Object.keys(parsed.value).length === 0)) {
    return refusal('bad-request', 'a create takes no body (or {})');
  }
  const outcome = await context.keeper.create(context.session);
  if ('created' in outcome) return jsonResponse(201, outcome.created);
  if ('shut' in outcome) return refusal('closed', 'the broker is closed');
  if ('failed' in outcome) return upstreamRefusal(outcome.failed, 'creating a listen key', context.now());
  return outcome.refused === 'account'
    ? refusal('account-key-limit', `the broker holds the most listen keys it may for the account (${context.limits.maxKeys})`, { retryAfterMs: outcome.retryAfterMs })
    : refusal('session-key-limit', `this session holds the most listen keys it may (${context.limits.maxKeysPerSession})`, { retryAfterMs: outcome.retryAfterMs });
}

async function renew(request: Request, context: KeyRouteContext): Promise<Response> {
  const body = await keyBody(request);
  if ('refused' in body) return body.refused;
  return context.keeper.renew(context.session, body.value.listenKey) ? jsonResponse(200, body.value) : unknownKey();
}

async function close(request: Request, context: KeyRouteContext): Promise<Response> {
  const body = await keyBody(request);
  if ('refused' in body) return body.refused;
  const outcome = await context.keeper.close(context.session, body.value.listenKey);
  if (outcome === undefined) return unknownKey();
  return 'closed' in outcome ? jsonResponse(200, body.value) : upstreamRefusal(outcome.failed, 'closing the listen key', context.now());
}

/**
 * The refusal of a request to the route that has a query (a bare `?` too), else `undefined`: the
 * route takes none, and a key sent in a URL would land in every access log on its way.
 *
 * @example
 * ```ts
 * const refused = keyQueryRefused(request.url);
 * if (refused !== undefined) return refused;
 * ```
 */
export function keyQueryRefused(url: string): Response | undefined {
  return url.includes('?') ? refusal('bad-request', 'the listen-key route takes no query (a key in a URL lands in access logs): send the key in the body') : undefined;
}

/** The methods of the route. */
export const KEY_ROUTE_METHODS = ['POST', 'PUT', 'DELETE'] as const;

/**
 * Answers a request to `{path}/listen-key` whose method is one of {@link KEY_ROUTE_METHODS}.
 *
 * @example
 * ```ts
 * if (pathname === `${path}/listen-key`) return keyRoute(request, { keeper, session, limits, now });
 * ```
 */
export function keyRoute(request: Request, context: KeyRouteContext): Promise<Response> {
  if (request.method === 'POST') return create(request, context);
  if (request.method === 'PUT') return renew(request, context);
  return close(request, context);
}
