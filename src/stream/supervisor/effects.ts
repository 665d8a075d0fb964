/**
 * Small pieces the transitions are written with: effect constructors, joining steps, and the
 * questions every phase asks (which connections are held).
 *
 * @module
 */
import type { DiagnosticCode, LifecycleEvent, DiagnosticEvent } from '../lifecycle.js';
import type { Effect, Phase, PhaseName, Step, SupervisorState, TimerName } from './model.js';

/** A state narrowed to one phase. */
export type InPhase<P extends PhaseName> = SupervisorState & { readonly phase: Extract<Phase, { name: P }> };

/** The phase with nothing open, waiting for the backoff. */
export const WAITING: Phase = { name: 'waiting' };

/** Schedules a timer (replacing a running one of that name). */
export const schedule = (name: TimerName, delayMs: number): Effect => ({ type: 'schedule', timer: { name }, delayMs });

/** Cancels a timer. */
export const cancel = (timer: TimerName): Effect => ({ type: 'cancel', timer });

/** Emits a lifecycle event. */
export const emit = (event: Exclude<LifecycleEvent, DiagnosticEvent>): Effect => ({ type: 'emit', event });

/** Emits a diagnostic event. */
export const diagnose = (code: DiagnosticCode, message: string): Effect => ({ type: 'diagnose', code, message });

/** Opens connection `connection` with `key`. */
export const open = (connection: number, key: string): Effect => ({ type: 'open', connection, key });

/** Closes a connection. */
export const close = (connection: number): Effect => ({ type: 'close', connection });

/** DELETEs a key. */
export const closeKey = (key: string): Effect => ({ type: 'close-key', key });

/** Creates a key. */
export const CREATE_KEY: Effect = { type: 'create-key' };

/** A second connection opens: its copies of the live one's events are dropped. */
export const OVERLAP_BEGINS: Effect = { type: 'overlap-begins' };

/** An overlap is over: its replaced connection is closed, or the connection it opened failed. */
export const OVERLAP_ENDS: Effect = { type: 'overlap-ends' };

/** Nothing changes. */
export function stay(state: SupervisorState): Step {
  return { state, effects: [] };
}

/** A new state with effects. */
export function step(state: SupervisorState, ...effects: readonly (Effect | undefined)[]): Step {
  return { state, effects: effects.filter((effect): effect is Effect => effect !== undefined) };
}

/** `first`, then what `next` makes of its state: the effects of both, in order. */
export function then(first: Step, next: (state: SupervisorState) => Step): Step {
  const second = next(first.state);
  return { state: second.state, effects: [...first.effects, ...second.effects] };
}

/** The service refused the key: forget it (it is not DELETEd) and stop keeping it alive. */
export function dropKey(state: SupervisorState): Step {
  return step({ ...state, key: undefined }, cancel('keepalive-due'));
}

/** The connections of the phase itself (not those in an overlap), the one opening first. */
export function phaseConnections(phase: Phase): number[] {
  switch (phase.name) {
    case 'connecting':
    case 'live':
      return [phase.connection];
    case 'renewing':
      return phase.from === undefined ? [] : [phase.from];
    case 'handover':
      return phase.from === undefined ? [phase.to] : [phase.to, phase.from];
    default:
      return [];
  }
}

/** Whether `connection` is one the stream holds: its phase's, or a replaced one in its overlap. */
export function holds(state: SupervisorState, connection: number): boolean {
  const phase = state.phase;
  switch (phase.name) {
    case 'connecting':
    case 'live':
      if (phase.connection === connection) return true;
      break;
    case 'renewing':
      if (phase.from === connection) return true;
      break;
    case 'handover':
      if (phase.to === connection || phase.from === connection) return true;
      break;
  }
  return state.overlaps.some((overlap) => overlap.replaced === connection);
}

/** The text of an error, whatever was thrown. */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}
