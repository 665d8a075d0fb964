/**
 * A stream's status as it moves: the one machine that reads the status words (`StreamStatus`, in
 * `vocabulary.ts`, shared by everything that shows or measures it: a UI's badge through `toStore`,
 * health and metrics) off a user data stream's lifecycle events, and `streamStatus`, the operator
 * that runs it.
 *
 * @module
 */
import { Observable, type OperatorFunction, type Subscription } from 'rxjs';
import { optional, resolveSettings, settingsFor } from '../settings/resolve.js';
import { OBSERVABLE, type Rule } from '../settings/rules.js';
import type { RepairSignal, StreamStatus, UserDataEvent } from './vocabulary.js';

// The words are offered here too, beside the machine that reads them.
export type { RepairSignal, StreamStatus };

/** Settings of {@link streamStatus}. */
export interface StreamStatusOptions {
  /**
   * The snapshots of a state operator built over the same stream (`reduceOrders`,
   * `balanceSnapshots`, or a store of them through `from(store)`): after a gap the status is
   * `stale` until one of them says `stale: false` (the operator's resync made after that gap
   * succeeded). `undefined` values are skipped; an error of this Observable is ignored (the
   * status then stays as it is). Default: none, and a gap leaves the status `stale` until the
   * stream stops, since nothing repairs what it missed.
   */
  readonly repairs?: Observable<RepairSignal | undefined> | undefined;
}

/** The operator's settings: each rule and default. */
export const STREAM_STATUS_SETTINGS = settingsFor<StreamStatusOptions>()({
  repairs: optional(OBSERVABLE as Rule<Observable<RepairSignal | undefined>>),
});

/** Where the connection is, and whether a gap is still unrepaired. */
export interface StatusState {
  readonly link: 'connecting' | 'connected' | 'reconnecting';
  readonly unrepairedGap: boolean;
}

/** Before any event. */
export const START: StatusState = { link: 'connecting', unrepairedGap: false };

/**
 * The state after a stream event. Before the first connection, failed attempts stay
 * `connecting` (there is no connection yet to have lost). A rollover or key replacement keeps the
 * connection; a gap is unrepaired until a repair says so.
 */
export function afterEvent(state: StatusState, event: UserDataEvent): StatusState {
  switch (event.type) {
    case 'connected':
      return state.link === 'connected' ? state : { ...state, link: 'connected' };
    case 'reconnecting':
      return state.link === 'connecting' ? state : { ...state, link: 'reconnecting' };
    case 'gap':
      return state.unrepairedGap ? state : { ...state, unrepairedGap: true };
    default:
      return state;
  }
}

/** The state after a repair signal: a fresh snapshot repairs the gap, a stale one changes nothing. */
export function afterRepair(state: StatusState, signal: RepairSignal | undefined): StatusState {
  return signal !== undefined && !signal.stale && state.unrepairedGap ? { ...state, unrepairedGap: false } : state;
}

/** The status a state shows. */
export function statusOf(state: StatusState): StreamStatus {
  if (state.link !== 'connected') return state.link;
  return state.unrepairedGap ? 'stale' : 'live';
}

/**
 * The status of a user data stream as it changes: `connecting` at once (synchronously, on
 * subscription), then `live`, `reconnecting` and `stale` as its lifecycle events say, each only
 * when it changes, and `stopped` last when the stream ends. A failed stream emits `stopped` and
 * then fails with the same error (a store over it keeps `stopped` as its snapshot and the error in
 * `getError()`); a completed one emits `stopped` and completes.
 *
 * The stream alone cannot know when a gap was repaired (the repair is a REST read the state
 * operators make): give their snapshots as `repairs`, and `stale` ends when one of them is fresh
 * again; without them a gap leaves the status `stale`.
 *
 * @example
 * ```ts
 * import { from } from 'rxjs';
 * import { balanceSnapshots, createClient, streamStatus, toStore, userDataStream, type StreamStatus } from 'mexc-rx';
 *
 * const events$ = userDataStream(createClient({ apiKey: 'mx0vgl...', secretKey: '...' }));
 * // Your REST read of the balances after a gap (getAccount, mapped with accountBalancesToSeeds).
 * const balances = toStore(events$.pipe(balanceSnapshots({ resync: () => readBalances() })));
 * const status = toStore(events$.pipe(streamStatus({ repairs: from(balances) })), { initial: 'connecting' as StreamStatus });
 * status.subscribe((word) => console.log(word)); // connecting, live, ...
 * ```
 */
export function streamStatus(options: StreamStatusOptions = {}): OperatorFunction<UserDataEvent, StreamStatus> {
  const { repairs } = resolveSettings(STREAM_STATUS_SETTINGS, options);
  return (source) =>
    new Observable<StreamStatus>((subscriber) => {
      let state = START;
      let shown: StreamStatus = statusOf(state);
      subscriber.next(shown);
      const move = (next: StatusState): void => {
        state = next;
        const status = statusOf(state);
        if (status === shown) return;
        shown = status;
        subscriber.next(status);
      };
      let repairing: Subscription | undefined;
      const stop = (): void => {
        repairing?.unsubscribe();
        repairing = undefined;
        shown = 'stopped';
        subscriber.next('stopped');
      };
      repairing = repairs?.subscribe({ next: (signal) => move(afterRepair(state, signal)), error: () => undefined });
      const upstream = source.subscribe({
        next: (event) => move(afterEvent(state, event)),
        error: (error: unknown) => {
          stop();
          subscriber.error(error);
        },
        complete: () => {
          stop();
          subscriber.complete();
        },
      });
      return () => {
        upstream.unsubscribe();
        repairing?.unsubscribe();
      };
    });
}
