/**
 * The supervisor's transitions, as a table: for each phase, what each input does. Inputs a phase
 * does not list fall to the rows that hold in every phase (`IN_ANY_PHASE`); inputs listed nowhere
 * change nothing. docs/architecture.md ("The user data stream") has the same table in prose.
 * Pure: no rxjs, no clock (times come with the inputs), no I/O (effects are data).
 *
 * @module
 */
import { backoffOver, beginRollover, completeHandover, goLive, handoverFailed, liveLostDuringHandover, reconnectAfterLoss, reconnectLater, retryRolloverLater } from './connection-steps.js';
import { close, holds, schedule, stay, step, type InPhase } from './effects.js';
import { abandonKey, adoptKey, awaitNewKey, beginKeyReplacement, keyFailed, keyFailedDuringHandover, keyFailedWhileWaiting, noKey, renewalAbandoned, startRenewal } from './key-steps.js';
import type { InputType, PhaseName, Step, SupervisorInput, SupervisorSettings, SupervisorState } from './model.js';
import { clientClosed, connectionProblem, inOverlap, keyCloseFailed, overlapOver, replacedEnded, stopStream } from './stream-steps.js';

type InputOf<T extends InputType> = Extract<SupervisorInput, { type: T }>;
type Rule<P extends PhaseName, T extends InputType> = (state: InPhase<P>, input: InputOf<T>, settings: SupervisorSettings) => Step;
type PhaseRules<P extends PhaseName> = { readonly [T in InputType]?: Rule<P, T> };

/** What each input does in each phase. Row ids as in the table of docs/architecture.md. */
const BY_PHASE: { readonly [P in PhaseName]: PhaseRules<P> } = {
  idle: {
    /* I1 */ start: (s) => step({ ...s, phase: { name: 'acquiring' } }, { type: 'create-key' }),
  },
  acquiring: {
    /* Q1, Q3 */ 'key-created': (s, i, cfg) => (i.key === '' ? noKey(s, () => reconnectLater(s, 'key-unavailable', i.at, cfg)) : adoptKey(s, i.key, cfg)),
    /* Q2, Q3 */ 'key-failed': (s, i, cfg) => keyFailed(s, i.error, () => reconnectLater(s, 'key-unavailable', i.at, cfg)),
  },
  connecting: {
    /* C1 */ 'connection-ready': (s, i, cfg) => (i.connection === s.phase.connection ? goLive(s, i.at, cfg) : stay(s)),
    /* C2 */ 'connection-ended': (s, i, cfg) => (i.connection === s.phase.connection ? reconnectAfterLoss(s, i, cfg) : stay(s)),
    /* C3 */ 'keepalive-failed': (s, i) => abandonKey(s, i, [close(s.phase.connection)]),
  },
  live: {
    /* L1 */ 'connection-ended': (s, i, cfg) => (i.connection === s.phase.connection ? reconnectAfterLoss(s, i, cfg) : stay(s)),
    /* L2 */ 'rollover-due': (s) => beginRollover(s),
    /* L3 */ 'keepalive-failed': (s, i) => startRenewal(s, i, s.phase.connection),
  },
  renewing: {
    /* R1, R2, R3 */ 'key-created': (s, i, cfg) => (i.key === '' ? noKey(s, () => renewalAbandoned(s, cfg)) : beginKeyReplacement(s, i.key)),
    /* R3 */ 'key-failed': (s, i, cfg) => keyFailed(s, i.error, () => renewalAbandoned(s, cfg)),
    /* R4 */ 'connection-ended': (s, i, cfg) => (i.connection === s.phase.from ? reconnectAfterLoss(s, i, cfg, { name: 'renewing', from: undefined }) : stay(s)),
    /* R5 */ 'backoff-over': (s) => (s.phase.from === undefined ? awaitNewKey(s) : stay(s)),
    /* R6 */ 'rollover-due': (s, _i, cfg) => retryRolloverLater(s, cfg),
  },
  handover: {
    /* H1 */ 'connection-ready': (s, i, cfg) => (i.connection === s.phase.to ? completeHandover(s, i.at, cfg) : stay(s)),
    /* H2, H3 (from), H4, H5, H6 (to) */ 'connection-ended': (s, i, cfg) =>
      i.connection === s.phase.from ? liveLostDuringHandover(s, i, cfg) : i.connection === s.phase.to ? handoverFailed(s, i, cfg) : stay(s),
    /* H7 */ 'rollover-due': (s, _i, cfg) => retryRolloverLater(s, cfg),
    /* H8, H9, H10 */ 'keepalive-failed': (s, i, cfg) => keyFailedDuringHandover(s, i, cfg),
  },
  waiting: {
    /* W1, W2 */ 'backoff-over': (s) => backoffOver(s),
    /* W3 */ 'keepalive-failed': (s, i) => keyFailedWhileWaiting(s, i),
  },
  stopped: {},
};

/** What an input does in any phase that does not list it. */
const IN_ANY_PHASE: PhaseRules<PhaseName> = {
  /* A1 */ stop: (s) => stopStream(s),
  /* A2, A3 */ 'connection-event': (s, i) => (holds(s, i.connection) ? { state: s, effects: [{ type: 'deliver', connection: i.connection, event: i.event }] } : stay(s)),
  /* A4, A5 */ 'connection-problem': (s, i, cfg) => connectionProblem(s, i, cfg),
  /* A6 */ 'stable-period-over': (s) => stay({ ...s, attempt: 0 }),
  /* A7 */ 'keepalive-due': (s) => (s.key === undefined ? stay(s) : step(s, { type: 'keep-alive', key: s.key })),
  /* A8 */ 'keepalive-ok': (s, _i, cfg) => step(s, schedule('keepalive-due', cfg.keepAliveIntervalMs)),
  /* A10 */ 'overlap-over': (s, i) => overlapOver(s, i),
  /* A13 */ 'client-closed': (s, i) => clientClosed(s, i.at),
  /* A14 */ 'key-close-failed': (s, i) => keyCloseFailed(s, i),
};

/**
 * The next state of the supervisor and the effects to carry out, for one input.
 *
 * @example
 * ```ts
 * const { state, effects } = transition(INITIAL_STATE, { type: 'start', at: 0 }, settings);
 * // state.phase: { name: 'acquiring' }; effects: [{ type: 'create-key' }]
 * ```
 */
export function transition(state: SupervisorState, input: SupervisorInput, settings: SupervisorSettings): Step {
  /* A12 */ if (state.phase.name === 'stopped') return stay(state);
  /* A9 */ if ((input.type === 'keepalive-ok' || input.type === 'keepalive-failed') && input.key !== state.key) return stay(state);
  /* A11 */ if (input.type === 'connection-ended' && inOverlap(state, input.connection)) return replacedEnded(state, input);
  const rule = ruleFor(state.phase.name, input.type);
  return rule === undefined ? stay(state) : rule(state, input, settings);
}

/** The rule of a phase for an input, else the one for any phase. */
function ruleFor(phase: PhaseName, input: InputType): Rule<PhaseName, InputType> | undefined {
  // Each table is keyed by its phase's name and each rule by its input's type: the lookup pairs them.
  const rules = BY_PHASE[phase] as PhaseRules<PhaseName>;
  return (rules[input] ?? IN_ANY_PHASE[input]) as Rule<PhaseName, InputType> | undefined;
}

/**
 * Every (phase, input) pair the table has a rule for, `any` for the rows of every phase: what the
 * table's tests must cover.
 *
 * @example
 * ```ts
 * ruledInputs().some(([phase, input]) => phase === 'live' && input === 'rollover-due'); // true
 * ```
 */
export function ruledInputs(): readonly (readonly [PhaseName | 'any', InputType])[] {
  const byPhase = Object.entries(BY_PHASE).flatMap(([phase, rules]) => Object.keys(rules).map((input) => [phase, input] as const));
  const anyPhase = Object.keys(IN_ANY_PHASE).map((input) => ['any', input] as const);
  return [...byPhase, ...anyPhase] as readonly (readonly [PhaseName | 'any', InputType])[];
}
