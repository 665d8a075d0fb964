/**
 * The stream supervisor as data: the phase the stream is in, what else it remembers, the inputs
 * that move it and the effects it asks for. `transition.ts` maps (state, input) to (state,
 * effects); `shell.ts` carries the effects out. Connections are named by their number (1, 2, ...,
 * in the order opened), which is also the number a `connected` or `rolled-over` event carries.
 *
 * @module
 */
import type { ResolvedBackoff } from '../backoff.js';
import type { MarketEvent } from '../events.js';
import type { ConnectionEndReason, DiagnosticCode, DiagnosticEvent, LifecycleEvent } from '../lifecycle.js';

/** Why a second connection opens beside the live one. */
export type HandoverPurpose = 'rollover' | 'replace-key';

/**
 * Where the stream is. `from` is the live connection a rollover or key replacement started from;
 * it becomes `undefined` when that connection dies before the replacement is done.
 */
export type Phase =
  /** Not started. */
  | { readonly name: 'idle' }
  /** A listen key is being created; no connection is open. */
  | { readonly name: 'acquiring' }
  /** A connection is opening with the current key; none is live (first start, or a reconnect). */
  | { readonly name: 'connecting'; readonly connection: number }
  /** One connection is subscribed; events flow. */
  | { readonly name: 'live'; readonly connection: number }
  /** A keepalive failed: a new key is being created to replace the current one. */
  | { readonly name: 'renewing'; readonly from: number | undefined }
  /** A rollover: a fresh connection with the same key opens beside the live one. */
  | { readonly name: 'handover'; readonly purpose: 'rollover'; readonly from: number | undefined; readonly to: number }
  /** A key replacement: a connection with the new key opens beside the live one. */
  | { readonly name: 'handover'; readonly purpose: 'replace-key'; readonly from: number | undefined; readonly to: number; readonly newKey: string }
  /** Nothing is open: the backoff runs before the next attempt. */
  | { readonly name: 'waiting' }
  /** The last subscriber left, or the stream failed. */
  | { readonly name: 'stopped' };

/** The name of a phase. */
export type PhaseName = Phase['name'];

/** A replaced connection kept open for the overlap after its successor was subscribed. */
export interface Overlap {
  /** The connection that took over. */
  readonly successor: number;
  /** When the successor was subscribed: the replaced one must prove it delivered up to then. */
  readonly since: number;
  /** The replaced connection, `undefined` when there was none or it has ended since. */
  readonly replaced: number | undefined;
  /** A key replacement's old key, DELETEd when the overlap ends. */
  readonly oldKey: string | undefined;
}

/** Events may be missing: since when (the last moment the stream was known complete), and why. */
export interface Broken {
  readonly from: number;
  readonly reason: ConnectionEndReason;
}

/** Everything the supervisor remembers. */
export interface SupervisorState {
  readonly phase: Phase;
  /** The listen key in use: kept alive, DELETEd at the end. `undefined` before the first, or once the service refused it. */
  readonly key: string | undefined;
  /** Replaced connections in their overlap (a key replacement during a rollover's overlap makes two). */
  readonly overlaps: readonly Overlap[];
  /** Set from the moment events may be missing until a `gap` event reports the span. */
  readonly broken: Broken | undefined;
  /** Reconnect attempts since the last stable connection. */
  readonly attempt: number;
  /** Connections opened so far: the next one is `opened + 1`. */
  readonly opened: number;
}

/** The state before `start`. */
export const INITIAL_STATE: SupervisorState = { phase: { name: 'idle' }, key: undefined, overlaps: [], broken: undefined, attempt: 0, opened: 0 };

/** Timers whose firing is an input of the same name. */
export type TimerName = 'keepalive-due' | 'rollover-due' | 'stable-period-over' | 'backoff-over';

/** A timer to schedule: one of each name at a time, plus one `overlap-over` per handover. */
export type Timer = { readonly name: TimerName } | { readonly name: 'overlap-over'; readonly successor: number; readonly replaced: number | undefined };

/** What happened, without its time. */
export type SupervisorInputEvent =
  | { readonly type: 'start' }
  | { readonly type: 'stop' }
  /** The stream's client was closed: stop as for `stop`, and tell whoever still subscribes. */
  | { readonly type: 'client-closed' }
  /** The key source answered; `''` when it completed without a key. */
  | { readonly type: 'key-created'; readonly key: string }
  | { readonly type: 'key-failed'; readonly error: unknown }
  | { readonly type: 'keepalive-ok'; readonly key: string }
  /** A key's DELETE failed (the shell counts it among the keys not closed either way). */
  | { readonly type: 'key-close-failed'; readonly key: string; readonly error: unknown }
  | { readonly type: 'keepalive-failed'; readonly key: string; readonly error: unknown }
  | { readonly type: 'connection-ready'; readonly connection: number }
  | { readonly type: 'connection-event'; readonly connection: number; readonly event: MarketEvent }
  | { readonly type: 'connection-problem'; readonly connection: number; readonly code: DiagnosticCode; readonly message: string }
  /** `healthyAt`: the connection's last moment known delivered (see `Connection.lastHealthyAt`). */
  | { readonly type: 'connection-ended'; readonly connection: number; readonly reason: ConnectionEndReason; readonly healthyAt: number }
  | { readonly [N in TimerName]: { readonly type: N } }[TimerName]
  /** `replacedHealthyAt`: the replaced connection's last moment known delivered, when it is still open. */
  | { readonly type: 'overlap-over'; readonly successor: number; readonly replacedHealthyAt: number | undefined };

/** An input with the moment it happened (epoch ms, the scheduler's clock). */
export type SupervisorInput = SupervisorInputEvent & { readonly at: number };

/** The name of an input. */
export type InputType = SupervisorInput['type'];

/** What the supervisor asks the shell to do, in order. */
export type Effect =
  | { readonly type: 'create-key' }
  | { readonly type: 'keep-alive'; readonly key: string }
  | { readonly type: 'close-key'; readonly key: string }
  | { readonly type: 'open'; readonly connection: number; readonly key: string }
  /** PING a replaced connection at the handover: its PONG proves it delivered up to then. */
  | { readonly type: 'probe'; readonly connection: number }
  | { readonly type: 'close'; readonly connection: number }
  /** Replaces a running timer of the same name (of the same successor for `overlap-over`). */
  | { readonly type: 'schedule'; readonly timer: Timer; readonly delayMs: number }
  | { readonly type: 'cancel'; readonly timer: TimerName }
  /** Two connections may now deliver the same event: drop the extra copies. */
  | { readonly type: 'overlap-begins' }
  /** An overlap is over; copies a lagging connection still owes are dropped for a while (see `identity/overlap-copies.ts`). */
  | { readonly type: 'overlap-ends' }
  /** A market event for the subscribers, unless it is an overlap's extra copy. */
  | { readonly type: 'deliver'; readonly connection: number; readonly event: MarketEvent }
  | { readonly type: 'emit'; readonly event: Exclude<LifecycleEvent, DiagnosticEvent> }
  /** A diagnostic event; the shell masks keys and secrets in `message` and stamps the time. */
  | { readonly type: 'diagnose'; readonly code: DiagnosticCode; readonly message: string }
  | { readonly type: 'fail'; readonly error: Error }
  /** The stream ends normally: its subscribers' Observable completes. */
  | { readonly type: 'complete' };

/** The outcome of one input. */
export interface Step {
  readonly state: SupervisorState;
  readonly effects: readonly Effect[];
}

/** The settings the transitions depend on. */
export interface SupervisorSettings {
  readonly keepAliveIntervalMs: number;
  readonly rolloverAfterMs: number;
  readonly rolloverOverlapMs: number;
  readonly backoff: ResolvedBackoff;
  readonly onMalformedFrame: 'report' | 'error';
  /** Jitter of the backoff, in [0, 1): the one thing the transitions do not get from their inputs. */
  readonly random: () => number;
}
