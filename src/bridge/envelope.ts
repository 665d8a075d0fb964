/**
 * The payload of a bridge message: the tagged event as JSON, with who published it.
 *
 * ```json
 * { "v": 1, "account": "strategy01", "publisher": { "worker": "w0", "run": "k3j9x0a1b2c3" },
 *   "event": { "type": "order", "orderId": "C02__5059...", ... } }
 * ```
 *
 * Decoding never trusts the bytes: size, JSON, version, account and every event field are checked.
 *
 * @module
 */
import type { ScaleEvent, TaggedEvent } from '../scale/tagged-event.js';
import { decodeEvent, encodeEvent } from './event-codec.js';

/** Who published a message: the worker's stable name and the id of its current run. */
export interface Publisher {
  readonly worker: string;
  readonly run: string;
}

/** A decoded payload. */
export interface Envelope extends TaggedEvent<ScaleEvent> {
  readonly publisher: Publisher;
}

/** Largest payload accepted, bytes (NATS's default max_payload is 1 MiB). */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The payload bytes of a tagged event.
 *
 * @example
 * ```ts
 * js.publish(subject, encodeEnvelope({ account, event }, { worker: 'w0', run }), { msgID });
 * ```
 */
export function encodeEnvelope(tagged: TaggedEvent<ScaleEvent>, publisher: Publisher): Uint8Array {
  return encoder.encode(JSON.stringify({ v: 1, account: tagged.account, publisher, event: encodeEvent(tagged.event) }));
}

/** A decoded payload, or why the bytes are not one. */
export type DecodedEnvelope = { readonly ok: true; readonly envelope: Envelope } | { readonly ok: false; readonly problems: readonly string[] };

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> => typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * Reads payload bytes from the bus.
 *
 * @example
 * ```ts
 * const decoded = decodeEnvelope(msg.data);
 * if (!decoded.ok) msg.term(decoded.problems.join('; '));
 * ```
 */
export function decodeEnvelope(bytes: Uint8Array): DecodedEnvelope {
  if (bytes.byteLength > MAX_PAYLOAD_BYTES) return { ok: false, problems: [`(root): larger than ${MAX_PAYLOAD_BYTES} bytes`] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(bytes));
  } catch {
    return { ok: false, problems: ['(root): expected UTF-8 JSON'] };
  }
  if (!isRecord(parsed)) return { ok: false, problems: ['(root): expected an object'] };
  const problems: string[] = [];
  if (parsed['v'] !== 1) problems.push('v: expected 1');
  const account = parsed['account'];
  if (typeof account !== 'string') problems.push('account: expected a string');
  const publisher = parsed['publisher'];
  const worker = isRecord(publisher) ? publisher['worker'] : undefined;
  const run = isRecord(publisher) ? publisher['run'] : undefined;
  if (typeof worker !== 'string' || typeof run !== 'string') problems.push('publisher: expected { worker, run } strings');
  const event = decodeEvent(parsed['event']);
  if (!event.ok) problems.push(...event.problems.map((line) => `event.${line}`));
  if (problems.length > 0 || !event.ok || typeof account !== 'string' || typeof worker !== 'string' || typeof run !== 'string') {
    return { ok: false, problems };
  }
  return { ok: true, envelope: { account, event: event.event, publisher: { worker, run } } };
}
