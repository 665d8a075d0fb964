/**
 * The backend's replies: JSON, static text, and the errors, with no caching (the example is for
 * watching live state, not for serving fast).
 */
import type { ServerResponse } from 'node:http';

/**
 * Writes `body` as JSON.
 *
 * @example
 * ```ts
 * sendJson(res, 200, { listenKey });
 * ```
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

/**
 * Writes `text` with its content type.
 *
 * @example
 * ```ts
 * sendText(res, 200, 'text/html; charset=utf-8', html);
 * ```
 */
export function sendText(res: ServerResponse, status: number, contentType: string, text: string): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
