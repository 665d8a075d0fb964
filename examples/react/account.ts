/**
 * The backend's set-up, through the library's public REST functions: a sub-account of the
 * simulator's master account, an API key of its own, and funds moved to it. Both keys stay here,
 * on the server; the page only ever sees listen keys.
 */
import { firstValueFrom } from 'rxjs';
import { createSubAccount, createSubAccountApiKey, universalTransfer, type Client } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { simClient } from '../browser/account.js';

/** The sub-account the page watches (8 to 32 letters and digits). */
export const REACT_ACCOUNT = 'reactdemo01';

/** What the set-up made: the sub-account's name, and the clients that act for it. */
export interface FundedSubAccount {
  readonly name: string;
  /** The master account's client (it made the sub-account). */
  readonly master: Client;
  /** The sub-account's own client: the broker makes the page's listen keys and reads with it. */
  readonly trader: Client;
  /** The sub-account's API key and secret, server-side only (the test checks they never reach the page). */
  readonly credentials: { readonly apiKey: string; readonly secretKey: string };
}

/**
 * Creates the sub-account, gives it a read-and-trade API key, and funds it with 25000 USDT and 1.5 BTC.
 *
 * @example
 * ```ts
 * const account = await setUpSubAccount(sim);
 * const broker = createListenKeyBroker(account.trader, { path: '/api/mexc' });
 * ```
 */
export async function setUpSubAccount(sim: Simulator): Promise<FundedSubAccount> {
  const master = simClient(sim, sim.master);
  const { subAccount } = await firstValueFrom(createSubAccount(master, { subAccount: REACT_ACCOUNT, note: 'react example' }));
  const key = await firstValueFrom(
    createSubAccountApiKey(master, { subAccount, note: 'react example', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ', 'SPOT_DEAL_WRITE'] }),
  );
  const fund = (asset: string, amount: string): Promise<unknown> =>
    firstValueFrom(universalTransfer(master, { toAccount: subAccount, fromAccountType: 'SPOT', toAccountType: 'SPOT', asset, amount }));
  await fund('USDT', '25000');
  await fund('BTC', '1.5');
  return { name: subAccount, master, trader: simClient(sim, key), credentials: { apiKey: key.apiKey, secretKey: key.secretKey } };
}
