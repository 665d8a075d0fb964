/**
 * Every listen key the stream creates is DELETEd (or was refused by the service): a key left alive
 * stays valid for an hour. The rows pin the two moments a key replacement's old key could be
 * forgotten: the stop during the replacement's overlap, and a subscriber that leaves on the gap
 * the end of the overlap tells (the shell then runs nothing after that event: the DELETE must come
 * first). The random histories check it whole, with the subscriber leaving on any event.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { ConnectionEndReason } from '../../src/stream/lifecycle.js';
import { INITIAL_STATE, type Effect, type Phase, type SupervisorInput, type SupervisorInputEvent, type SupervisorState, type Timer } from '../../src/stream/supervisor/model.js';
import { transition } from '../../src/stream/supervisor/transition.js';
import { close, closeKey, emit, K1, K2, live, overlap, overlapEnds, overlapOver, row, S, SETTINGS as DEFAULTS, stop, STOPPED, type Row } from './table.js';

const SINCE = 990_000;
const STALL = 950_000;
const K3 = 'key-3-cccccccccccccccc';
/** A second key replacement (to K3) while the first one's overlap (K1 replaced by K2) still runs. */
const replacingAgain: Phase = { name: 'handover', purpose: 'replace-key', from: 2, to: 3, newKey: K3 };

// id, what the row says, given, input, then, effects
const ROWS: readonly Row[] = [
  row('A1', 'stop during a key replacement\'s overlap: the old key DELETEd too', S(live(2), { key: K2, overlaps: [overlap(2, SINCE, 1, K1)] }), stop, S(STOPPED, { key: undefined, opened: 2 }), [close(2), close(1), closeKey(K2), closeKey(K1)]),
  row('A1', 'stop after the old connection of a key replacement ended, its overlap still running: the old key DELETEd', S(live(2), { key: K2, overlaps: [overlap(2, SINCE, undefined, K1)] }), stop, S(STOPPED, { key: undefined, opened: 2 }), [close(2), closeKey(K2), closeKey(K1)]),
  row('A1', 'stop during a second key replacement, the first one\'s overlap still running: every key DELETEd', S(replacingAgain, { key: K2, overlaps: [overlap(2, SINCE, 1, K1)] }), stop, S(STOPPED, { key: undefined, opened: 3 }), [close(3), close(2), close(1), closeKey(K2), closeKey(K3), closeKey(K1)]),
  row('A10', 'overlap over after a key replacement whose old connection stalled: the old key DELETEd before the gap is told', S(live(2), { key: K2, overlaps: [overlap(2, SINCE, 1, K1)] }), overlapOver(2, STALL), S(live(2), { key: K2 }), [close(1), overlapEnds, closeKey(K1), emit({ type: 'gap', from: STALL, to: SINCE, reason: 'stalled' })]),
];

describe('the keys a stream created, row by row', () => {
  it.each(ROWS.map((r) => [`${r.id} ${r.given.phase.name} | ${r.input.type}: ${r.says}`, r] as const))('%s', (_name, r) => {
    const next = transition(r.given, r.input, { ...DEFAULTS, ...r.settings });
    expect(next.effects).toEqual(r.effects);
    expect(next.state).toEqual(r.then);
  });
});

/** Timings close together, keepalives often and overlaps long, so that key replacements, overlaps and their ends meet. */
const SETTINGS = { ...DEFAULTS, keepAliveIntervalMs: 1_000, rolloverAfterMs: 25_000, rolloverOverlapMs: 5_000, backoff: { initialDelayMs: 500, maxDelayMs: 4_000, stableAfterMs: 5_000 } };
/** What the subscriber leaves on: its `nth` event of this kind (a market event, a diagnostic, or a lifecycle event's type). */
type Leave = { readonly on: string; readonly nth: number };
const LEAVE_ON = ['gap', 'gap', 'key-replaced', 'rolled-over', 'reconnecting', 'diagnostic', 'account'] as const;
const REASONS: readonly ConnectionEndReason[] = ['closed-by-server', 'stalled', 'invalid-listen-key', 'connect-timeout'];
const DEPOSIT = { type: 'account', channel: 'spot@private.account.v3.api.pb', asset: 'USDT', coinId: 'c', free: '1', freeChange: '1', frozen: '0', frozenChange: '0', changeType: 'DEPOSIT', time: 1, sendTime: 1, createTime: undefined } as const;

/**
 * What the shell does with the transitions, keys only: which keys were created, DELETEd, or given
 * up without a DELETE as the table says (the service refused a key, or its keepalive failed with
 * nothing live). The subscriber leaves on an event (`leave`): the stop takes effect at once and the
 * rest of that transition's effects never run, as in the shell; else it leaves after the history.
 */
class KeyWorld {
  state: SupervisorState = INITIAL_STATE;
  now = 0;
  issued = 0;
  seen = 0;
  keyRequested = false;
  keepAliveFor: string | undefined;
  readonly created = new Set<string>();
  readonly deleted: string[] = [];
  readonly givenUp = new Set<string>();
  /** The key each open connection was opened with, and whether it is subscribed. */
  readonly sockets = new Map<number, { key: string; subscribed: boolean }>();
  readonly timers = new Map<string, { timer: Timer; dueAt: number }>();

  constructor(private readonly leave: Leave) {}

  get stopped(): boolean {
    return this.state.phase.name === 'stopped';
  }

  feed(input: SupervisorInputEvent): void {
    if (this.stopped) return;
    const next = [...this.timers.values()].reduce((min, { dueAt }) => Math.min(min, dueAt), Infinity);
    this.now = Math.min(this.now + 1, next);
    this.apply(input);
  }

  apply(input: SupervisorInputEvent): void {
    const { state, effects } = transition(this.state, { ...input, at: this.now } as SupervisorInput, SETTINGS);
    this.state = state;
    for (const effect of effects) {
      this.perform(effect);
      if (this.stopped && input.type !== 'stop') return;
    }
  }

  private perform(effect: Effect): void {
    switch (effect.type) {
      case 'create-key':
        this.keyRequested = true;
        return;
      case 'keep-alive':
        this.keepAliveFor = effect.key;
        return;
      case 'close-key':
        this.deleted.push(effect.key);
        return;
      case 'open':
        expect(this.deleted).not.toContain(effect.key);
        this.sockets.set(effect.connection, { key: effect.key, subscribed: false });
        return;
      case 'close':
        this.sockets.delete(effect.connection);
        return;
      case 'schedule':
        this.timers.set(effect.timer.name === 'overlap-over' ? `overlap-over:${effect.timer.successor}` : effect.timer.name, { timer: effect.timer, dueAt: this.now + effect.delayMs });
        return;
      case 'cancel':
        this.timers.delete(effect.timer);
        return;
      case 'emit':
      case 'diagnose':
      case 'deliver': {
        const kind = effect.type === 'emit' ? effect.event.type : effect.type === 'deliver' ? effect.event.type : 'diagnostic';
        if (kind !== this.leave.on) return;
        this.seen += 1;
        if (this.seen > this.leave.nth) this.apply({ type: 'stop' });
        return;
      }
      default:
        return;
    }
  }

  /** The moves the world can make now, by kind (a kind is picked first, then one of its moves). */
  possible(): (() => void)[][] {
    const subscribe: (() => void)[] = [];
    const end: (() => void)[] = [];
    const events: (() => void)[] = [];
    for (const [connection, socket] of this.sockets) {
      if (!socket.subscribed) subscribe.push(() => ((socket.subscribed = true), this.feed({ type: 'connection-ready', connection })));
      events.push(() => this.feed({ type: 'connection-event', connection, event: DEPOSIT }));
      for (const reason of REASONS) {
        end.push(() => {
          this.sockets.delete(connection);
          if (reason === 'invalid-listen-key') this.givenUp.add(socket.key);
          this.feed({ type: 'connection-ended', connection, reason, healthyAt: this.now - 500 });
        });
      }
    }
    const keys: (() => void)[] = [];
    if (this.keyRequested) {
      const answer = (input: SupervisorInputEvent) => () => ((this.keyRequested = false), this.feed(input));
      const key = `key-${this.issued + 1}-${'x'.repeat(16)}`;
      keys.push(() => ((this.issued += 1), this.created.add(key), answer({ type: 'key-created', key })()), answer({ type: 'key-failed', error: new Error('busy') }));
    }
    const keepAliveFor = this.keepAliveFor;
    if (keepAliveFor !== undefined) {
      keys.push(() => ((this.keepAliveFor = undefined), this.feed({ type: 'keepalive-ok', key: keepAliveFor })));
      const fail = (): void => {
        this.keepAliveFor = undefined;
        const phase = this.state.phase;
        const nothingLive = phase.name === 'connecting' || phase.name === 'waiting' || ((phase.name === 'handover' || phase.name === 'renewing') && phase.from === undefined);
        if (nothingLive) this.givenUp.add(keepAliveFor);
        this.feed({ type: 'keepalive-failed', key: keepAliveFor, error: new Error('refused') });
      };
      keys.push(fail, fail);
    }
    const timers: (() => void)[] = [];
    let due: [string, { timer: Timer; dueAt: number }] | undefined;
    for (const entry of this.timers) if (due === undefined || entry[1].dueAt < due[1].dueAt) due = entry;
    if (due !== undefined) {
      const [name, { timer, dueAt }] = due;
      timers.push(() => {
        this.timers.delete(name);
        this.now = dueAt;
        if (timer.name !== 'overlap-over') return this.apply({ type: timer.name });
        const stalledFor = timer.replaced !== undefined && this.sockets.has(timer.replaced) ? this.now - SETTINGS.rolloverOverlapMs - 500 : undefined;
        return this.apply({ type: 'overlap-over', successor: timer.successor, replacedHealthyAt: stalledFor });
      });
    }
    // Weighted towards the key source and the timers, so that key replacements and the ends of their overlaps come often.
    return [subscribe, subscribe, subscribe, end, events, keys, keys, keys, keys, timers, timers, timers, timers].filter((kind) => kind.length > 0);
  }

  /** The keys in use now: none of them may have been DELETEd. */
  inUse(): string[] {
    const phase = this.state.phase;
    const newKey = phase.name === 'handover' && phase.purpose === 'replace-key' ? [phase.newKey] : [];
    return [...(this.state.key === undefined ? [] : [this.state.key]), ...newKey];
  }
}

/** A history: the world's choices, and the event the subscriber leaves on. */
const histories = fc.tuple(fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 300 }), fc.record({ on: fc.constantFrom(...LEAVE_ON), nth: fc.nat({ max: 3 }) }));

function runHistory(choices: readonly (readonly [number, number])[], leave: Leave): KeyWorld {
  const world = new KeyWorld(leave);
  world.feed({ type: 'start' });
  for (const [kind, which] of choices) {
    if (world.stopped) break;
    const kinds = world.possible();
    const moves = kinds[kind % Math.max(1, kinds.length)] ?? [];
    moves[which % Math.max(1, moves.length)]?.();
    if (!world.stopped) for (const key of world.inUse()) expect(world.deleted).not.toContain(key);
  }
  world.feed({ type: 'stop' });
  return world;
}

describe('the keys a stream created, through random histories', () => {
  it('DELETEs every key it created, once, unless the service refused it, whenever the subscriber leaves (even on an event)', () => {
    fc.assert(
      fc.property(histories, ([choices, leave]) => {
        const world = runHistory(choices, leave);
        expect(world.stopped).toBe(true);
        expect([...world.created].filter((key) => !world.deleted.includes(key) && !world.givenUp.has(key))).toEqual([]);
        expect(world.deleted.filter((key, index) => world.deleted.indexOf(key) !== index)).toEqual([]);
      }),
      // No shrinking: a failure is reported at once with the history that found it.
      { numRuns: 400, endOnFailure: true },
    );
  });
});
