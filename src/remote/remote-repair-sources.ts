/**
 * `remoteRepairSources`: the account's balances and open orders read through the page's backend
 * (the broker's read-only routes), as the `seed` and `resync` of `balanceSnapshots` and
 * `reduceOrders`: a page repairs its state after a gap like any other client, without a secret.
 *
 * @module
 */
import type { Observable } from 'rxjs';
import type { ValidationIssue } from '../errors.js';
import type { BalanceSeed } from '../operators/state/balance-state.js';
import type { OrderSeed } from '../operators/state/order-state.js';
import { checkSettings, refuseIssues } from '../settings/resolve.js';
import { readBalances, readOpenOrders } from './answers.js';
import { abortable } from './abortable.js';
import { callBroker } from './broker-call.js';
import { BrokerError } from './broker-error.js';
import { BROKER_ROUTES, SYMBOLS_PARAM } from './protocol.js';
import { REMOTE_REPAIRS_SETTINGS, type RemoteRepairSourcesOptions } from './remote-repair-settings.js';
import { BROKER_URL, fetchOf, pageOf, routeUrl } from './remote-settings.js';

/** A state operator's `seed` and `resync`, read from the broker: spread it into the operator's options. */
export interface RemoteRepair<T> {
  /** The state to start from: one read per subscription. */
  readonly seed: Observable<readonly T[]>;
  /** The state after a gap: one read per call. */
  resync(): Observable<readonly T[]>;
}

/** The broker's repair reads (what {@link remoteRepairSources} returns). */
export interface RemoteRepairSources {
  /** The account's balances, for `balanceSnapshots`. */
  readonly balances: RemoteRepair<BalanceSeed>;
  /** The account's open orders (of the pairs asked for), for `reduceOrders`. */
  readonly orders: RemoteRepair<OrderSeed>;
}

function repair<T>(read: (signal: AbortSignal) => Promise<readonly T[]>): RemoteRepair<T> {
  const once = (): Observable<readonly T[]> => abortable(read);
  return { seed: once(), resync: once };
}

/**
 * The account's balances and open orders through the page's backend's broker at `url` (the
 * broker's `path`, or an absolute URL; a path is resolved against the page's location when read).
 * Each read is one GET: `{url}/balances`, `{url}/open-orders?symbols=...` (the pairs in `symbols`,
 * else those the broker is configured with). An answer that is not the broker's fails the read
 * with a {@link BrokerError}, and the operator stays stale until a later resync succeeds; so does a
 * read with no whole answer within `timeoutMs`. A read whose subscriber lets go is aborted.
 *
 * The open orders listed are those of the pairs read: with `reduceOrders`' default
 * `refreshListsAllOpenOrders: true`, an open order of another pair is removed, so read every pair
 * the account trades (or set that option to `false`).
 *
 * @throws ValidationError (operation `config`) when `url` or an option breaks its rule.
 * @example
 * ```ts
 * import { balanceSnapshots, reduceOrders, remoteListenKeys, remoteRepairSources, userDataStream } from 'mexc-rx';
 *
 * const repairs = remoteRepairSources('/api/mexc', { symbols: ['BTCUSDT'] });
 * const events$ = userDataStream(remoteListenKeys('/api/mexc'), { wsUrl: 'wss://wbs-api.mexc.com/ws' });
 * events$.pipe(balanceSnapshots(repairs.balances)).subscribe((book) => console.log(book.balances.size));
 * events$.pipe(reduceOrders(repairs.orders)).subscribe((book) => console.log(book.orders.size));
 * ```
 */
export function remoteRepairSources(url: string, options: RemoteRepairSourcesOptions = {}): RemoteRepairSources {
  const issues: ValidationIssue[] = BROKER_URL.accepts(url) ? [] : [{ field: 'url', rule: BROKER_URL.words }];
  const settings = checkSettings(REMOTE_REPAIRS_SETTINGS, options, issues);
  refuseIssues(issues);
  const fetch = fetchOf(settings.fetch);
  const page = pageOf(settings.page);

  const read = async <T>(route: string, query: string, readAnswer: (value: unknown) => readonly T[] | undefined, signal: AbortSignal): Promise<readonly T[]> => {
    const target = routeUrl(url, route, page);
    target.search = query;
    const answer = readAnswer(await callBroker(fetch, { method: 'GET', url: target, timeoutMs: settings.timeoutMs, signal, scheduler: settings.scheduler }));
    if (answer === undefined) throw new BrokerError({ method: 'GET', path: target.pathname, status: 200, problem: 'the answer is not the broker’s' });
    return answer;
  };
  const symbols = settings.symbols === undefined ? '' : new URLSearchParams({ [SYMBOLS_PARAM]: settings.symbols.join(',') }).toString();
  return {
    balances: repair((signal) => read(BROKER_ROUTES.balances, '', readBalances, signal)),
    orders: repair((signal) => read(BROKER_ROUTES.openOrders, symbols, readOpenOrders, signal)),
  };
}
