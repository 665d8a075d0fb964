/**
 * The transitions driven through random histories by a simulated world (sockets that subscribe
 * or die, a key source that answers or fails, timers that fire in the order they are due),
 * checking after every step what no single row of the table shows: no socket leaks or is
 * forgotten, the stream never hangs (in every phase something is under way that moves it on), one
 * key request at a time, keepalive and rollover always coming while a connection is live, no gap
 * left unreported once live, and nothing at all after the stop (whether the last subscriber left
 * or the client was closed, which alone completes the stream).
 */
import { describe, expect, it } from '@jest/globals';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { ConnectionEndReason } from '../../src/stream/lifecycle.js';
import type { Effect, SupervisorInput, SupervisorInputEvent, SupervisorState, Timer } from '../../src/stream/supervisor/model.js';
import { INITIAL_STATE } from '../../src/stream/supervisor/model.js';
import { ruledInputs, transition } from '../../src/stream/supervisor/transition.js';
import { SETTINGS as DEFAULTS } from './table.js';

/** Timings close together, so that every order of timers comes up. */
const SETTINGS = { ...DEFAULTS, keepAliveIntervalMs: 10_000, rolloverAfterMs: 25_000, rolloverOverlapMs: 2_000, backoff: { initialDelayMs: 500, maxDelayMs: 4_000, stableAfterMs: 5_000 } };

const REASONS: readonly ConnectionEndReason[] = ['closed-by-server', 'socket-error', 'stalled', 'invalid-listen-key', 'subscription-refused', 'connect-timeout'];
const DEPOSIT = { type: 'account', channel: 'spot@private.account.v3.api.pb', asset: 'USDT', coinId: 'c', free: '1', freeChange: '1', frozen: '0', frozenChange: '0', changeType: 'DEPOSIT', time: 1, sendTime: 1, createTime: undefined } as const;

const RULED = ruledInputs();
/** The rules of the table the histories went through. */
const reached = new Set<string>();

function noteRule(state: SupervisorState, type: SupervisorInput['type']): void {
  const own = RULED.some(([phase, input]) => phase === state.phase.name && input === type);
  reached.add(`${own ? state.phase.name : 'any'} ${type}`);
}

/** What the shell would hold: sockets, requests in flight, timers. */
class World {
  state: SupervisorState = INITIAL_STATE;
  now = 0;
  keysIssued = 0;
  readonly sockets = new Map<number, { subscribed: boolean }>();
  keyRequests = 0;
  keepAliveFor: string | undefined;
  /** Timers running, with when each is due: only the earliest can fire next. */
  readonly timers = new Map<string, { timer: Timer; dueAt: number }>();
  failed = false;
  completed = false;
  /** Keys whose DELETE is under way. */
  readonly closing: string[] = [];
  afterStop: Effect[] = [];

  /** Other inputs come 1 ms apart, never past the next timer. */
  feed(input: SupervisorInputEvent): void {
    this.now = Math.min(this.now + 1, this.nextTimer()?.dueAt ?? Infinity);
    this.apply(input);
  }

  nextTimer(): { name: string; timer: Timer; dueAt: number } | undefined {
    let next: { name: string; timer: Timer; dueAt: number } | undefined;
    for (const [name, { timer, dueAt }] of this.timers) if (next === undefined || dueAt < next.dueAt) next = { name, timer, dueAt };
    return next;
  }

  apply(input: SupervisorInputEvent): void {
    noteRule(this.state, input.type);
    const { state, effects } = transition(this.state, { ...input, at: this.now } as SupervisorInput, SETTINGS);
    const wasStopped = this.state.phase.name === 'stopped';
    this.state = state;
    if (wasStopped) this.afterStop.push(...effects);
    for (const effect of effects) this.perform(effect);
  }

  private perform(effect: Effect): void {
    switch (effect.type) {
      case 'create-key':
        this.keyRequests += 1;
        return;
      case 'keep-alive':
        this.keepAliveFor = effect.key;
        return;
      case 'open':
        if (this.sockets.has(effect.connection)) throw new Error(`opens connection ${effect.connection}, already open`);
        this.sockets.set(effect.connection, { subscribed: false });
        return;
      case 'close':
        if (!this.sockets.delete(effect.connection)) throw new Error(`closes connection ${effect.connection}, not open`);
        return;
      case 'probe':
        if (!this.sockets.has(effect.connection)) throw new Error(`probes connection ${effect.connection}, not open`);
        return;
      case 'schedule':
        this.timers.set(effect.timer.name === 'overlap-over' ? `overlap-over:${effect.timer.successor}` : effect.timer.name, { timer: effect.timer, dueAt: this.now + effect.delayMs });
        return;
      case 'cancel':
        this.timers.delete(effect.timer);
        return;
      case 'deliver':
        if (!this.sockets.has(effect.connection)) throw new Error(`delivers from connection ${effect.connection}, not open`);
        return;
      case 'fail':
        this.failed = true;
        return;
      case 'close-key':
        this.closing.push(effect.key);
        return;
      case 'complete':
        // Only a stop by the client's close completes the stream, and only in its stop.
        expect(this.state.phase.name).toBe('stopped');
        this.completed = true;
        return;
      default:
        return;
    }
  }

  /** The inputs the world can give now, by kind (a kind is picked first, then one of its inputs). */
  possible(): (() => void)[][] {
    const subscribe: (() => void)[] = [];
    const end: (() => void)[] = [];
    const events: (() => void)[] = [];
    for (const [connection, socket] of this.sockets) {
      if (!socket.subscribed) subscribe.push(() => ((socket.subscribed = true), this.feed({ type: 'connection-ready', connection })));
      for (const reason of REASONS) end.push(() => (this.sockets.delete(connection), this.feed({ type: 'connection-ended', connection, reason, healthyAt: this.now - 500 })));
      events.push(() => this.feed({ type: 'connection-event', connection, event: DEPOSIT }));
      events.push(() => this.feed({ type: 'connection-problem', connection, code: 'subscription-refused', message: 'refused' }));
    }
    const keys: (() => void)[] = [];
    if (this.keyRequests > 0) {
      const answer = (input: SupervisorInputEvent) => () => ((this.keyRequests -= 1), this.feed(input));
      keys.push(answer({ type: 'key-created', key: `key-${++this.keysIssued}-${'x'.repeat(16)}` }), answer({ type: 'key-failed', error: new Error('busy') }), answer({ type: 'key-created', key: '' }));
    }
    const closing = this.closing[0];
    if (closing !== undefined) {
      const answer = (input?: SupervisorInputEvent) => () => (this.closing.shift(), input === undefined ? undefined : this.feed(input));
      keys.push(answer(), answer({ type: 'key-close-failed', key: closing, error: new Error('unreachable') }));
    }
    const keepAliveFor = this.keepAliveFor;
    if (keepAliveFor !== undefined) {
      const answer = (input: SupervisorInputEvent) => () => ((this.keepAliveFor = undefined), this.feed(input));
      keys.push(answer({ type: 'keepalive-ok', key: keepAliveFor }), answer({ type: 'keepalive-failed', key: keepAliveFor, error: new Error('refused') }));
    }
    const next = this.nextTimer();
    const timers: (() => void)[] = [];
    if (next !== undefined) {
      timers.push(() => {
        const { name, timer, dueAt } = next;
        this.timers.delete(name);
        this.now = dueAt;
        if (timer.name !== 'overlap-over') return this.apply({ type: timer.name });
        const replacedOpen = timer.replaced !== undefined && this.sockets.has(timer.replaced);
        return this.apply({ type: 'overlap-over', successor: timer.successor, replacedHealthyAt: replacedOpen ? this.now - 5_000 : undefined });
      });
    }
    // Weighted: sockets die and key calls fail often enough, but not so often that rollovers and overlaps never come.
    return [subscribe, subscribe, subscribe, end, events, keys, keys, keys, timers, timers, timers].filter((kind) => kind.length > 0);
  }
}

/** The connections the state says are open: its phase's and the replaced ones in their overlap. */
function heldBy(state: SupervisorState): number[] {
  const phase = state.phase;
  const own =
    phase.name === 'connecting' || phase.name === 'live'
      ? [phase.connection]
      : phase.name === 'renewing'
        ? [phase.from]
        : phase.name === 'handover'
          ? [phase.from, phase.to]
          : [];
  const replaced = state.overlaps.map((o) => o.replaced);
  return [...own, ...replaced].filter((c): c is number => c !== undefined).sort((a, b) => a - b);
}

/**
 * The invariants `world` breaks now, by name (none when all hold). Checked in plain code, not with
 * matchers: this runs after each of some 200,000 steps, and a matcher builds an error with a stack
 * trace at each call.
 */
function broken(world: World): string[] {
  const { state } = world;
  const phase = state.phase;
  const fails: string[] = [];
  const check = (holds: boolean, invariant: string): void => {
    if (!holds) fails.push(invariant);
  };
  if (phase.name === 'stopped') {
    check(world.sockets.size === 0, 'no socket open after the stop');
    check(world.afterStop.length === 0, 'nothing done after the stop');
    return fails;
  }
  expect(world.completed).toBe(false);
  // Every socket open is one the state knows of, and the other way round.
  check(isDeepStrictEqual([...world.sockets.keys()].sort((a, b) => a - b), heldBy(state)), 'the sockets open are the ones the state holds');
  check(world.sockets.size <= 3, 'at most three sockets');
  check(world.keyRequests <= 1, 'at most one key request');
  const has = (name: string): boolean => world.timers.has(name);
  // Something is under way that moves the stream on.
  switch (phase.name) {
    case 'acquiring':
      check(world.keyRequests === 1, 'acquiring: a key request under way');
      check(state.key === undefined, 'acquiring: no key');
      break;
    case 'waiting':
      check(has('backoff-over'), 'waiting: the backoff timer');
      break;
    case 'renewing':
      check(world.keyRequests === 1, 'renewing: a key request under way');
      break;
    case 'live':
      // Going live reports any gap: nothing is left known-missing and unreported.
      check(state.broken === undefined, 'live: no unreported gap');
      check(state.key !== undefined, 'live: a key');
      check(has('rollover-due'), 'live: the rollover timer');
      check(has('keepalive-due') || world.keepAliveFor === state.key, 'live: a keepalive due or under way');
      break;
    case 'connecting':
      check(state.key !== undefined, 'connecting: a key');
      check(has('keepalive-due') || world.keepAliveFor === state.key, 'connecting: a keepalive due or under way');
      break;
    default:
      break;
  }
  if ((phase.name === 'renewing' || phase.name === 'handover') && phase.from !== undefined) check(state.key !== undefined, `${phase.name} from a connection: a key`);
  return fails;
}

/** Throws, naming what broke and the phase, when an invariant does not hold. */
function checkInvariants(world: World): void {
  const fails = broken(world);
  if (fails.length > 0) throw new Error(`invariants broken in phase ${world.state.phase.name}: ${fails.join('; ')}`);
}

/** A history: the world's choices, with the last subscriber leaving at step `stopAt`. */
const histories = fc.tuple(fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 300 }), fc.nat({ max: 299 }));

function runHistory(choices: readonly (readonly [number, number])[], stopAt: number): void {
  const world = new World();
  world.feed({ type: 'start' });
  checkInvariants(world);
  choices.forEach(([kind, which], index) => {
    // Every third history ends by the client's close instead of the last subscriber leaving.
    if (index === stopAt) world.feed({ type: stopAt % 3 === 0 ? 'client-closed' : 'stop' });
    const kinds = world.possible();
    const moves = kinds[kind % Math.max(1, kinds.length)] ?? [];
    const move = moves[which % Math.max(1, moves.length)];
    if (move === undefined) return;
    move();
    checkInvariants(world);
  });
}

describe('the stream supervisor through random histories', () => {
  it('never leaks or forgets a socket, never hangs, and does nothing after the stop', () => {
    fc.assert(fc.property(histories, ([choices, stopAt]) => runHistory(choices, stopAt)), { numRuns: 500 });
  });

  it('goes through every rule of the table on the way (a fixed set of histories)', () => {
    reached.clear();
    fc.assert(fc.property(histories, ([choices, stopAt]) => runHistory(choices, stopAt)), { numRuns: 1000, seed: 16 });
    expect(RULED.map(([phase, input]) => `${phase} ${input}`).filter((rule) => !reached.has(rule))).toEqual([]);
  });
});
