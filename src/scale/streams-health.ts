/**
 * The health of `userDataStreams` as an Observable: every wanted account's stream health (its
 * status in the one vocabulary, last event, last PING round trip) and how many are in each status.
 * A board the accounts' streams feed, and watchers that each emit the whole picture as it changes.
 *
 * @module
 */
import { Observable, Subject, type SchedulerLike } from 'rxjs';
import { optional, resolveSettings, settingsFor } from '../settings/resolve.js';
import { OBSERVABLE, type Rule } from '../settings/rules.js';
import { countStatuses, nextHealth, notRunning, type HealthInput, type HealthRecord, type StreamHealth } from '../stream/health.js';
import { HealthRefresh } from '../stream/health-refresh.js';
import { REFRESH_MS } from '../stream/health-tap.js';
import type { RepairSignal, StreamStatus } from '../stream/status.js';
import type { AccountValue } from './per-account.js';

/** The health of every account of `userDataStreams` at a moment. */
export interface StreamsHealth {
  /** Whether the streams run (someone subscribes to them); before and after, `accounts` is empty. */
  readonly running: boolean;
  /** When this picture was taken, epoch ms on the scheduler of `userDataStreams`. */
  readonly at: number;
  /** Each wanted account's health, by account id (an account removed from the input leaves it). */
  readonly accounts: ReadonlyMap<string, StreamHealth>;
  /** How many accounts are in each status. */
  readonly summary: Readonly<Record<StreamStatus, number>>;
}

/** Settings of `health()` of `userDataStreams`. */
export interface StreamsHealthOptions {
  /**
   * Each account's snapshots of a state operator (`perAccount(reduceOrders())`, ...): after a gap
   * an account is `stale` until one of its snapshots says `stale: false`. Give the snapshots your
   * application already has (shared), not a second pipeline with its own resyncs. Default: none,
   * and a gap leaves its account `stale` until its stream stops.
   */
  readonly repairs?: Observable<AccountValue<RepairSignal | undefined>> | undefined;
  /**
   * Longest a change other than a status (a new event's time, a PONG) waits before it is emitted,
   * ms; changes within it are emitted together. A status change is emitted at once. 0 emits every
   * change at once. Default 1000.
   */
  readonly refreshMs?: number | undefined;
}

/** The settings of `health()` of `userDataStreams`: each rule and default. */
export const STREAMS_HEALTH_SETTINGS = settingsFor<StreamsHealthOptions>()({
  repairs: optional(OBSERVABLE as Rule<Observable<AccountValue<RepairSignal | undefined>>>),
  refreshMs: REFRESH_MS,
});

/** What moves the board. */
export type BoardInput =
  | { readonly type: 'account'; readonly account: string; readonly input: HealthInput }
  /** The account left the wanted set (removed, or replaced and started again). */
  | { readonly type: 'remove'; readonly account: string }
  | { readonly type: 'run'; readonly running: boolean; readonly at: number };

/** The board's state, mutated in place by {@link applyBoard}. */
interface BoardState {
  running: boolean;
  readonly records: Map<string, HealthRecord>;
}

/** Applies `input`; returns `undefined` when nothing changed, else whether a status changed. */
function applyBoard(state: BoardState, input: BoardInput): boolean | undefined {
  switch (input.type) {
    case 'run':
      state.running = input.running;
      state.records.clear();
      return true;
    case 'remove':
      return state.records.delete(input.account) ? true : undefined;
    case 'account': {
      const known = state.records.get(input.account);
      const before = known ?? notRunning(input.input.at);
      const after = nextHealth(before, input.input);
      if (after === known) return undefined;
      state.records.set(input.account, after);
      return known === undefined || after.health.status !== before.health.status;
    }
  }
}

/** Where the accounts' streams report, and where watchers read the picture. */
export class HealthBoard {
  private readonly state: BoardState = { running: false, records: new Map() };
  private readonly inputs = new Subject<BoardInput>();

  /**
   * @param scheduler the clock of the pictures' times, and the watchers' timers
   * @example
   * ```ts
   * const board = new HealthBoard(scheduler);
   * board.feed({ type: 'run', running: true, at: scheduler.now() });
   * board.account('strategy01', { type: 'start', at: scheduler.now() });
   * ```
   */
  constructor(private readonly scheduler: SchedulerLike) {}

  /** The time now. */
  now(): number {
    return this.scheduler.now();
  }

  /** Moves the board on, for it and every watcher. */
  feed(input: BoardInput): void {
    applyBoard(this.state, input);
    this.inputs.next(input);
  }

  /** An input about one account's stream, at its time. */
  account(account: string, input: HealthInput): void {
    this.feed({ type: 'account', account, input });
  }

  /**
   * The picture as it changes: the current one at once (synchronously), then each change (a status
   * change at once, the others within `refreshMs`). Watching starts nothing. Never completes.
   */
  watch(options: StreamsHealthOptions | undefined): Observable<StreamsHealth> {
    const { repairs, refreshMs } = resolveSettings(STREAMS_HEALTH_SETTINGS, options ?? {});
    return new Observable<StreamsHealth>((subscriber) => {
      const state: BoardState = { running: this.state.running, records: new Map(this.state.records) };
      const refresh = new HealthRefresh(this.scheduler, refreshMs, () => subscriber.next(picture(state, this.now())));
      const apply = (input: BoardInput): void => {
        const urgent = applyBoard(state, input);
        if (urgent !== undefined) refresh.changed(urgent);
      };
      subscriber.next(picture(state, this.now()));
      const fed = this.inputs.subscribe(apply);
      const repaired = repairs?.subscribe({
        next: ({ account, value }) => {
          // A repair never brings back an account that left.
          if (state.records.has(account)) apply({ type: 'account', account, input: { type: 'repair', signal: value, at: this.now() } });
        },
        error: () => undefined,
      });
      return () => {
        fed.unsubscribe();
        repaired?.unsubscribe();
        refresh.stop();
      };
    });
  }
}

function picture(state: BoardState, at: number): StreamsHealth {
  const accounts = new Map<string, StreamHealth>();
  for (const [account, record] of state.records) accounts.set(account, record.health);
  return { running: state.running, at, accounts, summary: countStatuses([...accounts.values()].map((health) => health.status)) };
}
