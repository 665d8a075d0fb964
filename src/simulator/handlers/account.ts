/**
 * Handlers of the account reads A1-A2: the caller's own account, whatever its kind (master, broker,
 * or a sub-account of either, with its own key), answered from the ledger and the market driver's
 * orders in the shapes the service documents (docs/service.md, "Account reads").
 *
 * @module
 */
import { A1, A2 } from '../../endpoints/account.js';
import { formatDecimal } from '../../decimal/fixed.js';
import { balancesOf } from '../ledger.js';
import type { SimOrder, World } from '../state.js';
import { handler, type Handler } from './handler.js';

/** The statuses of an order that is still open. */
const OPEN = new Set(['NEW', 'PARTIALLY_FILLED']);

/**
 * The caller's open orders of `symbol`, oldest first.
 *
 * @example
 * ```ts
 * openOrdersOf(world, caller.uid, 'BTCUSDT').length; // 2
 * ```
 */
export function openOrdersOf(world: World, uid: string, symbol: string): readonly SimOrder[] {
  return [...world.orders.values()].filter((o) => o.uid === uid && o.symbol === symbol && OPEN.has(o.status));
}

/** An order as `GET /api/v3/openOrders` lists it (the service's spelling, `cummulativeQuoteQty` included). */
const openOrderShape = (o: SimOrder): Record<string, unknown> => ({
  symbol: o.symbol,
  orderId: o.id,
  orderListId: -1,
  clientOrderId: o.clientOrderId ?? null,
  price: formatDecimal(o.price),
  origQty: formatDecimal(o.quantity),
  executedQty: formatDecimal(o.filledQuantity),
  cummulativeQuoteQty: formatDecimal(o.filledAmount),
  status: o.status,
  timeInForce: 'GTC',
  type: o.orderType,
  side: o.side,
  stopPrice: '0',
  icebergQty: '0',
  time: o.createTime,
  updateTime: o.updateTime,
  isWorking: true,
  origQuoteOrderQty: '0',
});

/** A1-A2. */
export const accountHandlers = {
  A1: handler(A1, (_params, { world, caller }) => ({
    // A frozen account's key is refused before any handler runs, so a caller here may trade.
    canTrade: true,
    canWithdraw: true,
    canDeposit: true,
    updateTime: null,
    accountType: 'SPOT',
    balances: balancesOf(world, caller.uid, 'SPOT').map((b) => ({ asset: b.asset, free: b.free, locked: b.locked })),
    permissions: ['SPOT'],
  })),

  A2: handler(A2, ({ symbol }, { world, caller }) => openOrdersOf(world, caller.uid, symbol).map(openOrderShape)),
} satisfies Readonly<Record<string, Handler>>;
