/**
 * Turnkey repair of the state operators (`from: client`): the refresh sources that read an
 * account's own state from the service with the client's own key, through the client's request
 * budget, retried with the library's backoff until one answer comes.
 *
 * - `balanceSnapshots({ from })`: `getAccount` (A1, weight 10), its balances as seeds;
 * - `reduceOrders({ from, symbols })`: `listOpenOrders` (A2, weight 3) for each symbol given and
 *   each the book has seen, all of them one refresh (it lists every open order of those symbols).
 *
 * Every read waits for the client's request budget, so the repairs of every client sharing a
 * budget (one IP) are spread within the service's limits: at weight 10 of 500 per 10 s, 50
 * account reads per window, whatever the number of accounts that lost their connection at once.
 *
 * @module
 */
import { defer, forkJoin, map, of, retry, throwError, timer, type Observable, type SchedulerLike } from 'rxjs';
import type { Client } from '../client/types.js';
import { ApiError, HttpError, RateLimitedError } from '../errors.js';
import { exponentialDelay } from '../exponential-backoff.js';
import { isUnclearFailure } from '../http/retry-policy.js';
import { readsOf } from '../client/client-reads.js';
import { clientReads, CLIENT_WORDS } from '../stream/listen-key-source.js';
import { type DefaultsOf, type Resolved, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { duration, type Rule } from '../settings/rules.js';
import { accountBalancesToSeeds, openOrdersToSeeds } from './account-seeds.js';
import type { BalanceSeed } from './state/balance-state.js';
import type { OpenOrdersRefresh } from './state/order-book.js';

/** How a failed repair is tried again. */
export interface RepairBackoffOptions {
  /** Ceiling of the first wait after a failed read, ms, from 100. Default 1000. */
  readonly initialDelayMs?: number | undefined;
  /** Largest wait between two reads, ms, from 100 and at least `initialDelayMs`. Default 30000. */
  readonly maxDelayMs?: number | undefined;
}

/**
 * The defaults of {@link RepairBackoffOptions}, each written here only: `REPAIR_BACKOFF_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const REPAIR_BACKOFF_DEFAULTS = {
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
} as const satisfies DefaultsOf<RepairBackoffOptions>;

/** The repair backoff's settings: each rule and default. */
export const REPAIR_BACKOFF_SETTINGS = settingsFor<RepairBackoffOptions>()(
  {
    initialDelayMs: setting(duration({ min: 100 }), REPAIR_BACKOFF_DEFAULTS.initialDelayMs),
    maxDelayMs: setting(duration({ min: 100 }), REPAIR_BACKOFF_DEFAULTS.maxDelayMs),
  },
  [{ field: 'maxDelayMs', words: 'at least initialDelayMs', holds: (backoff) => backoff.maxDelayMs >= backoff.initialDelayMs }],
);

/** Repair backoff settings with defaults applied. */
export type ResolvedRepairBackoff = Resolved<typeof REPAIR_BACKOFF_SETTINGS.fields>;

/** What `from` takes: a client made by `createClient`. */
export const CLIENT: Rule<Client> = {
  words: CLIENT_WORDS,
  accepts: (value): value is Client =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { call?: unknown }).call === 'function' &&
    typeof (value as { scheduler?: unknown }).scheduler === 'object' &&
    readsOf(value) !== undefined,
};

/** `from` is one source of the state: a `seed` or `resync` besides it is refused. */
export const ONE_SOURCE = {
  field: 'from',
  words: 'not together with seed or resync (one source only)',
  holds: (settings: { readonly from: Client | undefined; readonly seed: unknown; readonly resync: unknown }): boolean =>
    settings.from === undefined || (settings.seed === undefined && settings.resync === undefined),
};

/** What `symbols` takes: trading pairs, as the service spells them. */
export const SYMBOLS: Rule<readonly string[]> = {
  words: 'a list of trading pairs (2 to 30 upper-case letters and digits, e.g. BTCUSDT)',
  accepts: (value): value is readonly string[] => Array.isArray(value) && value.every((symbol) => typeof symbol === 'string' && /^[A-Z0-9]{2,30}$/.test(symbol)),
};

/**
 * Whether another read may succeed where this one failed: a 5XX, a network failure or a time-out
 * (the client's own retries ran out), a 429 or a 418, or a call the request budget gave up while
 * the service asked it to pause. A refusal of the key (401, a missing permission), a malformed
 * answer or a closed client is final: reading again would fail the same way.
 *
 * @example
 * ```ts
 * isRepairRetryable(new HttpError({ status: 503, target })); // true
 * isRepairRetryable(new ApiError({ code: 700003, msg: 'Signature for this request is not valid.', status: 401, operation: 'A1' })); // false
 * ```
 */
export function isRepairRetryable(error: unknown): boolean {
  if (error instanceof RateLimitedError || isUnclearFailure(error)) return true;
  return (error instanceof ApiError || error instanceof HttpError) && (error.status === 429 || error.status === 418);
}

/**
 * `read`, subscribed again after each failure that may pass ({@link isRepairRetryable}), after an
 * exponential backoff with equal jitter on `scheduler` (the library's backoff), until it answers;
 * any other failure ends it. Unsubscribing stops the waiting and the read in flight.
 *
 * @example
 * ```ts
 * repairing(() => getAccount(client), client.scheduler, resolveRepairBackoff(undefined)).subscribe(render);
 * ```
 */
export function repairing<T>(read: () => Observable<T>, scheduler: SchedulerLike, backoff: ResolvedRepairBackoff, random: () => number = Math.random): Observable<T> {
  const delays = { initialDelayMs: backoff.initialDelayMs, maxDelayMs: backoff.maxDelayMs, jitter: 'equal' } as const;
  return defer(read).pipe(
    retry({
      delay: (error: unknown, attempt) => (isRepairRetryable(error) ? timer(exponentialDelay(attempt, delays, random), scheduler) : throwError(() => error)),
    }),
  );
}

/**
 * Fills in the repair backoff's defaults, checking each setting.
 *
 * @throws ValidationError (operation `config`) naming each bad field.
 * @example
 * ```ts
 * resolveRepairBackoff({ initialDelayMs: 500 }).maxDelayMs; // 30000
 * ```
 */
export function resolveRepairBackoff(options: RepairBackoffOptions | undefined): ResolvedRepairBackoff {
  return resolveSettings(REPAIR_BACKOFF_SETTINGS, options);
}

/**
 * The account's balances read with its own key (`getAccount`), as seeds, retried until they come.
 *
 * @example
 * ```ts
 * const read = () => accountBalancesRepair(client, resolveRepairBackoff(undefined));
 * ```
 */
export function accountBalancesRepair(client: Client, backoff: ResolvedRepairBackoff): Observable<readonly BalanceSeed[]> {
  const reads = clientReads(client);
  return repairing(() => reads.getAccount(client).pipe(map(accountBalancesToSeeds)), client.scheduler, backoff);
}

/**
 * The account's open orders of `symbols` and of every symbol `seen()` names when the read starts
 * (each attempt asks again), one `listOpenOrders` each, as one refresh; retried until all come.
 * An order whose type, status or side the book does not know is no seed, but counts as listed
 * open (the book keeps what it holds of it). No symbol at all: an empty list, without a request.
 *
 * @example
 * ```ts
 * const read = () => openOrdersRepair(client, ['BTCUSDT'], () => book.symbols(), resolveRepairBackoff(undefined));
 * ```
 */
export function openOrdersRepair(
  client: Client,
  symbols: readonly string[],
  seen: () => ReadonlySet<string>,
  backoff: ResolvedRepairBackoff,
): Observable<OpenOrdersRefresh> {
  const reads = clientReads(client);
  const readAll = (): Observable<OpenOrdersRefresh> => {
    const all = [...new Set([...symbols, ...seen()])].sort();
    if (all.length === 0) return of({ seeds: [], openIds: new Set<string>() });
    return forkJoin(all.map((symbol) => reads.listOpenOrders(client, symbol))).pipe(
      map((lists) => {
        const { seeds, unconverted } = openOrdersToSeeds(lists.flat());
        return { seeds, openIds: new Set(unconverted.map((order) => order.orderId)) };
      }),
    );
  };
  return repairing(readAll, client.scheduler, backoff);
}
