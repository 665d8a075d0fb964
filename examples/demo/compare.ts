/**
 * The demo's proof: after the session, the state the operators built from the stream equals the
 * simulator's own view of the account's balances and orders.
 */
import { type BalanceSnapshot, type OrderBook } from '../../src/index.js';
import { compareDecimal } from '../../src/decimal/index.js';
import type { Simulator } from '../../src/simulator/index.js';

/** Differences between the operators' state and the simulator's; empty when they agree. */
export function differences(sim: Simulator, account: string, balances: BalanceSnapshot | undefined, orders: OrderBook | undefined): string[] {
  const out: string[] = [];
  for (const b of sim.admin.balances(account, 'SPOT')) {
    const mine = balances?.balances.get(b.asset);
    if (!mine) out.push(`balance ${b.asset}: missing`);
    else if (compareDecimal(mine.free, b.free) !== 0 || compareDecimal(mine.frozen, b.locked) !== 0) out.push(`balance ${b.asset}: stream ${mine.free}/${mine.frozen}, simulator ${b.free}/${b.locked}`);
  }
  for (const o of sim.market.orders(account)) {
    const mine = orders?.orders.get(o.orderId);
    if (!mine || mine.placeholder) out.push(`order ${o.orderId}: missing`);
    else if (mine.status !== o.status || compareDecimal(mine.cumulativeQuantity, o.filledQuantity) !== 0) {
      out.push(`order ${o.orderId}: stream ${mine.status} ${mine.cumulativeQuantity}, simulator ${o.status} ${o.filledQuantity}`);
    }
  }
  if (balances?.stale) out.push('balances still stale');
  if (orders?.stale) out.push('orders still stale');
  return out;
}
