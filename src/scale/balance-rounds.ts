/**
 * `pollSubAccountBalances`: every sub-account's balances (M8) read by the master's client, in
 * rounds on a schedule, all inside the request budget.
 *
 * @module
 */
import { catchError, defer, from, isObservable, map, mergeMap, Observable, of, repeat, type Subscription } from 'rxjs';
import type { CallOptions, Client } from '../client/types.js';
import type { AssetBalance } from '../codecs/results.js';
import { delayInSteps } from '../long-delays.js';
import { CALL_OPTION_NAMES } from '../http/request-settings.js';
import { getSubAccountAssets } from '../operations/master.js';
import { type DefaultsOf, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { duration } from '../settings/rules.js';

/** Settings of {@link pollSubAccountBalances}: the call options of every read, and the schedule. */
export interface PollBalancesOptions extends CallOptions {
  /**
   * A round begins this long after the one before began, ms; a round that takes longer (a
   * thousand accounts take at least 10 s in the service's budget) is followed at once. From 1000. Default 60000.
   */
  readonly everyMs?: number | undefined;
}

/** One sub-account's balances, read in round `round` (from 1). */
export interface BalanceReading {
  readonly account: string;
  readonly round: number;
  /** When the answer came (the client's scheduler time). */
  readonly at: number;
  readonly balances: readonly AssetBalance[];
}

/** A read that failed (the round goes on with the other accounts; the next round tries again). */
export interface BalanceReadFailure {
  readonly account: string;
  readonly round: number;
  readonly at: number;
  readonly error: unknown;
}

/**
 * The shortest period of the rounds: a second. A round with no account, or whose reads all fail
 * at once (no credentials), ends as it begins; with a period of 0 the next followed at once, a
 * timer loop that never let go of the event loop.
 */
const SHORTEST_PERIOD_MS = 1000;

/**
 * The defaults of {@link PollBalancesOptions}, each written here only: `POLL_BALANCES_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const POLL_BALANCES_DEFAULTS = {
  everyMs: 60_000,
} as const satisfies DefaultsOf<Pick<PollBalancesOptions, 'everyMs'>>;

/** The settings of its own (the call settings are checked by each read): each rule and default. */
export const POLL_BALANCES_SETTINGS = settingsFor<Pick<PollBalancesOptions, 'everyMs'>>()(
  { everyMs: setting(duration({ min: SHORTEST_PERIOD_MS }), POLL_BALANCES_DEFAULTS.everyMs) },
  [],
  CALL_OPTION_NAMES,
);

/**
 * Reads every sub-account's balances (M8, `getSubAccountAssets`) with the master's client, round
 * after round. Each round reads the newest set of sub-accounts at once; the client's request
 * budget spreads the reads over the service's limit (500 per 10 s for the master's account, and
 * for the IP), so the helper never causes a 429 and shares the budget fairly with every other
 * call. A read that fails is emitted as a {@link BalanceReadFailure} and the rest go on. Runs until
 * unsubscribed; rounds start once `subAccounts` gave a first set.
 *
 * @example
 * ```ts
 * import { createClient, pollSubAccountBalances } from 'mexc-rx';
 *
 * const master = createClient({ apiKey: process.env.MEXC_API_KEY, secretKey: process.env.MEXC_SECRET_KEY });
 * pollSubAccountBalances(master, ['strategy01', 'strategy02'], { everyMs: 60_000 }).subscribe((reading) => {
 *   if ('balances' in reading) save(reading.account, reading.balances);
 *   else console.warn(reading.account, reading.error);
 * });
 * ```
 */
export function pollSubAccountBalances(
  master: Client,
  subAccounts: Iterable<string> | Observable<Iterable<string>>,
  options: PollBalancesOptions = {},
): Observable<BalanceReading | BalanceReadFailure> {
  const { everyMs } = resolveSettings(POLL_BALANCES_SETTINGS, options);
  const { everyMs: _every, ...callOptions } = options;
  const scheduler = master.scheduler;
  const accounts$ = isObservable(subAccounts) ? subAccounts : of(subAccounts);
  return new Observable<BalanceReading | BalanceReadFailure>((subscriber) => {
    let latest: readonly string[] = [];
    let rounds: Subscription | undefined;
    let round = 0;
    let startedAt = 0;
    const read = (account: string, n: number): Observable<BalanceReading | BalanceReadFailure> =>
      getSubAccountAssets(master, { subAccount: account }, callOptions).pipe(
        map((balances): BalanceReading => ({ account, round: n, at: scheduler.now(), balances })),
        catchError((error: unknown) => of<BalanceReadFailure>({ account, round: n, at: scheduler.now(), error })),
      );
    const oneRound = defer(() => {
      startedAt = scheduler.now();
      const n = ++round;
      return from(latest).pipe(mergeMap((account) => read(account, n)));
    });
    const input = accounts$.subscribe({
      next: (set) => {
        latest = [...set];
        rounds ??= oneRound
          .pipe(repeat({ delay: () => delayInSteps(startedAt + everyMs - scheduler.now(), scheduler) }))
          .subscribe((reading) => subscriber.next(reading));
      },
      error: (error: unknown) => subscriber.error(error),
    });
    return () => {
      input.unsubscribe();
      rounds?.unsubscribe();
    };
  });
}
