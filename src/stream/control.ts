/**
 * Control replies of the websocket (docs/service.md, "Websocket protocol"): JSON text frames
 * `{"id":0,"code":0,"msg":...}` answering PING and (UN)SUBSCRIPTION, and the plain text frame
 * `Invalid listen key`.
 *
 * @module
 */
import * as t from 'io-ts';
import { isInvalid } from '../codecs/decoder.js';

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

const IdOrCode = t.union([t.number, t.string, t.null]);
const RawReply = t.intersection([t.type({ msg: t.string }), t.partial({ id: IdOrCode, code: IdOrCode })], 'RawControlReply');

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
  const decoded = RawReply.decode(value);
  if (isInvalid(decoded)) return describeReplyErrors(decoded.left);
  const raw = decoded.right;
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

/**
 * Turns io-ts errors into `path: expected Type` text, one clause per failing field joined by `; `,
 * without the values and without the branch indices of intersections and unions (so a path reads
 * `id`, not `1.id`); a failed union is named once (`id: expected (number | string | null)`).
 */
function describeReplyErrors(errors: t.Errors): string {
  const lines = new Set<string>();
  for (const error of errors) {
    const keys: string[] = [];
    let expected = 'unknown';
    let underUnion = false;
    error.context.forEach((entry, index) => {
      const parent = error.context[index - 1]?.type;
      if (parent instanceof t.UnionType) underUnion = true;
      if (parent instanceof t.UnionType || parent instanceof t.IntersectionType) return;
      if (entry.key !== '') keys.push(entry.key);
      // Below a union, name the union, not each branch.
      if (!underUnion) expected = entry.type.name;
    });
    lines.add(`${keys.length === 0 ? '(root)' : keys.join('.')}: expected ${expected}`);
    if (lines.size >= 20) break;
  }
  return [...lines].join('; ');
}
