/**
 * Run-time codecs of the lifecycle events, for lifecycle events read back from outside the
 * process: the JetStream bridge's messages and a recording's lifecycle records. Strict: every
 * field checked, unknown fields dropped. The reasons and codes are listed as objects keyed by
 * their types, so a reason added to {@link ConnectionEndReason} must be added here to compile.
 *
 * @module
 */
import * as t from 'io-ts';
import { Duration, Millis, Ordinal } from '../codecs/strict-primitives.js';
import type {
  ConnectedEvent,
  ConnectionEndReason,
  DiagnosticCode,
  DiagnosticEvent,
  GapEvent,
  KeyReplacedEvent,
  LifecycleEvent,
  ReconnectingEvent,
  RolledOverEvent,
  StoppedEvent,
  StopReason,
} from './lifecycle.js';

const END_REASONS: Readonly<Record<ConnectionEndReason, null>> = {
  'closed-by-server': null,
  'socket-error': null,
  'worker-restart': null,
  'ambiguous-copy': null,
  'not-recorded': null,
  stalled: null,
  'invalid-listen-key': null,
  'subscription-refused': null,
  'connect-timeout': null,
  'key-unavailable': null,
};

const DIAGNOSTIC_CODES: Readonly<Record<DiagnosticCode, null>> = {
  'malformed-frame': null,
  'unknown-frame': null,
  'keepalive-failed': null,
  'key-create-failed': null,
  'key-close-failed': null,
  'subscription-refused': null,
};

const EndReason = t.keyof(END_REASONS);
const Code = t.keyof(DIAGNOSTIC_CODES);

/** A `connected` event. */
export const ConnectedCodec: t.Decoder<unknown, ConnectedEvent> = t.exact(
  t.type({ type: t.literal('connected'), connection: Ordinal, listenKey: t.string, at: Millis }),
);

/** A `reconnecting` event. */
export const ReconnectingCodec: t.Decoder<unknown, ReconnectingEvent> = t.exact(
  t.type({ type: t.literal('reconnecting'), attempt: Ordinal, delayMs: Duration, reason: EndReason, at: Millis }),
);

/** A `gap` event. */
export const GapCodec: t.Decoder<unknown, GapEvent> = t.exact(t.type({ type: t.literal('gap'), from: Millis, to: Millis, reason: EndReason }));

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
export const DiagnosticCodec: t.Decoder<unknown, DiagnosticEvent> = t.exact(t.type({ type: t.literal('diagnostic'), code: Code, message: t.string, at: Millis }));

const STOP_REASONS: Readonly<Record<StopReason, null>> = { 'client-closed': null };

/** A stream's `stopped` event (its client was closed). */
export const StreamStoppedCodec: t.Decoder<unknown, StoppedEvent> = t.exact(
  t.type({ type: t.literal('stopped'), reason: t.keyof(STOP_REASONS), at: Millis }),
);

/** Each lifecycle event's codec, by its `type`. */
export const LIFECYCLE_CODECS: { readonly [K in LifecycleEvent['type']]: t.Decoder<unknown, Extract<LifecycleEvent, { type: K }>> } = {
  connected: ConnectedCodec,
  reconnecting: ReconnectingCodec,
  gap: GapCodec,
  'rolled-over': RolledOverCodec,
  'key-replaced': KeyReplacedCodec,
  diagnostic: DiagnosticCodec,
  stopped: StreamStoppedCodec,
};
