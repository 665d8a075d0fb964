/**
 * `createListenKeyBroker`: a page's listen keys and account reads, served by its backend, which
 * holds the secret. Routing, the origin check and the session come here; the keys themselves are
 * the keeper's (`key-keeper.ts`), the reads the repair routes' (`repair-routes.ts`).
 *
 * @module
 */
import type { Client } from '../client/types.js';
import type { ValidationIssue } from '../errors.js';
import { BROKER_ROUTES } from '../remote/protocol.js';
import { checkSettings, refuseIssues } from '../settings/resolve.js';
import { CLIENT_WORDS, isClient } from '../stream/listen-key-source.js';
import { BROKER_DEFAULTS, BROKER_SETTINGS, type Authorize, type ListenKeyBrokerOptions } from './broker-settings.js';
import type { HttpHandler } from './http-handler.js';
import { KeyKeeper } from './key-keeper.js';
import { KEY_BODY_MAX_BYTES, KEY_ROUTE_METHODS, keyQueryRefused, keyRoute } from './key-routes.js';
import { nodeHandler } from './node-adapter.js';
import { originRefused } from './origin-check.js';
import { balancesRoute, openOrdersRoute, ReadGate } from './repair-routes.js';
import { refusal } from './responses.js';

/** A page's listen-key broker: the server entry's handler shape (see {@link createListenKeyBroker}). */
export type ListenKeyBroker = HttpHandler;

type Route = 'keys' | 'balances' | 'orders';

const METHODS: { readonly [R in Route]: readonly string[] } = { keys: KEY_ROUTE_METHODS, balances: ['GET'], orders: ['GET'] };

/**
 * The session of a request, or the refusal: `authorize` names it (a non-empty text), refuses it
 * (anything else: 401) or throws (403). It is shown the request without its body.
 */
async function sessionOf(authorize: Authorize | undefined, request: Request): Promise<{ readonly session: string | undefined } | Response> {
  if (authorize === undefined) return { session: undefined };
  let answer: unknown;
  try {
    answer = await authorize(new Request(request.url, { method: request.method, headers: request.headers }));
  } catch {
    return refusal('forbidden', 'this request may not have listen keys');
  }
  return typeof answer === 'string' && answer !== '' ? { session: answer } : refusal('unauthorized', 'no session: sign in first');
}

/**
 * Serves a page's listen keys and its account reads over HTTP, with the secret staying on the
 * server: `client` (the account's own key) makes every call. Mounted under `options.path`:
 *
 * - `POST {path}/listen-key` creates a key (L1) and answers `{ listenKey, renewIntervalMs }`;
 *   `PUT` with `{ listenKey }` renews it; `DELETE` with `{ listenKey }` closes it (L4).
 *   The route takes no query (400: a key in a URL lands in access logs).
 * - `GET {path}/balances` and `GET {path}/open-orders?symbols=BTCUSDT,...` read the account (A1,
 *   A2) and answer the state operators' seeds (`remoteRepairSources` reads them on the page).
 *
 * Its rules: a request from an origin not in `allowedOrigins`, or one a browser marks cross-site
 * from an origin not listed, is refused (403) before `authorize` is asked; it renews and closes
 * only keys it issued, and for a page only those its session was given (another session's key is
 * answered 404, as an unknown one); it holds at most `maxKeys` for
 * the account (503 past it) and `maxKeysPerSession` per session (429), creations under way
 * included; it keeps each key alive on the service itself (L3, every `keepAliveIntervalMs`) while
 * its page renews it, and closes a key whose page was silent for `idleCloseMs`; a wrong method is
 * 405 with `Allow`, another path 404, a bad body or key 400 (413 when too large), each with a small
 * JSON body saying why, and a refused request changes nothing. Each page has keys of its own (the
 * service allows 5 connections per key; sharing would tie pages' lifetimes together). Every timer
 * runs on the client's scheduler. The client is not closed by `close()`: it may serve other work;
 * close the broker first, then the client (`client.close()` DELETEs the broker's keys too, being
 * the client that made them, but pages would meanwhile be answered 502).
 *
 * @throws ValidationError (operation `config`) when `client` is not a client or an option breaks its rule.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createClient } from 'mexc-rx';
 * import { createListenKeyBroker } from 'mexc-rx/server';
 *
 * const client = createClient({ apiKey: process.env.MEXC_API_KEY, secretKey: process.env.MEXC_SECRET_KEY });
 * const broker = createListenKeyBroker(client, { path: '/api/mexc', allowedOrigins: ['https://app.example.com'] });
 * createServer(broker.node).listen(8080);
 * // on shutdown: await broker.close(); // DELETEs every key it issued
 * ```
 */
export function createListenKeyBroker(client: Client, options: ListenKeyBrokerOptions): ListenKeyBroker {
  const issues: ValidationIssue[] = isClient(client) ? [] : [{ field: '(client)', rule: CLIENT_WORDS }];
  const settings = checkSettings(BROKER_SETTINGS, options, issues);
  refuseIssues(issues);
  const base = settings.path === '/' ? '' : settings.path;
  const routes = new Map<string, Route>([
    [`${base}${BROKER_ROUTES.listenKey}`, 'keys'],
    [`${base}${BROKER_ROUTES.balances}`, 'balances'],
    [`${base}${BROKER_ROUTES.openOrders}`, 'orders'],
  ]);
  const limits = { maxKeys: settings.maxKeys, maxKeysPerSession: settings.maxKeysPerSession ?? Math.min(BROKER_DEFAULTS.maxKeysPerSession, settings.maxKeys) };
  const keeper = new KeyKeeper(client, { ...settings, ...limits });
  const repairs = { client, symbols: settings.symbols, maxSymbols: settings.maxSymbols, reads: new ReadGate(settings.maxConcurrentReads) };
  const now = (): number => client.scheduler.now();
  let closing: Promise<void> | undefined;

  const fetch = async (request: Request): Promise<Response> => {
    if (closing !== undefined) return refusal('closed', 'the broker is closed');
    const route = routes.get(new URL(request.url).pathname);
    if (route === undefined) return refusal('not-found', 'no such route');
    const methods = METHODS[route];
    if (!methods.includes(request.method)) return refusal('method-not-allowed', `${request.method} is not served here`, { allow: methods });
    if (originRefused(request.headers, settings.allowedOrigins)) return refusal('origin-refused', 'requests from this origin are refused');
    // Before `authorize` is shown the URL: a key in a query is refused, not passed on.
    const queried = route === 'keys' ? keyQueryRefused(request.url) : undefined;
    if (queried !== undefined) return queried;
    const who = await sessionOf(settings.authorize, request);
    if (who instanceof Response) return who;
    if (route === 'keys') return keyRoute(request, { keeper, session: who.session, limits, now });
    return route === 'balances' ? balancesRoute(request, repairs, now) : openOrdersRoute(request, repairs, now);
  };

  return {
    fetch,
    node: nodeHandler({ owns: (pathname) => routes.has(pathname), fetch, maxBodyBytes: KEY_BODY_MAX_BYTES }),
    close() {
      closing ??= keeper.closeAll();
      return closing;
    },
  };
}
