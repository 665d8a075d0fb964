/**
 * The backend's set-up, all through the library's public REST functions: a sub-account of the
 * simulator's master account, an API key for it, and funds moved to it. The keys stay here, on
 * the server.
 */
import { firstValueFrom } from 'rxjs';
import { createClient, createSubAccount, createSubAccountApiKey, universalTransfer, type Client } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';

/** The sub-account the page watches (8 to 32 letters and digits). */
export const EXAMPLE_ACCOUNT = 'browserdemo01';

/** What the set-up made. */
export interface ExampleAccount {
  /** The sub-account's name. */
  readonly name: string;
  /** The master account's client: reads the sub-account's balances (M8). */
  readonly master: Client;
  /** The sub-account's own client: manages its listen keys. */
  readonly trader: Client;
  /** The sub-account's API key and secret, server-side only (tests check they never reach the page). */
  readonly credentials: { readonly apiKey: string; readonly secretKey: string };
}

/**
 * A client of the simulator with the given keys, on the simulator's clock.
 *
 * @example
 * ```ts
 * const master = simClient(sim, sim.master);
 * ```
 */
export function simClient(sim: Simulator, keys: { readonly apiKey: string; readonly secretKey: string }): Client {
  return createClient({
    baseUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    apiKey: keys.apiKey,
    secretKey: keys.secretKey,
    clock: () => sim.clock.now(),
    scheduler: sim.scheduler,
  });
}

/**
 * Creates the sub-account, gives it an API key, and funds it with 25000 USDT and 1.5 BTC.
 *
 * @example
 * ```ts
 * const account = await setUpFundedAccount(sim);
 * createListenKey(account.trader).subscribe(({ listenKey }) => console.log(listenKey));
 * ```
 */
export async function setUpFundedAccount(sim: Simulator): Promise<ExampleAccount> {
  const master = simClient(sim, sim.master);
  const { subAccount } = await firstValueFrom(createSubAccount(master, { subAccount: EXAMPLE_ACCOUNT, note: 'browser example' }));
  const key = await firstValueFrom(
    createSubAccountApiKey(master, { subAccount, note: 'browser example', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ', 'SPOT_DEAL_WRITE'] }),
  );
  const fund = (asset: string, amount: string): Promise<unknown> =>
    firstValueFrom(universalTransfer(master, { toAccount: subAccount, fromAccountType: 'SPOT', toAccountType: 'SPOT', asset, amount }));
  await fund('USDT', '25000');
  await fund('BTC', '1.5');
  return { name: subAccount, master, trader: simClient(sim, key), credentials: { apiKey: key.apiKey, secretKey: key.secretKey } };
}
