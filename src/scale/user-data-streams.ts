/**
 * `userDataStreams`: one managed user data stream per account of a set that grows and shrinks,
 * merged into one hot Observable of events tagged with their account.
 *
 * @module
 */
import { Observable, share, type SchedulerLike } from 'rxjs';
import { ClientClosedError, type ValidationIssue } from '../errors.js';
import { Pump } from '../internal/pump.js';
import { checkSettings, type DefaultsOf, refuseIssues, setting, settingsFor } from '../settings/resolve.js';
import { count, duration, rate } from '../settings/rules.js';
import type { ListenKeyProvider } from '../stream/listen-key-source.js';
import { checkStreamOptions, STREAM_DEFAULTS, STREAM_SETTINGS } from '../stream/stream-settings.js';
import type { UserDataStreamOptions } from '../stream/user-data-stream.js';
import { AccountStreams } from './account-streams.js';
import { createStartPacer } from './start-pacer.js';
import { StreamRuns, type StreamsCloseResult } from './stream-runs.js';
import { HealthBoard, type StreamsHealth, type StreamsHealthOptions } from './streams-health.js';
import type { TaggedEvent } from './tagged-event.js';

export type { StreamsCloseResult };

/**
 * The input: the complete set of accounts wanted now, by account id. Each emission replaces the
 * previous one (it is a desired state, not a change): accounts new to it are started, accounts
 * missing from it are stopped, and an account whose provider is a different object than before
 * is restarted with the new one (providers are compared by reference: build them once per
 * account, not on every emission).
 */
export type AccountSet = ReadonlyMap<string, ListenKeyProvider>;

/**
 * Settings of {@link userDataStreams}: those of every account's stream, plus pacing of the starts.
 * The request budget of the accounts' clients (docs/rate-limits.md) already keeps listen-key
 * creation, keepalives and closes within the service's limits; the pacing here is for providers
 * that do not go through a client's budget (your own `ListenKeySource`, `budget: false`), or to
 * bound how many connections open at once.
 */
export interface UserDataStreamsOptions extends UserDataStreamOptions {
  /**
   * Starts (listen-key creation until the connection is subscribed) under way at once. Default
   * `Infinity`: the budget lets listen-key creation go as fast as the service allows (500 per
   * 10 s per IP). Reconnects that reuse their key are not paced (their backoff has jitter).
   */
  readonly maxConcurrentStarts?: number | undefined;
  /**
   * Starts begun per second, over all accounts. Default `Infinity`: the budget paces listen-key
   * creation. For providers outside a budget, 20 leaves most of the service's 500 per 10 s for
   * keepalives, closes and other callers.
   */
  readonly startsPerSecond?: number | undefined;
  /** A start holds its place for at most this long, ms (then the next may begin). Default 30000. */
  readonly startTimeoutMs?: number | undefined;
  /**
   * Longest `close()` waits for the accounts' key DELETEs, ms, on the scheduler; a DELETE still
   * under way then is reported as a key not closed. Default 20000 (twice a client's default
   * `timeout`: what `client.close()` takes at most).
   */
  readonly closeTimeoutMs?: number | undefined;
  /**
   * Scheduler of the pacing and of the `stopped` events' times; also every stream's, unless its
   * provider is a client with its own. Default rxjs `asyncScheduler`.
   */
  readonly scheduler?: SchedulerLike | undefined;
}

/**
 * The defaults of {@link UserDataStreamsOptions}, each written here only: `STREAMS_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const STREAMS_DEFAULTS = {
  maxConcurrentStarts: Infinity,
  startsPerSecond: Infinity,
  startTimeoutMs: 30_000,
  closeTimeoutMs: 20_000,
} as const satisfies DefaultsOf<Pick<UserDataStreamsOptions, 'maxConcurrentStarts' | 'startsPerSecond' | 'startTimeoutMs' | 'closeTimeoutMs'>>;

/** The pacing settings of {@link userDataStreams} (each account's stream has the stream's): each rule and default. */
export const STREAMS_SETTINGS = settingsFor<Pick<UserDataStreamsOptions, 'maxConcurrentStarts' | 'startsPerSecond' | 'startTimeoutMs' | 'closeTimeoutMs'>>()(
  {
    maxConcurrentStarts: setting(count({ min: 1, orInfinity: true }), STREAMS_DEFAULTS.maxConcurrentStarts),
    startsPerSecond: setting(rate({ above: 0, orInfinity: true }), STREAMS_DEFAULTS.startsPerSecond),
    startTimeoutMs: setting(duration({ min: 0 }), STREAMS_DEFAULTS.startTimeoutMs),
    closeTimeoutMs: setting(duration({ min: 0 }), STREAMS_DEFAULTS.closeTimeoutMs),
  },
  [],
  // Every account's stream settings, checked by the stream's own rules.
  Object.keys(STREAM_SETTINGS.fields),
);

/** The hot Observable of {@link userDataStreams}, with the close of all its accounts and their health. */
export type UserDataStreams = Observable<TaggedEvent> & UserDataStreamsClose & UserDataStreamsHealth;

/** The health of {@link userDataStreams}. */
export interface UserDataStreamsHealth {
  /**
   * Every wanted account's health as it changes (its status in the words of `streamStatus`, since
   * when, its last market event's arrival, its last PING's round trip) and how many accounts are in
   * each status. An account waiting for its paced start is `connecting`; one that failed or whose
   * client was closed is `stopped`; one removed from the input leaves the picture. The current
   * picture comes at once (synchronously); then a status change at once and other changes within
   * `refreshMs`. Watching starts nothing: while nobody subscribes to the streams, `running` is
   * `false` and no account is listed. Never completes. Its settings are checked when it is called.
   *
   * @example
   * ```ts
   * const events$ = userDataStreams(accounts$);
   * events$.health().subscribe(({ summary }) => console.log(summary)); // { connecting: 0, live: 50, reconnecting: 0, stale: 0, stopped: 0 }
   * events$.subscribe(handle);
   * ```
   */
  health(options?: StreamsHealthOptions): Observable<StreamsHealth>;
}

/** The close of {@link userDataStreams}. */
export interface UserDataStreamsClose {
  /**
   * Stops every account's stream: each running account's last event is `{ type: 'stopped',
   * reason: 'closed' }`, then the Observable completes; every key is DELETEd. Resolves once every
   * DELETE (those of accounts stopped earlier included) has ended, at most `closeTimeoutMs` after
   * it is called, with the keys it could not close. Later subscriptions fail at once with
   * `ClientClosedError`. The clients stay open (they may serve others). Idempotent; never rejects.
   */
  close(): Promise<StreamsCloseResult>;
}

/**
 * Runs one {@link userDataStream} per account of `accounts$` and merges their events, each tagged
 * with its account, into one hot Observable (shared: the first subscriber starts it, the last one
 * to leave stops every stream and DELETEs every key).
 *
 * - Listen keys are created, kept alive and closed through each client's request budget: with
 *   clients sharing a budget (the default), a thousand accounts start as fast as the service's
 *   limit allows and never past it. Starts may also be paced (`maxConcurrentStarts`,
 *   `startsPerSecond`, on the scheduler, so tests run it in virtual time).
 * - An account removed from the input has its stream closed and its listen key DELETEd, then a
 *   `{ type: 'stopped', reason: 'removed' }` event.
 * - One account's failure never disturbs the others: its stream's error (a `StreamFatalError` when
 *   its credentials are refused) becomes `{ type: 'stopped', reason: 'failed', error }` and the
 *   rest go on.
 * - Each account's events keep their order; `stopped` is the last event of an account's run.
 * - When `accounts$` completes, the streams go on as they are; when it errors, everything stops
 *   and the error is passed on.
 * - `close()` stops everything and resolves once every key is DELETEd (see {@link UserDataStreams}).
 *
 * @example
 * ```ts
 * import { BehaviorSubject } from 'rxjs';
 * import { createClient, userDataStreams, perAccount, reduceOrders, type Client } from 'mexc-rx';
 *
 * const clients = new Map(subAccounts.map((s) => [s.name, createClient({ apiKey: s.apiKey, secretKey: s.secretKey })]));
 * const accounts$ = new BehaviorSubject<ReadonlyMap<string, Client>>(clients);
 * const events$ = userDataStreams(accounts$); // listen keys within the clients' shared request budget
 * events$.pipe(perAccount(reduceOrders())).subscribe(({ account, value }) => save(account, value));
 * // later: drop an account (its stream stops, its key is DELETEd)
 * accounts$.next(new Map([...clients].filter(([name]) => name !== 'strategy07')));
 * // at the end: every stream stopped, every key DELETEd
 * const { keysNotClosed } = await events$.close();
 * ```
 */
export function userDataStreams(accounts$: Observable<AccountSet>, options: UserDataStreamsOptions = {}): UserDataStreams {
  // Every setting is checked now, the streams' too, not when an account's stream starts.
  const issues: ValidationIssue[] = [];
  const pacing = checkSettings(STREAMS_SETTINGS, options, issues);
  const { maxConcurrentStarts: _max, startsPerSecond: _rate, startTimeoutMs: _timeout, closeTimeoutMs: _close, ...streamOptions } = options ?? {};
  if (issues.length === 0) checkStreamOptions(streamOptions, issues);
  refuseIssues(issues);
  const scheduler = options.scheduler ?? STREAM_DEFAULTS.scheduler;
  const runs = new StreamRuns();
  const board = new HealthBoard(scheduler);
  let closed = false;
  let closeRun: (() => void) | undefined;

  const events$ = new Observable<TaggedEvent>((subscriber) => {
    if (closed) return subscriber.error(new ClientClosedError({ operation: 'streams' }));
    const pacer = createStartPacer({ maxConcurrent: pacing.maxConcurrentStarts, perSecond: pacing.startsPerSecond, scheduler });
    board.feed({ type: 'run', running: true, at: scheduler.now() });
    const streams = new AccountStreams(subscriber, { pacer, scheduler, startTimeoutMs: pacing.startTimeoutMs, streamOptions, watchRun: runs.watch, health: board });
    closeRun = () => {
      streams.closeAll();
      subscriber.complete();
    };
    // A subscriber reacting to an event may make accounts$ emit again at once: the newest set is
    // reconciled after the current pass, never in the middle of it.
    let latest: AccountSet | undefined;
    const reconciler = new Pump(() => {
      const next = latest;
      latest = undefined;
      if (next !== undefined && !streams.isClosed) streams.reconcile(next);
    }, MAX_NESTED_PASSES);
    const input = accounts$.subscribe({
      next: (wanted) => {
        latest = wanted;
        reconciler.run();
      },
      error: (error: unknown) => subscriber.error(error),
    });

    return () => {
      closeRun = undefined;
      streams.close();
      input.unsubscribe();
      pacer.close();
      board.feed({ type: 'run', running: false, at: scheduler.now() });
    };
  }).pipe(share({ resetOnError: true, resetOnComplete: true, resetOnRefCountZero: true }));

  let closing: Promise<StreamsCloseResult> | undefined;
  const close = (): Promise<StreamsCloseResult> => {
    closed = true;
    closeRun?.();
    return (closing ??= runs.settle(pacing.closeTimeoutMs, scheduler));
  };
  return Object.assign(events$, { close, health: (healthOptions?: StreamsHealthOptions) => board.watch(healthOptions) });
}

/** Sets that arrive while one is being applied, applied in a row before giving up on the rest. */
const MAX_NESTED_PASSES = 1000;
