/**
 * The transitions of connections: going live, losing the live connection, reconnecting after the
 * backoff, and handing over to a rollover's or key replacement's connection.
 *
 * @module
 */
import { backoffDelay } from '../backoff.js';
import { maskListenKey, type ConnectionEndReason } from '../lifecycle.js';
import { cancel, close, closeKey, CREATE_KEY, dropKey, emit, open, OVERLAP_BEGINS, OVERLAP_ENDS, schedule, stay, step, then, WAITING, type InPhase } from './effects.js';
import type { Effect, Overlap, Phase, Step, SupervisorInput, SupervisorSettings, SupervisorState } from './model.js';

/** A rollover that cannot run now is tried again after this long (or `rolloverAfterMs`, when shorter). */
export const ROLLOVER_RETRY_MS = 60_000;

type Ended = Extract<SupervisorInput, { type: 'connection-ended' }>;

/** A connection became the live one: the backoff resets after a stable period; a rollover comes before the service's limit. */
function liveTimers(settings: SupervisorSettings): Effect[] {
  return [schedule('stable-period-over', settings.backoff.stableAfterMs), schedule('rollover-due', settings.rolloverAfterMs)];
}

/** When events may be missing, the stream is complete again: report the span. */
function reportGap(state: SupervisorState, at: number): Step {
  const broken = state.broken;
  if (broken === undefined) return stay(state);
  return step({ ...state, broken: undefined }, emit({ type: 'gap', from: broken.from, to: at, reason: broken.reason }));
}

/** connecting, its connection subscribed: the gap (if any), then `connected`. */
export function goLive(state: InPhase<'connecting'>, at: number, settings: SupervisorSettings): Step {
  const connection = state.phase.connection;
  return then(reportGap(state, at), (gapless) =>
    step(
      { ...gapless, phase: { name: 'live', connection } },
      emit({ type: 'connected', connection, listenKey: maskListenKey(gapless.key ?? ''), at }),
      ...liveTimers(settings),
    ),
  );
}

/**
 * The live connection (or, with none live, the one opening) ended unplanned: events may be missing
 * from its last healthy moment. A key the service refused is dropped.
 */
function liveLost(state: SupervisorState, input: Ended): Step {
  const lost = step({ ...state, broken: state.broken ?? { from: input.healthyAt, reason: input.reason } }, cancel('stable-period-over'), cancel('rollover-due'));
  return input.reason === 'invalid-listen-key' ? then(lost, dropKey) : lost;
}

/** One more attempt after the backoff, announced by `reconnecting`; the phase meanwhile is `phase`. */
export function reconnectLater(state: SupervisorState, reason: ConnectionEndReason, at: number, settings: SupervisorSettings, phase: Phase = WAITING): Step {
  const attempt = state.attempt + 1;
  const delayMs = backoffDelay(attempt, settings.backoff, settings.random);
  return step(
    { ...state, phase, attempt, broken: state.broken ?? { from: at, reason } },
    emit({ type: 'reconnecting', attempt, delayMs, reason, at }),
    schedule('backoff-over', delayMs),
  );
}

/** The live (or opening) connection ended: reconnect after the backoff. */
export function reconnectAfterLoss(state: SupervisorState, input: Ended, settings: SupervisorSettings, phase: Phase = WAITING): Step {
  return then(liveLost(state, input), (lost) => reconnectLater(lost, input.reason, input.at, settings, phase));
}

/** waiting, the backoff over: connect with the key held, or create one first. */
export function backoffOver(state: InPhase<'waiting'>): Step {
  if (state.key === undefined) return step({ ...state, phase: { name: 'acquiring' } }, CREATE_KEY);
  const connection = state.opened + 1;
  return step({ ...state, opened: connection, phase: { name: 'connecting', connection } }, open(connection, state.key));
}

/** live, the rollover due: a fresh connection with the same key opens beside the live one. */
export function beginRollover(state: InPhase<'live'>): Step {
  if (state.key === undefined) return stay(state);
  const to = state.opened + 1;
  return step({ ...state, opened: to, phase: { name: 'handover', purpose: 'rollover', from: state.phase.connection, to } }, OVERLAP_BEGINS, open(to, state.key));
}

/** A rollover cannot run now (another handover is under way): try again later. */
export function retryRolloverLater(state: SupervisorState, settings: SupervisorSettings): Step {
  return step(state, schedule('rollover-due', rolloverRetryDelay(settings)));
}

/** How long until a rollover that could not run is tried again. */
export function rolloverRetryDelay(settings: SupervisorSettings): number {
  return Math.min(ROLLOVER_RETRY_MS, settings.rolloverAfterMs);
}

/**
 * handover, the new connection subscribed: it is the live one. The replaced connection stays open
 * for the overlap and gets a PING (its PONG proves it delivered up to now); a key replacement
 * adopts the new key and DELETEs the old one when the overlap ends.
 */
export function completeHandover(state: InPhase<'handover'>, at: number, settings: SupervisorSettings): Step {
  const { from, to } = state.phase;
  const newKey = state.phase.purpose === 'replace-key' ? state.phase.newKey : undefined;
  const overlap: Overlap = { successor: to, since: at, replaced: from, oldKey: newKey !== undefined && state.key !== newKey ? state.key : undefined };
  const handedOver = step(
    { ...state, phase: { name: 'live', connection: to }, overlaps: [...state.overlaps, overlap], key: newKey ?? state.key },
    from === undefined ? undefined : { type: 'probe', connection: from },
  );
  return then(then(handedOver, (s) => reportGap(s, at)), (s) =>
    step(
      s,
      newKey === undefined ? emit({ type: 'rolled-over', connection: to, at }) : emit({ type: 'key-replaced', listenKey: maskListenKey(newKey), reason: 'keepalive-failed', at }),
      newKey === undefined ? undefined : schedule('keepalive-due', settings.keepAliveIntervalMs),
      { type: 'schedule', timer: { name: 'overlap-over', successor: to, replaced: from }, delayMs: settings.rolloverOverlapMs },
      ...liveTimers(settings),
    ),
  );
}

/**
 * handover, the new connection ended before it was subscribed. A failed rollover is tried again
 * later (a key the service refused is dropped). A failed key replacement DELETEs the new key
 * (unless refused) and keeps the current one, kept alive: the next keepalive tries again. The
 * live connection, if any, runs on; with none, the stream reconnects after the backoff.
 */
export function handoverFailed(state: InPhase<'handover'>, input: Ended, settings: SupervisorSettings): Step {
  const phase = state.phase;
  const refused = input.reason === 'invalid-listen-key';
  const failed =
    phase.purpose === 'rollover'
      ? then(step(state, OVERLAP_ENDS), (s) => (refused && phase.from === undefined ? dropKey(s) : stay(s)))
      : step(state, OVERLAP_ENDS, refused ? undefined : closeKey(phase.newKey), state.key === undefined ? undefined : schedule('keepalive-due', settings.keepAliveIntervalMs));
  if (phase.from === undefined) return then(failed, (s) => reconnectLater(s, input.reason, input.at, settings));
  const live: SupervisorState = { ...failed.state, phase: { name: 'live', connection: phase.from } };
  return then(failed, () => (phase.purpose === 'rollover' ? retryRolloverLater(live, settings) : stay(live)));
}

/**
 * handover, the live connection ended first: events may be missing from its last healthy moment;
 * the new connection takes over when subscribed and reports the gap then. A rollover's connection
 * uses the same key: when the service refused that key, it is given up and the stream reconnects.
 */
export function liveLostDuringHandover(state: InPhase<'handover'>, input: Ended, settings: SupervisorSettings): Step {
  const phase = state.phase;
  if (phase.purpose === 'rollover' && input.reason === 'invalid-listen-key') {
    return then(step(state, close(phase.to), OVERLAP_ENDS), (s) => reconnectAfterLoss(s, input, settings));
  }
  return then(liveLost(state, input), (lost) => step({ ...lost, phase: { ...phase, from: undefined } }));
}
