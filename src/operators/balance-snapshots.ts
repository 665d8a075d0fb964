/**
 * `balanceSnapshots`: the account's balances per asset, kept up to date from the account events of
 * a user data stream.
 *
 * @module
 */
import type { Observable, OperatorFunction } from 'rxjs';
import type { GapEvent } from '../stream/lifecycle.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import type { Client } from '../client/types.js';
import { type DefaultsOf, group, optional, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, BOOLEAN, OBSERVABLE, type Rule } from '../settings/rules.js';
import { COALESCE, coalesceOption, type CoalesceOptions } from './coalesce.js';
import { BalanceBookState, type BalanceSnapshot } from './state/balance-book.js';
import type { BalanceSeed } from './state/balance-state.js';
import { refreshingReducer } from './refreshable.js';
import { accountBalancesRepair, CLIENT, ONE_SOURCE, REPAIR_BACKOFF_SETTINGS, type RepairBackoffOptions } from './repair.js';

/** Settings of {@link balanceSnapshots}. */
export interface BalanceSnapshotsOptions extends CoalesceOptions {
  /**
   * Balances to start from, requested at subscription (e.g. `getSubAccountAssets(client, {...})`,
   * M8; `locked` is taken as frozen). Its first value is applied, except for assets an account event
   * has updated since the request; until it arrives the snapshots are stale (the first, empty,
   * says `cause: 'seed-pending'`), and they stay stale, saying why, if it fails: add your own
   * retry. Default: none, start empty and fresh (only assets that change are known).
   */
  readonly seed?: Observable<readonly BalanceSeed[]> | undefined;
  /**
   * Fetches the balances again after a `gap` (events may have been lost). Applied like the seed;
   * it makes the snapshots fresh again, and a newer gap cancels it and asks again. Add your own
   * retry to it; if it fails, the snapshots stay stale and say why. Default: none, a gap leaves
   * the snapshots stale for good.
   */
  readonly resync?: ((gap: GapEvent) => Observable<readonly BalanceSeed[]>) | undefined;
  /**
   * Whether a seed or resync lists every asset the account holds. When `true`, an asset it leaves
   * out is removed, unless an account event of it arrived after the request. Default `true`.
   */
  readonly refreshListsAllAssets?: boolean | undefined;
  /**
   * Turnkey repair: the account's client (its own key, account-read permission). The balances are
   * read with `getAccount` (A1) at subscription and after every gap, through the client's request
   * budget, and a failed read is tried again (`repairBackoff`) until one succeeds; until then the
   * snapshots stay stale. Not together with `seed` or `resync` (one source only). Default: none.
   */
  readonly from?: Client | undefined;
  /** How a failed read of `from` is tried again (exponential backoff, equal jitter). */
  readonly repairBackoff?: RepairBackoffOptions | undefined;
}

/**
 * The defaults of {@link BalanceSnapshotsOptions}, each written here only: `BALANCE_SNAPSHOTS_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const BALANCE_SNAPSHOTS_DEFAULTS = {
  refreshListsAllAssets: true,
} as const satisfies DefaultsOf<BalanceSnapshotsOptions>;

/** The operator's settings: each rule and default. */
export const BALANCE_SNAPSHOTS_SETTINGS = settingsFor<BalanceSnapshotsOptions>()(
  {
    seed: optional(OBSERVABLE as Rule<Observable<readonly BalanceSeed[]>>),
    resync: optional(aFunction<(gap: GapEvent) => Observable<readonly BalanceSeed[]>>()),
    refreshListsAllAssets: setting(BOOLEAN, BALANCE_SNAPSHOTS_DEFAULTS.refreshListsAllAssets),
    coalesce: optional(COALESCE),
    from: optional(CLIENT),
    repairBackoff: group(REPAIR_BACKOFF_SETTINGS),
  },
  [ONE_SOURCE],
);

/**
 * Reduces a user data stream to the account's balances: emits a {@link BalanceSnapshot} at once
 * on subscription, then after every account event that changes a balance, and on the seed, every
 * gap and every resync. The first snapshot is synchronous: empty and fresh without a seed
 * (`cause: 'start'`), empty and stale while the seed is on its way (`cause: 'seed-pending'`).
 *
 * Each asset holds `free` (the AVAILABLE balance: `balanceAmount` on the wire is not the total),
 * `frozen`, and `total = free + frozen` computed exactly on decimals (no float ever touches it).
 * Reordered events never regress a balance: an event settled before the one that set the balance
 * is dropped (at the same millisecond, the events' changes tell which came first). After a `gap`
 * the snapshots say `stale: true` until a `resync` made after the gap succeeds. Snapshots are
 * immutable (a structure-sharing map: cheap to emit, safe to keep).
 *
 * With `from: client` the operator repairs itself: it reads the balances with the account's own
 * key (`getAccount`) at subscription and after every gap, waits for the client's request budget,
 * and tries a failed read again with backoff until one succeeds.
 *
 * @example
 * ```ts
 * import { createClient, userDataStream, balanceSnapshots } from 'mexc-rx';
 *
 * // Any account, a broker's or a master's sub-account too, with its own key.
 * const subAccount = createClient({ apiKey: 'mx0vgl...sub', secretKey: '...' });
 * userDataStream(subAccount)
 *   .pipe(balanceSnapshots({ from: subAccount }))
 *   .subscribe(({ balances, stale }) => {
 *     const usdt = balances.get('USDT');
 *     console.log(stale ? '(stale)' : '', usdt?.free, '+', usdt?.frozen, '=', usdt?.total);
 *   });
 * ```
 */
export function balanceSnapshots(options: BalanceSnapshotsOptions = {}): OperatorFunction<UserDataEvent, BalanceSnapshot> {
  const { seed, resync, coalesce, refreshListsAllAssets, from, repairBackoff } = resolveSettings(BALANCE_SNAPSHOTS_SETTINGS, options);
  const sources = from ? { seed: accountBalancesRepair(from, repairBackoff), resync: () => accountBalancesRepair(from, repairBackoff) } : { seed, resync };
  return refreshingReducer(() => new BalanceBookState({ refreshListsAllAssets }), sources, coalesceOption(coalesce));
}
