/**
 * Where the demo's state operators resync from after a gap: balances from the service (M8,
 * getSubAccountAssets, as a real app would); orders from the simulator's own view, because the
 * spec's API has no order query (a real app would use its exchange order endpoint here). The
 * mapping of a simulator order to a seed is the browser example's (`examples/browser/seeds.ts`).
 */
import { defer, map, of, type Observable } from 'rxjs';
import { getSubAccountAssets, type BalanceSeed, type Client, type OrderSeed } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { orderSeeds } from '../browser/seeds.js';

/** The sub-account's balances over REST (M8, called by the master account). */
export function balancesFromRest(master: Client, subAccount: string): Observable<readonly BalanceSeed[]> {
  return getSubAccountAssets(master, { subAccount }).pipe(map((balances) => balances.map((b) => ({ asset: b.asset, free: b.free, locked: b.locked }))));
}

/** The account's orders as the simulator holds them, read at subscription, as seeds for reduceOrders. */
export function ordersFromSimulator(sim: Simulator, account: string): Observable<OrderSeed[]> {
  return defer(() => of(orderSeeds(sim, account)));
}
