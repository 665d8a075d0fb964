/**
 * Sub-accounts as a broker back office makes them, through the API: each created (B2), given its
 * own key with the permissions to stream and to read itself (B5), and funded from the broker's
 * account (B13), every call inside the broker client's request budget. A master holds at most 30
 * sub-accounts (the service refuses the 31st with 730100): many accounts belong to a broker.
 *
 * @module
 */
import { concatMap, forkJoin, from, lastValueFrom, map, mergeMap, toArray, type Observable } from 'rxjs';
import { brokerCreateSubAccount, brokerCreateSubAccountApiKey, brokerUniversalTransfer, type Client } from '../src/index.js';

/** A sub-account made for a benchmark, with its own key. */
export interface BrokerSubAccount {
  readonly name: string;
  readonly apiKey: string;
  readonly secretKey: string;
}

/** Accounts set up at once (each a chain of calls); the budget spreads their calls anyway. */
const AT_ONCE = 64;

/** The permissions of a streaming account's key: listen keys and balances (account read), open orders (deal read). */
const STREAM_PERMISSIONS = ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ'] as const;

function oneAccount(broker: Client, name: string, funds: Readonly<Record<string, string>>): Observable<BrokerSubAccount> {
  return brokerCreateSubAccount(broker, { subAccount: name, note: 'bench' }).pipe(
    concatMap(() => brokerCreateSubAccountApiKey(broker, { subAccount: name, note: 'stream', permissions: [...STREAM_PERMISSIONS] })),
    concatMap((key) =>
      forkJoin(Object.entries(funds).map(([asset, amount]) => brokerUniversalTransfer(broker, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: name, asset, amount }))).pipe(
        map(() => ({ name, apiKey: key.apiKey, secretKey: key.secretKey })),
      ),
    ),
  );
}

/**
 * Creates `names` under the broker of `broker`, each keyed and funded with `funds` (asset to amount).
 *
 * @example
 * ```ts
 * const accounts = await createBrokerSubAccounts(broker, ['bench00000'], { USDT: '1000', BTC: '1' });
 * ```
 */
export function createBrokerSubAccounts(broker: Client, names: readonly string[], funds: Readonly<Record<string, string>>): Promise<BrokerSubAccount[]> {
  return lastValueFrom(from(names).pipe(mergeMap((name) => oneAccount(broker, name, funds), AT_ONCE), toArray()));
}
