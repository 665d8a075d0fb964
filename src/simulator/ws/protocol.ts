/**
 * The websocket's text protocol (docs/service.md, "Websocket protocol"): what a client sends
 * (SUBSCRIPTION, UNSUBSCRIPTION, PING, lowercase too) and the JSON replies the server sends back.
 *
 * @module
 */

/** The text frame a connection with an unknown or expired listen key gets. */
export const INVALID_LISTEN_KEY_TEXT = 'Invalid listen key';

/** A client message, read. */
export type ClientMessage =
  | { readonly kind: 'subscribe' | 'unsubscribe'; readonly id: number; readonly channels: readonly string[] }
  | { readonly kind: 'ping'; readonly id: number }
  | { readonly kind: 'other'; readonly id: number; readonly method: string }
  | { readonly kind: 'invalid' };

function idOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}

/**
 * Reads a client's text message. Method names are matched without regard to case.
 *
 * @example
 * ```ts
 * parseClientMessage('{"method":"SUBSCRIPTION","params":["spot@private.deals.v3.api.pb"]}');
 * // { kind: 'subscribe', id: 0, channels: ['spot@private.deals.v3.api.pb'] }
 * parseClientMessage('{"method":"ping"}'); // { kind: 'ping', id: 0 }
 * ```
 */
export function parseClientMessage(text: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'invalid' };
  const record = value as Record<string, unknown>;
  const method = record['method'];
  if (typeof method !== 'string') return { kind: 'invalid' };
  const id = idOf(record['id']);
  const params = Array.isArray(record['params']) ? (record['params'] as unknown[]) : [];
  const channels = params.map((p) => (typeof p === 'string' ? p : JSON.stringify(p)));
  switch (method.toUpperCase()) {
    case 'SUBSCRIPTION':
      return { kind: 'subscribe', id, channels };
    case 'UNSUBSCRIPTION':
      return { kind: 'unsubscribe', id, channels };
    case 'PING':
      return { kind: 'ping', id };
    default:
      return { kind: 'other', id, method };
  }
}

/**
 * A JSON reply: `{"id":0,"code":0,"msg":"..."}`.
 *
 * @example
 * ```ts
 * replyText('PONG'); // '{"id":0,"code":0,"msg":"PONG"}'
 * ```
 */
export function replyText(msg: string, id = 0, code = 0): string {
  return JSON.stringify({ id, code, msg });
}

/**
 * The `msg` of a refused subscription, as the service words it.
 *
 * @example
 * ```ts
 * refusalMessage(['spot@public.deals.v3.api@BTCUSDT']);
 * // 'Not Subscribed successfully! [spot@public.deals.v3.api@BTCUSDT]. Reason: Blocked!'
 * ```
 */
export function refusalMessage(channels: readonly string[]): string {
  return `Not Subscribed successfully! [${channels.join(',')}]. Reason: Blocked!`;
}
