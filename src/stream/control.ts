/**
 * Control replies of the websocket (docs/service.md, "Websocket protocol"): JSON text frames
 * `{"id":0,"code":0,"msg":...}` answering PING and (UN)SUBSCRIPTION, and the plain text frame
 * `Invalid listen key`.
 *
 * @module
 */

/** The fields of a JSON reply, as sent. */
export interface ReplyFields {
  /** The reply's `id`, when sent as a number (the service sends 0). */
  readonly id: number | undefined;
  /** The reply's `code`: a number when numeric, the text otherwise; 0 means success. */
  readonly code: number | string | undefined;
  /** The reply's `msg`, as sent. */
  readonly msg: string;
}

/** Answer to PING (`msg` `PONG`). */
export interface PongReply extends ReplyFields {
  readonly type: 'pong';
}

/**
 * Answer to SUBSCRIPTION or UNSUBSCRIPTION: `msg` lists the channels (comma-separated). The two
 * replies look the same on the wire; the sender knows which request it made.
 */
export interface SubscriptionReply extends ReplyFields {
  readonly type: 'subscription';
  /** The channels named in `msg`. */
  readonly channels: readonly string[];
}

/** A refused subscription: `Not Subscribed successfully! [ch,...]. Reason: Blocked!`. */
export interface RefusedReply extends ReplyFields {
  readonly type: 'refused';
  /** The channels between the brackets. */
  readonly channels: readonly string[];
  /** The text after `Reason:`, trimmed, when present (e.g. `Blocked!`). */
  readonly reason: string | undefined;
}

/** The service does not accept the listen key (text frame `Invalid listen key`, or a reply saying so). */
export interface InvalidListenKeyNotice {
  readonly type: 'invalid-listen-key';
  /** The text as sent. */
  readonly text: string;
}

/** Any other JSON reply (an error code, an empty message, ...). */
export interface OtherReply extends ReplyFields {
  readonly type: 'reply';
}

/** A control message of the websocket, told apart by `type`. */
export type ControlMessage = PongReply | SubscriptionReply | RefusedReply | InvalidListenKeyNotice | OtherReply;

/** A reply's `id` or `code`, as the service may send it. */
type IdOrCode = number | string | null | undefined;

/** The fields of a JSON reply, checked by {@link rawReply}. */
interface RawReply {
  readonly msg: string;
  readonly id: IdOrCode;
  readonly code: IdOrCode;
}

const PONG = /^\s*pong\s*$/i;
const INVALID_LISTEN_KEY = /invalid\s*listen\s*key/i;
const REFUSED = /^\s*not subscribed successfully/i;
const REFUSED_CHANNELS = /\[([^\]]*)\]/;
const REFUSED_REASON = /reason\s*[:：]\s*([\s\S]*)$/i;
const CHANNEL_LIKE = /^[a-z]+@[^\s,[\]]+$/i;
const NUMERIC = /^-?\d{1,15}$/;

/**
 * Recognizes a plain-text (non-JSON) control frame: today only `Invalid listen key`.
 *
 * @example
 * ```ts
 * controlFromText('Invalid listen key'); // { type: 'invalid-listen-key', text: 'Invalid listen key' }
 * controlFromText('hello'); // undefined
 * ```
 */
export function controlFromText(text: string): InvalidListenKeyNotice | undefined {
  return INVALID_LISTEN_KEY.test(text) ? { type: 'invalid-listen-key', text } : undefined;
}

/**
 * Decodes a parsed JSON reply (an object without `channel`) into a {@link ControlMessage}, or
 * returns the reason it is not one.
 *
 * @example
 * ```ts
 * controlFromReply({ id: 0, code: 0, msg: 'PONG' }); // { type: 'pong', id: 0, code: 0, msg: 'PONG' }
 * controlFromReply({ id: 0, code: 0, msg: 'spot@private.deals.v3.api.pb' });
 * // { type: 'subscription', channels: ['spot@private.deals.v3.api.pb'], id: 0, code: 0, msg: ... }
 * ```
 */
export function controlFromReply(value: unknown): ControlMessage | string {
  const raw = rawReply(value);
  if (typeof raw === 'string') return raw;
  const fields: ReplyFields = { id: idOf(raw.id), code: codeOf(raw.code), msg: raw.msg };
  const msg = raw.msg;
  if (PONG.test(msg)) return { type: 'pong', ...fields };
  if (REFUSED.test(msg)) return { type: 'refused', ...fields, channels: refusedChannels(msg), reason: refusedReason(msg) };
  if (INVALID_LISTEN_KEY.test(msg)) return { type: 'invalid-listen-key', text: msg };
  if (fields.code === 0 || fields.code === undefined) {
    const channels = msg.split(',').map((item) => item.trim());
    if (channels.every((channel) => CHANNEL_LIKE.test(channel))) return { type: 'subscription', ...fields, channels };
  }
  return { type: 'reply', ...fields };
}

function idOf(id: number | string | null | undefined): number | undefined {
  if (typeof id === 'number') return id;
  return typeof id === 'string' && NUMERIC.test(id) ? Number(id) : undefined;
}

function codeOf(code: number | string | null | undefined): number | string | undefined {
  if (code === null || code === undefined) return undefined;
  return typeof code === 'string' && NUMERIC.test(code) ? Number(code) : code;
}

function refusedChannels(msg: string): string[] {
  const list = REFUSED_CHANNELS.exec(msg)?.[1] ?? '';
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function refusedReason(msg: string): string | undefined {
  const reason = REFUSED_REASON.exec(msg)?.[1]?.trim();
  return reason === undefined || reason === '' ? undefined : reason;
}

const isIdOrCode = (value: unknown): value is IdOrCode =>
  value === undefined || value === null || typeof value === 'string' || typeof value === 'number';

/**
 * The reply's fields when they have the reply's types (`msg` text; `id` and `code`, when sent, a
 * number, text or `null`); otherwise what is wrong, a `field: expected type` clause per field
 * joined by `; `, without the values. Checked by hand rather than with io-ts: the stream's
 * frames are checked by the stream's own rules, which keeps io-ts out of a page that only
 * streams (docs/performance.md).
 */
function rawReply(value: unknown): RawReply | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '(root): expected RawControlReply';
  const { msg, id, code } = value as Record<string, unknown>;
  const wrong = [
    typeof msg === 'string' ? undefined : 'msg: expected string',
    isIdOrCode(id) ? undefined : 'id: expected (number | string | null)',
    isIdOrCode(code) ? undefined : 'code: expected (number | string | null)',
  ].filter((clause) => clause !== undefined);
  return wrong.length > 0 || typeof msg !== 'string' || !isIdOrCode(id) || !isIdOrCode(code) ? wrong.join('; ') : { msg, id, code };
}
