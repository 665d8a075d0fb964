/**
 * Where the demo's state operators resync from after a gap: balances from the service (M8,
 * getSubAccountAssets, as a real app would); orders from the simulator's own view, because the
 * spec's API has no order query (a real app would use its exchange order endpoint here).
 */
import { defer, map, of, type Observable } from 'rxjs';
import { compareDecimal, getSubAccountAssets, subtractDecimal, type BalanceSeed, type Client, type OrderSeed } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';

/** The sub-account's balances over REST (M8, called by the master account). */
export function balancesFromRest(master: Client, subAccount: string): Observable<readonly BalanceSeed[]> {
  return getSubAccountAssets(master, { subAccount }).pipe(map((balances) => balances.map((b) => ({ asset: b.asset, free: b.free, locked: b.locked }))));
}

/** The account's orders as the simulator holds them, as seeds for reduceOrders. */
export function ordersFromSimulator(sim: Simulator, account: string): Observable<OrderSeed[]> {
  return defer(() =>
    of(
      sim.market.orders(account).map(
        (o): OrderSeed => ({
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
        }),
      ),
    ),
  );
}
