/**
 * The answers of the server entry's handlers: small JSON bodies, never cached, never sniffed as
 * another type; a refusal says why in `{ error, message }` with the status its reason has.
 *
 * @module
 */
import { BROKER_REFUSALS, type BrokerRefusal, type BrokerRefusalCode } from '../remote/protocol.js';

/** The headers every answer carries. */
const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * A JSON answer.
 *
 * @example
 * ```ts
 * jsonResponse(200, { listenKey });
 * ```
 */
export function jsonResponse(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...COMMON_HEADERS, ...headers } });
}

/** Extra headers of a refusal: `Allow` for a 405, `Retry-After` (ms, sent in whole seconds) for a 429 or 503. */
export interface RefusalHeaders {
  readonly allow?: readonly string[];
  readonly retryAfterMs?: number;
}

/**
 * The `Retry-After` value for a wait: whole seconds, rounded up, at least 1.
 *
 * @example
 * ```ts
 * retryAfterSeconds(1500); // '2'
 * ```
 */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}

/**
 * A refusal: the reason's status, `{ error, message }`, and the headers it needs.
 *
 * @example
 * ```ts
 * refusal('method-not-allowed', 'use GET', { allow: ['GET'] });
 * ```
 */
export function refusal(code: BrokerRefusalCode, message: string, extra: RefusalHeaders = {}): Response {
  const headers: Record<string, string> = {};
  if (extra.allow !== undefined) headers['allow'] = extra.allow.join(', ');
  if (extra.retryAfterMs !== undefined) headers['retry-after'] = retryAfterSeconds(extra.retryAfterMs);
  const body: BrokerRefusal = { error: code, message };
  return jsonResponse(BROKER_REFUSALS[code], body, headers);
}
