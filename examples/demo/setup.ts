/**
 * The demo's first act, all through the library's public REST functions: a sub-account, an API
 * key for it, and funds moved to it.
 */
import { concatMap, firstValueFrom, map } from 'rxjs';
import {
  createClient,
  createSubAccount,
  createSubAccountApiKey,
  universalTransfer,
  type Client,
} from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';

/** The sub-account the demo trades with (8 to 32 letters and digits). */
export const DEMO_ACCOUNT = 'demotrader01';

/** What the set-up made. */
export interface DemoAccount {
  readonly master: Client;
  readonly trader: Client;
  readonly name: string;
  readonly transfers: readonly string[];
}

/** A client of the simulator with the given keys, on the simulator's clock. */
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
 * Creates the sub-account, gives it an API key, and funds it with USDT and BTC.
 *
 * @example
 * ```ts
 * const { trader } = await setUpAccount(sim, (line) => console.log(line));
 * ```
 */
export async function setUpAccount(sim: Simulator, say: (line: string) => void): Promise<DemoAccount> {
  const master = simClient(sim, sim.master);
  const { subAccount } = await firstValueFrom(createSubAccount(master, { subAccount: DEMO_ACCOUNT, note: 'demo strategy' }));
  say(`created sub-account ${subAccount}`);
  const key = await firstValueFrom(
    createSubAccountApiKey(master, {
      subAccount,
      note: 'demo key',
      permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ', 'SPOT_DEAL_WRITE'],
    }),
  );
  say(`created its API key (${key.permissions.join(', ')})`);
  const transfers = await firstValueFrom(
    universalTransfer(master, { toAccount: subAccount, fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '25000' }).pipe(
      concatMap((usdt) =>
        universalTransfer(master, { toAccount: subAccount, fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'BTC', amount: '1.5' }).pipe(
          map((btc) => [usdt.tranId, btc.tranId]),
        ),
      ),
    ),
  );
  say(`transferred 25000 USDT and 1.5 BTC to it (transfers ${transfers.join(', ')})`);
  return { master, trader: simClient(sim, key), name: subAccount, transfers };
}
