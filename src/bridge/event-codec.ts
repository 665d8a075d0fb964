/**
 * Encoding and run-time decoding of one {@link ScaleEvent} for the bus: JSON with the library's
 * field names; decoding picks the codec by `type` and checks every field.
 *
 * @module
 */
import type * as t from 'io-ts';
import { describeDecodeErrors, isInvalid } from '../codecs/decoder.js';
import type { ScaleEvent } from '../scale/tagged-event.js';
import { ConnectedCodec, DiagnosticCodec, GapCodec, KeyReplacedCodec, ReconnectingCodec, RolledOverCodec } from '../stream/lifecycle-codec.js';
import { StoppedCodec, wireError } from './lifecycle-codec.js';
import { AccountEventCodec, DealEventCodec, OrderEventCodec } from '../stream/event-codecs.js';
import type { EventKind } from './subject.js';

const CODECS: { readonly [K in EventKind]: t.Decoder<unknown, Extract<ScaleEvent, { type: K }>> } = {
  account: AccountEventCodec,
  deal: DealEventCodec,
  order: OrderEventCodec,
  connected: ConnectedCodec,
  reconnecting: ReconnectingCodec,
  gap: GapCodec,
  'rolled-over': RolledOverCodec,
  'key-replaced': KeyReplacedCodec,
  diagnostic: DiagnosticCodec,
  stopped: StoppedCodec,
};

/** A decoded event, or why it is not one (one line per failing path, never values). */
export type DecodedEvent = { readonly ok: true; readonly event: ScaleEvent } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * The JSON-ready form of an event (a `stopped` error as `{ name, message }`).
 *
 * @example
 * ```ts
 * JSON.stringify(encodeEvent(event));
 * ```
 */
export function encodeEvent(event: ScaleEvent): unknown {
  return event.type === 'stopped' ? { ...event, error: wireError(event.error) } : event;
}

/**
 * Checks an untrusted value as an event.
 *
 * @example
 * ```ts
 * const decoded = decodeEvent(JSON.parse(text).event);
 * if (decoded.ok) handle(decoded.event); else console.warn(decoded.problems.join('; '));
 * ```
 */
export function decodeEvent(input: unknown): DecodedEvent {
  const type = typeof input === 'object' && input !== null ? (input as { readonly type?: unknown }).type : undefined;
  const codec = typeof type === 'string' && Object.hasOwn(CODECS, type) ? CODECS[type as EventKind] : undefined;
  if (codec === undefined) return { ok: false, problems: ['type: expected an event type'] };
  const result = codec.decode(input);
  return isInvalid(result) ? { ok: false, problems: describeDecodeErrors(result.left) } : { ok: true, event: result.right };
}
