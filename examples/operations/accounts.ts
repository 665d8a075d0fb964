/**
 * The broker's sub-accounts, made as a broker back office makes them, through the API: each
 * created (B2), given a key of its own that may stream and read itself (B5), and funded from the
 * broker's account (B13). Every call goes through the broker client's request budget.
 */
import { concatMap, forkJoin, from, lastValueFrom, map, mergeMap, toArray, type Observable } from 'rxjs';
import { brokerCreateSubAccount, brokerCreateSubAccountApiKey, brokerUniversalTransfer, type Client } from '../../src/index.js';

/** A sub-account with its own API key. The key and secret stay in this process. */
export interface SubAccount {
  readonly name: string;
  readonly apiKey: string;
  readonly secretKey: string;
}

/** What each sub-account is funded with, so the market driver can trade on it. */
export const SUB_ACCOUNT_FUNDS: Readonly<Record<string, string>> = { USDT: '20000', BTC: '1' };

/** A stream needs listen keys (account read) and nothing that moves money. */
const STREAM_PERMISSIONS = ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ'] as const;

/** Accounts set up at once; the budget spreads their calls within the service's limits anyway. */
const AT_ONCE = 16;

/**
 * The names of `count` sub-accounts: `opsdesk001`, `opsdesk002`, ... (8 to 32 letters and digits).
 *
 * @example
 * ```ts
 * subAccountNames(2); // ['opsdesk001', 'opsdesk002']
 * ```
 */
export function subAccountNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `opsdesk${String(index + 1).padStart(3, '0')}`);
}

function setUpOne(broker: Client, name: string): Observable<SubAccount> {
  const fund = (asset: string, amount: string): Observable<unknown> =>
    brokerUniversalTransfer(broker, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: name, asset, amount });
  return brokerCreateSubAccount(broker, { subAccount: name, note: 'operations example' }).pipe(
    concatMap(() => brokerCreateSubAccountApiKey(broker, { subAccount: name, note: 'stream', permissions: [...STREAM_PERMISSIONS] })),
    concatMap((key) => forkJoin(Object.entries(SUB_ACCOUNT_FUNDS).map(([asset, amount]) => fund(asset, amount))).pipe(map(() => key))),
    map((key) => ({ name, apiKey: key.apiKey, secretKey: key.secretKey })),
  );
}

/**
 * Creates `names` under the broker of `broker`, each with a key and {@link SUB_ACCOUNT_FUNDS}.
 *
 * @example
 * ```ts
 * const accounts = await createSubAccounts(broker, subAccountNames(50));
 * ```
 */
export function createSubAccounts(broker: Client, names: readonly string[]): Promise<SubAccount[]> {
  return lastValueFrom(from(names).pipe(mergeMap((name) => setUpOne(broker, name), AT_ONCE), toArray()));
}

/**
 * What the broker's account must hold to fund `count` sub-accounts with {@link SUB_ACCOUNT_FUNDS}.
 *
 * @example
 * ```ts
 * brokerFundsFor(50); // { USDT: '1000000', BTC: '50' }
 * ```
 */
export function brokerFundsFor(count: number): Record<string, string> {
  return Object.fromEntries(Object.entries(SUB_ACCOUNT_FUNDS).map(([asset, amount]) => [asset, String(BigInt(amount) * BigInt(count))]));
}
