/**
 * The backend's routes: the page and its bundle, the page's configuration, the state operators'
 * seeds, and the listen-key endpoints. Nothing here ever returns a credential.
 *
 * | Route                     | What it does                                               |
 * |---------------------------|------------------------------------------------------------|
 * | GET /, /style.css, /main.js | the page, its style sheet and its bundle                 |
 * | GET /config               | `{ wsUrl, account }`: where the page connects              |
 * | GET /balances             | the sub-account's balances (seed and resync)               |
 * | GET /orders               | the sub-account's orders (seed and resync)                 |
 * | POST /listen-key          | `{ listenKey }`: a fresh key, made server-side             |
 * | PUT /listen-key/:key      | keeps an issued key alive (404 for any other key)          |
 * | DELETE /listen-key/:key   | closes an issued key (404 for any other key)               |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendText } from './http-reply.js';
import type { ListenKeyService } from './listen-keys.js';

/** The static files the backend serves. */
export interface PageFiles {
  readonly html: string;
  readonly css: string;
  /** The page's bundle (see `build.ts`). */
  readonly js: string;
}

/** What the routes answer from. */
export interface RouteDeps {
  readonly files: PageFiles;
  readonly config: { readonly wsUrl: string; readonly account: string };
  readonly listenKeys: ListenKeyService;
  readonly balances: () => Promise<unknown>;
  readonly orders: () => unknown;
}

const LISTEN_KEY_PATH = /^\/listen-key\/([^/]+)$/;

function listenKeyOf(path: string): string | undefined {
  const encoded = LISTEN_KEY_PATH.exec(path)?.[1];
  try {
    return encoded === undefined ? undefined : decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

async function answer(deps: RouteDeps, method: string, path: string, res: ServerResponse): Promise<void> {
  if (method === 'GET') {
    if (path === '/' || path === '/index.html') return sendText(res, 200, 'text/html; charset=utf-8', deps.files.html);
    if (path === '/style.css') return sendText(res, 200, 'text/css; charset=utf-8', deps.files.css);
    if (path === '/main.js') return sendText(res, 200, 'text/javascript; charset=utf-8', deps.files.js);
    if (path === '/config') return sendJson(res, 200, deps.config);
    if (path === '/balances') return sendJson(res, 200, await deps.balances());
    if (path === '/orders') return sendJson(res, 200, deps.orders());
  }
  if (method === 'POST' && path === '/listen-key') return sendJson(res, 200, { listenKey: await deps.listenKeys.create() });
  const listenKey = listenKeyOf(path);
  if (listenKey !== undefined && (method === 'PUT' || method === 'DELETE')) {
    const known = method === 'PUT' ? await deps.listenKeys.keepAlive(listenKey) : await deps.listenKeys.close(listenKey);
    return known ? sendJson(res, 200, {}) : sendJson(res, 404, { error: 'unknown listen key' });
  }
  sendJson(res, 404, { error: 'not found' });
}

/**
 * The backend's request handler.
 *
 * @example
 * ```ts
 * const server = createServer(createRoutes(deps));
 * ```
 */
export function createRoutes(deps: RouteDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // The path only (not `new URL(...)`: it would read `//x` as a host).
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    // The body is never needed: drain it so the connection can be reused.
    req.resume();
    answer(deps, req.method ?? 'GET', path, res).catch((error: unknown) => {
      // Library errors never carry secrets, but the page needs no details: name the kind only.
      if (!res.headersSent) sendJson(res, 502, { error: error instanceof Error ? error.name : 'Error' });
      else res.destroy();
    });
  };
}
