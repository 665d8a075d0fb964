/**
 * Run-time codecs of the lifecycle events and of `stopped`, as the bridge carries them. A
 * `stopped` event's error travels as `{ name, message }` (an Error does not survive JSON) and
 * comes back as an `Error` with that name and message.
 *
 * @module
 */
import * as t from 'io-ts';
import type { AccountStoppedEvent } from '../scale/tagged-event.js';
import { EndReasonCodec as EndReason } from '../stream/event-codecs.js';
import type { ConnectedEvent, DiagnosticEvent, KeyReplacedEvent, ReconnectingEvent, RolledOverEvent } from '../stream/lifecycle.js';
import { Duration, Millis, optional, Ordinal, thenCheck } from '../stream/strict-codecs.js';

const DiagnosticCode = t.keyof({
  'malformed-frame': null,
  'unknown-frame': null,
  'keepalive-failed': null,
  'key-create-failed': null,
  'key-close-failed': null,
  'subscription-refused': null,
});

/** A `connected` event. */
export const ConnectedCodec: t.Decoder<unknown, ConnectedEvent> = t.exact(
  t.type({ type: t.literal('connected'), connection: Ordinal, listenKey: t.string, at: Millis }),
);

/** A `reconnecting` event. */
export const ReconnectingCodec: t.Decoder<unknown, ReconnectingEvent> = t.exact(
  t.type({ type: t.literal('reconnecting'), attempt: Ordinal, delayMs: Duration, reason: EndReason, at: Millis }),
);

/** A `rolled-over` event. */
export const RolledOverCodec: t.Decoder<unknown, RolledOverEvent> = t.exact(t.type({ type: t.literal('rolled-over'), connection: Ordinal, at: Millis }));

/** A `key-replaced` event. */
export const KeyReplacedCodec: t.Decoder<unknown, KeyReplacedEvent> = t.exact(
  t.type({
    type: t.literal('key-replaced'),
    listenKey: t.string,
    reason: t.keyof({ 'keepalive-failed': null, 'invalid-listen-key': null }),
    at: Millis,
  }),
);

/** A `diagnostic` event. */
export const DiagnosticCodec: t.Decoder<unknown, DiagnosticEvent> = t.exact(
  t.type({ type: t.literal('diagnostic'), code: DiagnosticCode, message: t.string, at: Millis }),
);

/** A `stopped` error on the wire. */
export interface WireError {
  readonly name: string;
  readonly message: string;
}

const WireErrorCodec = t.exact(t.type({ name: t.string, message: t.string }));

/** A `stopped` event; its error becomes an `Error` again. */
export const StoppedCodec: t.Decoder<unknown, AccountStoppedEvent> = thenCheck(
  t.exact(
    t.type({
      type: t.literal('stopped'),
      reason: t.keyof({ removed: null, replaced: null, failed: null }),
      error: optional(WireErrorCodec),
      at: Millis,
    }),
  ),
  'AccountStoppedEvent',
  (stopped) => ({
    value: { ...stopped, error: stopped.error === undefined ? undefined : Object.assign(new Error(stopped.error.message), { name: stopped.error.name }) },
  }),
);

/**
 * A `stopped` event's error as it travels: its name and message (nothing else: no stack, no cause).
 *
 * @example
 * ```ts
 * wireError(new StreamFatalError('refused', { cause })); // { name: 'StreamFatalError', message: 'refused' }
 * wireError(undefined); // undefined
 * ```
 */
export function wireError(error: unknown): WireError | undefined {
  if (error === undefined || error === null) return undefined;
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
