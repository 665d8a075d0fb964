/**
 * The vocabulary of the transition table's tests: states, inputs and effects written the way the
 * table in docs/architecture.md words them. Written out here, not taken from the code under test.
 */
import { expect } from '@jest/globals';
import type { MarketEvent } from '../../src/stream/events.js';
import type { ConnectionEndReason, DiagnosticCode, LifecycleEvent } from '../../src/stream/lifecycle.js';
import type { Effect, Overlap, Phase, SupervisorInput, SupervisorInputEvent, SupervisorSettings, SupervisorState, TimerName } from '../../src/stream/supervisor/model.js';

/** The time of every input. */
export const NOW = 1_000_000;
/** The last healthy moment of a connection that ends. */
export const HEALTHY = 900_000;
export const K1 = 'key-1-aaaaaaaaaaaaaaaa';
export const K2 = 'key-2-bbbbbbbbbbbbbbbb';
export const MINUTE = 60_000;

/** The defaults, with jitter 1: the backoff is 500 ms, then 1000 ms, ... */
export const SETTINGS: SupervisorSettings = {
  keepAliveIntervalMs: 30 * MINUTE,
  rolloverAfterMs: 23 * 60 * MINUTE,
  rolloverOverlapMs: 2_000,
  backoff: { initialDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: MINUTE },
  onMalformedFrame: 'report',
  random: () => 1,
};

// Phases.
export const IDLE: Phase = { name: 'idle' };
export const ACQUIRING: Phase = { name: 'acquiring' };
export const WAITING: Phase = { name: 'waiting' };
export const STOPPED: Phase = { name: 'stopped' };
export const connecting = (connection: number): Phase => ({ name: 'connecting', connection });
export const live = (connection: number): Phase => ({ name: 'live', connection });
export const renewing = (from?: number): Phase => ({ name: 'renewing', from });
export const rollover = (from: number | undefined, to: number): Phase => ({ name: 'handover', purpose: 'rollover', from, to });
/** A key replacement's handover, to the new key K2. */
export const replacing = (from: number | undefined, to: number): Phase => ({ name: 'handover', purpose: 'replace-key', from, to, newKey: K2 });
export const overlap = (successor: number, since: number, replaced: number | undefined, oldKey?: string): Overlap => ({ successor, since, replaced, oldKey });
/** Events may be missing since HEALTHY. */
export const brokenBy = (reason: ConnectionEndReason, from = HEALTHY): SupervisorState['broken'] => ({ from, reason });

function highestConnection(phase: Phase, overlaps: readonly Overlap[]): number {
  const numbers = [...overlaps.flatMap((o) => [o.successor, o.replaced ?? 0])];
  if (phase.name === 'connecting' || phase.name === 'live') numbers.push(phase.connection);
  if (phase.name === 'renewing' || phase.name === 'handover') numbers.push(phase.from ?? 0);
  if (phase.name === 'handover') numbers.push(phase.to);
  return Math.max(0, ...numbers);
}

/** A state: key K1, nothing broken, no attempt; `opened` defaults to the highest connection named. */
export function S(phase: Phase, more: Partial<SupervisorState> = {}): SupervisorState {
  const overlaps = more.overlaps ?? [];
  return { phase, key: K1, overlaps, broken: undefined, attempt: 0, opened: highestConnection(phase, overlaps), ...more };
}

// Inputs (at NOW).
const at = <T extends SupervisorInputEvent>(input: T): SupervisorInput => ({ ...input, at: NOW }) as SupervisorInput;
export const start = at({ type: 'start' });
export const stop = at({ type: 'stop' });
export const clientClosed = at({ type: 'client-closed' });
export const keyCloseFailed = (key: string, error: unknown): SupervisorInput => at({ type: 'key-close-failed', key, error });
export const keyCreated = (key: string): SupervisorInput => at({ type: 'key-created', key });
export const keyFailed = (error: unknown): SupervisorInput => at({ type: 'key-failed', error });
export const keepAliveOk = (key: string): SupervisorInput => at({ type: 'keepalive-ok', key });
export const keepAliveFailed = (key: string, error: unknown = new Error('timeout')): SupervisorInput => at({ type: 'keepalive-failed', key, error });
export const ready = (connection: number): SupervisorInput => at({ type: 'connection-ready', connection });
export const event = (connection: number, market: MarketEvent): SupervisorInput => at({ type: 'connection-event', connection, event: market });
export const problem = (connection: number, code: DiagnosticCode, message: string): SupervisorInput => at({ type: 'connection-problem', connection, code, message });
export const ended = (connection: number, reason: ConnectionEndReason, healthyAt = HEALTHY): SupervisorInput =>
  at({ type: 'connection-ended', connection, reason, healthyAt });
export const due = (timer: TimerName): SupervisorInput => at({ type: timer });
export const overlapOver = (successor: number, replacedHealthyAt: number | undefined): SupervisorInput => at({ type: 'overlap-over', successor, replacedHealthyAt });

// Effects.
export const createKey: Effect = { type: 'create-key' };
export const keepAlive = (key: string): Effect => ({ type: 'keep-alive', key });
export const closeKey = (key: string): Effect => ({ type: 'close-key', key });
export const open = (connection: number, key: string): Effect => ({ type: 'open', connection, key });
export const probe = (connection: number): Effect => ({ type: 'probe', connection });
export const close = (connection: number): Effect => ({ type: 'close', connection });
export const schedule = (name: TimerName, delayMs: number): Effect => ({ type: 'schedule', timer: { name }, delayMs });
export const scheduleOverlapEnd = (successor: number, replaced: number | undefined): Effect => ({
  type: 'schedule',
  timer: { name: 'overlap-over', successor, replaced },
  delayMs: SETTINGS.rolloverOverlapMs,
});
export const cancel = (timer: TimerName): Effect => ({ type: 'cancel', timer });
export const overlapBegins: Effect = { type: 'overlap-begins' };
export const overlapEnds: Effect = { type: 'overlap-ends' };
export const deliver = (connection: number, market: MarketEvent): Effect => ({ type: 'deliver', connection, event: market });
export const emit = (lifecycle: Exclude<LifecycleEvent, { type: 'diagnostic' }>): Effect => ({ type: 'emit', event: lifecycle });
export const diagnose = (code: DiagnosticCode, message: string): Effect => ({ type: 'diagnose', code, message });
export const complete: Effect = { type: 'complete' };
export const failWith = (message: string): Effect => ({ type: 'fail', error: expect.objectContaining({ name: 'StreamFatalError', message }) as unknown as Error });

/** What a live connection that ends leaves behind: no stable-period reset, no rollover. */
export const liveTimersCancelled: readonly Effect[] = [cancel('stable-period-over'), cancel('rollover-due')];
/** What a connection that becomes the live one starts: the stable period and the rollover. */
export const liveTimersStarted: readonly Effect[] = [schedule('stable-period-over', MINUTE), schedule('rollover-due', SETTINGS.rolloverAfterMs)];
/** Reconnect attempt `attempt` (jitter 1: 500 ms doubling). */
export const reconnecting = (attempt: number, reason: ConnectionEndReason): Effect[] => {
  const delayMs = 500 * 2 ** (attempt - 1);
  return [emit({ type: 'reconnecting', attempt, delayMs, reason, at: NOW }), schedule('backoff-over', delayMs)];
};

/** One row of the table: in `given`, `input` leads to `then` with `effects`. */
export interface Row {
  readonly id: string;
  readonly says: string;
  readonly given: SupervisorState;
  readonly input: SupervisorInput;
  readonly then: SupervisorState;
  readonly effects: readonly Effect[];
  readonly settings?: Partial<SupervisorSettings>;
}

/** A row, in the order the table reads: id, what it says, given, input, then, effects. */
export function row(id: string, says: string, given: SupervisorState, input: SupervisorInput, then: SupervisorState, effects: readonly Effect[], settings?: Partial<SupervisorSettings>): Row {
  return settings === undefined ? { id, says, given, input, then, effects } : { id, says, given, input, then, effects, settings };
}
