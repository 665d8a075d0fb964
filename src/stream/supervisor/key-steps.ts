/**
 * The transitions of the listen key: adopting a new key, a key the source could not create, and
 * replacing the key after a failed keepalive.
 *
 * @module
 */
import { maskListenKey } from '../lifecycle.js';
import { StreamFatalError } from '../stream-fatal-error.js';
import { rolloverRetryDelay } from './connection-steps.js';
import { cancel, close, closeKey, CREATE_KEY, diagnose, errorText, dropKey, open, OVERLAP_BEGINS, OVERLAP_ENDS, schedule, stay, step, then, WAITING, type InPhase } from './effects.js';
import type { Effect, Step, SupervisorInput, SupervisorSettings, SupervisorState } from './model.js';
import { credentialsRefused } from '../../service-codes.js';
import { failStream } from './stream-steps.js';

type KeepAliveFailed = Extract<SupervisorInput, { type: 'keepalive-failed' }>;

/** acquiring, a key came: keep it alive, connect with it. */
export function adoptKey(state: SupervisorState, key: string, settings: SupervisorSettings): Step {
  const connection = state.opened + 1;
  return step({ ...state, key, opened: connection, phase: { name: 'connecting', connection } }, schedule('keepalive-due', settings.keepAliveIntervalMs), open(connection, key));
}

/** The key source failed. Refused credentials end the stream; anything else is a diagnostic, then `otherwise`. */
export function keyFailed(state: SupervisorState, error: unknown, otherwise: () => Step): Step {
  if (credentialsRefused(error)) return failStream(state, new StreamFatalError('the listen key source refused the credentials', { cause: error }));
  return then(step(state, diagnose('key-create-failed', `creating a listen key failed: ${errorText(error)}`)), otherwise);
}

/** The key source completed without a key: a diagnostic, then `otherwise`. */
export function noKey(state: SupervisorState, otherwise: () => Step): Step {
  return then(step(state, diagnose('key-create-failed', 'the listen key source completed without a key')), otherwise);
}

function keepAliveFailed(input: KeepAliveFailed): Effect {
  return diagnose('keepalive-failed', `keeping the listen key ${maskListenKey(input.key)} alive failed: ${errorText(input.error)}`);
}

/** The keepalive failed with `from` live: create a new key, to replace the current one with overlap. */
export function startRenewal(state: SupervisorState, input: KeepAliveFailed, from: number): Step {
  return step({ ...state, phase: { name: 'renewing', from } }, keepAliveFailed(input), CREATE_KEY);
}

/**
 * renewing, the new key came: its connection opens beside the live one. When the live one was lost
 * meanwhile, this connection is the reconnect (the backoff's is dropped: one connection only).
 */
export function beginKeyReplacement(state: InPhase<'renewing'>, newKey: string): Step {
  const { from } = state.phase;
  const to = state.opened + 1;
  return step(
    { ...state, opened: to, phase: { name: 'handover', purpose: 'replace-key', from, to, newKey } },
    from === undefined ? cancel('backoff-over') : undefined,
    OVERLAP_BEGINS,
    open(to, newKey),
  );
}

/**
 * renewing with the live connection lost, the backoff over before the new key came: the stream
 * waits for the new key (the old one, whose keepalive failed, is given up and DELETEd).
 */
export function awaitNewKey(state: InPhase<'renewing'>): Step {
  return step({ ...state, key: undefined, phase: { name: 'acquiring' } }, state.key === undefined ? undefined : closeKey(state.key));
}

/** renewing, no new key: keep the current one and try its keepalive again later. */
export function renewalAbandoned(state: InPhase<'renewing'>, settings: SupervisorSettings): Step {
  const { from } = state.phase;
  return step({ ...state, phase: from === undefined ? WAITING : { name: 'live', connection: from } }, schedule('keepalive-due', settings.keepAliveIntervalMs));
}

/**
 * The keepalive failed with nothing live: the key is dropped (not DELETEd); what was opening with
 * it (`closing`) is closed, and a new key is created.
 */
export function abandonKey(state: SupervisorState, input: KeepAliveFailed, closing: readonly Effect[]): Step {
  return step({ ...state, key: undefined, phase: { name: 'acquiring' } }, keepAliveFailed(input), ...closing, cancel('keepalive-due'), CREATE_KEY);
}

/** waiting, the keepalive failed: the key is dropped; the next attempt creates a new one. */
export function keyFailedWhileWaiting(state: InPhase<'waiting'>, input: KeepAliveFailed): Step {
  return then(step(state, keepAliveFailed(input)), dropKey);
}

/**
 * handover of a rollover, the keepalive failed: the rollover's connection (same key) is closed and
 * the key replaced instead; a rollover follows later. With the live connection already lost, a
 * new key is created and the stream connects with it.
 */
export function keyFailedDuringHandover(state: InPhase<'handover'>, input: KeepAliveFailed, settings: SupervisorSettings): Step {
  const { from, to, purpose } = state.phase;
  if (purpose !== 'rollover') return stay(state);
  const closing = [close(to), OVERLAP_ENDS];
  if (from === undefined) return abandonKey(state, input, closing);
  return step({ ...state, phase: { name: 'renewing', from } }, keepAliveFailed(input), ...closing, schedule('rollover-due', rolloverRetryDelay(settings)), CREATE_KEY);
}
