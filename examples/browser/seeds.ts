/**
 * What the page's state operators start from and resync from after a gap, read on the server:
 * balances over REST (M8, getSubAccountAssets, called by the master account, as a real backend
 * would), orders from the simulator's own view (the spec's API has no order query; a real backend
 * would use its exchange order endpoint here).
 */
import { firstValueFrom } from 'rxjs';
import { getSubAccountAssets, type BalanceSeed, type Client, type OrderSeed } from '../../src/index.js';
import { compareDecimal, subtractDecimal } from '../../src/decimal/index.js';
import type { Simulator } from '../../src/simulator/index.js';

/**
 * The sub-account's balances, as seeds for balanceSnapshots.
 *
 * @example
 * ```ts
 * const balances = await balanceSeeds(account.master, account.name);
 * ```
 */
export async function balanceSeeds(master: Client, subAccount: string): Promise<BalanceSeed[]> {
  const balances = await firstValueFrom(getSubAccountAssets(master, { subAccount }));
  return balances.map((b) => ({ asset: b.asset, free: b.free, locked: b.locked }));
}

/**
 * The account's orders as the simulator holds them, as seeds for reduceOrders.
 *
 * @example
 * ```ts
 * const orders = orderSeeds(sim, account.name);
 * ```
 */
export function orderSeeds(sim: Simulator, account: string): OrderSeed[] {
  return sim.market.orders(account).map((o) => ({
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    orderType: o.orderType,
    price: o.price,
    quantity: o.quantity,
    amount: o.amount,
    status: o.status,
    cumulativeQuantity: o.filledQuantity,
    cumulativeAmount: o.filledAmount,
    remainQuantity: subtractDecimal(o.quantity, o.filledQuantity),
    remainAmount: subtractDecimal(o.amount, o.filledAmount),
    // The simulator fills LIMIT orders at their price.
    avgPrice: compareDecimal(o.filledQuantity, '0') > 0 ? o.price : '0',
    createTime: o.createTime,
    updatedAt: o.updateTime,
  }));
}
