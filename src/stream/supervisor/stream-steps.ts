/**
 * The transitions that concern the whole stream, whatever its phase: stopping, failing, a frame
 * the connection could not use, and the end of a handover's overlap.
 *
 * @module
 */
import { maskListenKey } from '../lifecycle.js';
import { StreamFatalError } from '../stream-fatal-error.js';
import { close, closeKey, diagnose, emit, errorText, OVERLAP_ENDS, phaseConnections, stay, step, then } from './effects.js';
import type { Effect, Step, SupervisorInput, SupervisorSettings, SupervisorState } from './model.js';

/**
 * The last subscriber left: close every connection (the phase's and those in an overlap) and
 * DELETE the keys held: the one in use, a key replacement's new one not yet adopted, and the old
 * ones of key replacements still in their overlap (that outlives the stream: it must reach the
 * service after the end).
 */
export function stopStream(state: SupervisorState): Step {
  const phase = state.phase;
  const replaced = state.overlaps.flatMap((overlap) => (overlap.replaced === undefined ? [] : [overlap.replaced]));
  const unusedKey = phase.name === 'handover' && phase.purpose === 'replace-key' ? phase.newKey : undefined;
  const oldKeys = state.overlaps.flatMap((overlap) => (overlap.oldKey === undefined ? [] : [overlap.oldKey]));
  return step(
    { ...state, phase: { name: 'stopped' }, key: undefined, overlaps: [] },
    ...[...phaseConnections(phase), ...replaced].map(close),
    state.key === undefined ? undefined : closeKey(state.key),
    unusedKey === undefined ? undefined : closeKey(unusedKey),
    ...oldKeys.map(closeKey),
  );
}

/**
 * The stream's client was closed: stop as for the last subscriber leaving, then tell whoever still
 * subscribes (a `stopped` event) and complete their stream.
 */
export function clientClosed(state: SupervisorState, at: number): Step {
  return then(stopStream(state), (stopped) => step(stopped, emit({ type: 'stopped', reason: 'client-closed', at }), { type: 'complete' }));
}

/** A key's DELETE failed while the stream runs: a diagnostic (the key stays valid until it expires). */
export function keyCloseFailed(state: SupervisorState, input: Extract<SupervisorInput, { type: 'key-close-failed' }>): Step {
  return step(state, diagnose('key-close-failed', `closing the listen key ${maskListenKey(input.key)} failed: ${errorText(input.error)}`));
}

/** The stream cannot go on by itself: stop, then end the subscribers' stream with `error`. */
export function failStream(state: SupervisorState, error: StreamFatalError): Step {
  return then(stopStream(state), (stopped) => step(stopped, { type: 'fail', error }));
}

/**
 * A connection absorbed a problem: a diagnostic, except a malformed or unknown frame with
 * `onMalformedFrame: 'error'`, which ends the stream.
 */
export function connectionProblem(state: SupervisorState, input: Extract<SupervisorInput, { type: 'connection-problem' }>, settings: SupervisorSettings): Step {
  const frame = input.code === 'malformed-frame' || input.code === 'unknown-frame';
  if (frame && settings.onMalformedFrame === 'error') {
    return failStream(state, new StreamFatalError(`stream frame refused: ${input.message}`, { cause: new Error(input.code) }));
  }
  return step(state, diagnose(input.code, input.message));
}

/**
 * A replaced connection that had not proved delivery up to its successor's subscription (it
 * stalled before the handover and never answered the PING) lost what it did not deliver: a gap.
 */
function stalledGap(healthyAt: number, since: number): Effect | undefined {
  return healthyAt < since ? emit({ type: 'gap', from: healthyAt, to: since, reason: 'stalled' }) : undefined;
}

/**
 * An overlap is over: close the replaced connection, end the overlap for the deduplicator (copies
 * a lagging successor still owes are dropped for a tail in send time), DELETE a key replacement's
 * old key, and last, a gap if the replaced one stalled: a subscriber may leave on the gap, and
 * then nothing after it runs (the state no longer has the old key, so the stop would not DELETE it
 * either).
 */
export function overlapOver(state: SupervisorState, input: Extract<SupervisorInput, { type: 'overlap-over' }>): Step {
  const overlap = state.overlaps.find((candidate) => candidate.successor === input.successor);
  if (overlap === undefined) return stay(state);
  const { replaced, since, oldKey } = overlap;
  return step(
    { ...state, overlaps: state.overlaps.filter((candidate) => candidate !== overlap) },
    replaced === undefined ? undefined : close(replaced),
    OVERLAP_ENDS,
    oldKey === undefined ? undefined : closeKey(oldKey),
    replaced === undefined || input.replacedHealthyAt === undefined ? undefined : stalledGap(input.replacedHealthyAt, since),
  );
}

/** Whether `connection` is a replaced one still in its overlap. */
export function inOverlap(state: SupervisorState, connection: number): boolean {
  return state.overlaps.some((overlap) => overlap.replaced === connection);
}

/** A replaced connection ended during its overlap: only what it did not prove delivered is missing. */
export function replacedEnded(state: SupervisorState, input: Extract<SupervisorInput, { type: 'connection-ended' }>): Step {
  const overlap = state.overlaps.find((candidate) => candidate.replaced === input.connection);
  if (overlap === undefined) return stay(state);
  return step(
    { ...state, overlaps: state.overlaps.map((candidate) => (candidate === overlap ? { ...candidate, replaced: undefined } : candidate)) },
    stalledGap(input.healthyAt, overlap.since),
  );
}
