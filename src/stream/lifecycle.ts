/**
 * Lifecycle events of a user data stream. They travel in the same Observable as the market events,
 * in order, so downstream state can react to them (mark itself stale on a gap, resync after it).
 *
 * @module
 */

// The key masker lives beside the redactor (the client lists keys it could not close the same way).
export { maskListenKey } from '../redact.js';

/** A connection is open and subscribed; events flow. */
export interface ConnectedEvent {
  readonly type: 'connected';
  /** Sequence number of the connection within this stream, from 1. */
  readonly connection: number;
  /** The listen key in use, masked (`abcd…wxyz`). */
  readonly listenKey: string;
  /** Epoch ms. */
  readonly at: number;
}

/** The connection was lost; another attempt follows after `delayMs`. */
export interface ReconnectingEvent {
  readonly type: 'reconnecting';
  /** Attempt number since the last stable connection, from 1. */
  readonly attempt: number;
  /** Wait before the attempt, ms. */
  readonly delayMs: number;
  /** Why the previous connection ended (or could not be made). */
  readonly reason: ConnectionEndReason;
  readonly at: number;
}

/**
 * Events may have been missed between `from` and `to` (epoch ms): an unplanned disconnect, a
 * listen key that had to be replaced after its connection was gone, or a connection replaced by a
 * rollover or key replacement that had stalled before its successor was subscribed (reported when
 * the overlap ends). State built from the stream is stale from here until resynchronized from REST.
 */
export interface GapEvent {
  readonly type: 'gap';
  /**
   * Last moment up to which everything sent is known to have arrived (the time a SUBSCRIPTION or
   * an answered PING was sent, or the send time of the last event received).
   */
  readonly from: number;
  /** When the stream was complete again (the new connection was subscribed). */
  readonly to: number;
  readonly reason: ConnectionEndReason;
}

/** A fresh connection took over before the 24-hour limit; duplicates from the overlap were dropped. */
export interface RolledOverEvent {
  readonly type: 'rolled-over';
  /** The new connection's sequence number. */
  readonly connection: number;
  readonly at: number;
}

/** The listen key was replaced (keepalive failed, or the service refused the key). */
export interface KeyReplacedEvent {
  readonly type: 'key-replaced';
  /** The new key, masked. */
  readonly listenKey: string;
  readonly reason: 'keepalive-failed' | 'invalid-listen-key';
  readonly at: number;
}

/** Something went wrong that the stream absorbed: a malformed frame, a failed keepalive, ... */
export interface DiagnosticEvent {
  readonly type: 'diagnostic';
  readonly code: DiagnosticCode;
  /** Human-readable detail, with secrets and listen keys masked. */
  readonly message: string;
  readonly at: number;
}

/**
 * The stream's last event: it was stopped from outside while you still subscribed, and completes
 * right after. `client-closed`: its client was closed (`client.close()`), which DELETEs its listen
 * keys. (A stream whose last subscriber leaves stops too, but nobody is left to tell.)
 */
export interface StoppedEvent {
  readonly type: 'stopped';
  readonly reason: StopReason;
  readonly at: number;
}

/** Why a stream stopped from outside: its client was closed. */
export type StopReason = 'client-closed';

/** Kinds of diagnostics. */
export type DiagnosticCode =
  | 'malformed-frame'
  | 'unknown-frame'
  | 'keepalive-failed'
  | 'key-create-failed'
  | 'key-close-failed'
  | 'subscription-refused';

/** Why a connection ended. */
export type ConnectionEndReason =
  | 'closed-by-server'
  | 'socket-error'
  | 'stalled'
  | 'invalid-listen-key'
  | 'subscription-refused'
  | 'connect-timeout'
  | 'key-unavailable'
  /** A worker publishing the stream (see `mexc-rx/nats`) restarted: what it missed meanwhile is unknown. */
  | 'worker-restart'
  /**
   * A worker publishing the stream (see `mexc-rx/nats`) received an event it could not tell from a
   * copy of an identical earlier push it had not seen (its view of the account had just begun):
   * it did not store it, so the event at this time may be missing.
   */
  | 'ambiguous-copy'
  /**
   * A recording of the stream lost records here (its writer fell behind and said so in the file),
   * so a replay of it may be missing events at this time (see `replaySession`).
   */
  | 'not-recorded';

/** Any lifecycle event. */
export type LifecycleEvent =
  | ConnectedEvent
  | ReconnectingEvent
  | GapEvent
  | RolledOverEvent
  | KeyReplacedEvent
  | DiagnosticEvent
  | StoppedEvent;
