/**
 * The backend's routes: the page, its style sheet and bundle, and the listen-key broker mounted
 * under `/api/mexc` (which answers 404 for any path of its own it does not serve). Nothing here
 * ever returns a credential.
 *
 * | Route                                 | What it does                                              |
 * |---------------------------------------|-----------------------------------------------------------|
 * | GET /, /style.css, /main.js           | the page (with the simulator's websocket URL), its CSS and bundle |
 * | POST, PUT, DELETE /api/mexc/listen-key | the page's listen keys (`createListenKeyBroker`)         |
 * | GET /api/mexc/balances, /open-orders  | the account's reads the page repairs its state from       |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ListenKeyBroker } from '../../src/server/index.js';
import { sendJson, sendText } from '../browser/http-reply.js';

/** Where the broker is mounted; the page's `remoteListenKeys` and `remoteRepairSources` use the same path. */
export const BROKER_PATH = '/api/mexc';

/** The static files the backend serves. */
export interface PageFiles {
  /** `page/index.html`, filled in by {@link pageHtml}. */
  readonly html: string;
  readonly css: string;
  /** The page's bundle (see `build.ts`). */
  readonly js: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** What the backend writes into the page: the simulator's websocket URL and the sub-account's name. */
export interface PageValues {
  readonly wsUrl: string;
  readonly account: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The page's HTML with `%WS_URL%` and `%ACCOUNT%` filled in, escaped (the page reads them from its
 * attributes when it starts).
 *
 * @example
 * ```ts
 * pageHtml('<meta content="%WS_URL%">', { wsUrl: 'ws://127.0.0.1:4000/ws', account: 'reactdemo01' });
 * // '<meta content="ws://127.0.0.1:4000/ws">'
 * ```
 */
export function pageHtml(template: string, values: PageValues): string {
  return template.replaceAll('%WS_URL%', escapeHtml(values.wsUrl)).replaceAll('%ACCOUNT%', escapeHtml(values.account));
}

/**
 * The backend's request handler.
 *
 * @example
 * ```ts
 * const server = createServer(createRoutes(files, broker));
 * ```
 */
export function createRoutes(files: PageFiles, broker: ListenKeyBroker): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // The path only (not `new URL(...)`: it would read `//x` as a host).
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === BROKER_PATH || path.startsWith(`${BROKER_PATH}/`)) return broker.node(req, res);
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return sendJson(res, 405, { error: 'method not allowed' });
    }
    if (path === '/' || path === '/index.html') return sendText(res, 200, 'text/html; charset=utf-8', files.html);
    if (path === '/style.css') return sendText(res, 200, 'text/css; charset=utf-8', files.css);
    if (path === '/main.js') return sendText(res, 200, 'text/javascript; charset=utf-8', files.js);
    sendJson(res, 404, { error: 'not found' });
  };
}
