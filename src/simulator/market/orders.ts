/**
 * The market driver's order book of one account: place a LIMIT order (locking quote for a buy,
 * base for a sell), fill it in parts at its price (moving base and quote, charging a fee in the
 * asset received), cancel it (unlocking the remainder). Each step checks everything before it
 * changes anything, then announces on `world.events`, in the order the service pushes: the order
 * (or the deal, then the order), then the balance changes.
 *
 * @module
 */
import type { Side } from '../../stream/events.js';
import { decimal, formatDecimal, multiplyDecimal } from '../../decimal/fixed.js';
import { SIM_CODES, SimError } from '../errors.js';
import { adjust, freeBalance } from '../ledger.js';
import type { SimOrder, World } from '../state.js';
import { orderChange } from './order-view.js';
import { parseSymbol } from './symbols.js';

/** First digits of order and trade ids (shaped like the service's `C02__505979017439002624115`). */
const ID_BASE = 505979017439002624000n;

/** A LIMIT order to place. */
export interface OrderRequest {
  /** Trading pair, e.g. `BTCUSDT`. */
  readonly symbol: string;
  readonly side: Side;
  /** Positive decimal text. */
  readonly price: string;
  /** Positive decimal text. */
  readonly quantity: string;
  readonly clientOrderId?: string | undefined;
}

function positive(text: string, what: string): bigint {
  const units = decimal(text);
  if (units <= 0n) throw new RangeError(`${what} must be positive: ${text}`);
  return units;
}

/**
 * Places a LIMIT order for `uid` and locks what it may spend; 10101 (changing nothing) when the
 * available balance is short.
 *
 * @example
 * ```ts
 * const order = placeOrder(world, uid, { symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' }, clock.now());
 * // 300 USDT moved from free to locked
 * ```
 */
export function placeOrder(world: World, uid: string, req: OrderRequest, now: number): SimOrder {
  const { baseAsset, quoteAsset } = parseSymbol(req.symbol);
  const price = positive(req.price, 'price');
  const quantity = positive(req.quantity, 'quantity');
  const lockAsset = req.side === 'BUY' ? quoteAsset : baseAsset;
  const lock = req.side === 'BUY' ? multiplyDecimal(price, quantity) : quantity;
  if (lock <= 0n) throw new RangeError('the order amount rounds to zero');
  if (freeBalance(world, uid, 'SPOT', lockAsset) < lock) {
    throw new SimError(SIM_CODES.insufficientBalance, `Insufficient balance of ${lockAsset} for the order`);
  }
  const order: SimOrder = {
    id: `C02__${ID_BASE + BigInt(world.next('order'))}`,
    uid,
    symbol: req.symbol,
    baseAsset,
    quoteAsset,
    side: req.side,
    orderType: 'LIMIT',
    price,
    quantity,
    clientOrderId: req.clientOrderId === '' ? undefined : req.clientOrderId,
    createTime: now,
    filledQuantity: 0n,
    filledAmount: 0n,
    status: 'NEW',
    updateTime: now,
    locked: lock,
  };
  world.orders.set(order.id, order);
  world.events.next(orderChange(order, undefined, now));
  adjust(world, { uid, accountType: 'SPOT', asset: lockAsset, freeChange: -lock, lockedChange: lock, reason: 'order-place', time: now });
  return order;
}

/**
 * The order `id`, which must still be open (NEW or PARTIALLY_FILLED).
 *
 * @example
 * ```ts
 * const order = openOrder(world, 'C02__505979017439002624001');
 * ```
 */
export function openOrder(world: World, id: string): SimOrder {
  const order = world.orders.get(id);
  if (order === undefined) throw new RangeError(`no such order: ${id}`);
  if (order.status !== 'NEW' && order.status !== 'PARTIALLY_FILLED') throw new RangeError(`order ${id} is ${order.status}`);
  return order;
}

/**
 * Fills `quantity` (default: all that remains) of an open order at its price, as the maker. The
 * buyer receives base minus a fee of `feeRate` of it; the seller receives quote minus `feeRate`
 * of it. Announces the deal, the order, then the balance changes.
 *
 * @example
 * ```ts
 * fillOrder(world, order.id, decimal('0.004'), decimal('0.001'), clock.now()); // PARTIALLY_FILLED
 * fillOrder(world, order.id, undefined, decimal('0.001'), clock.now()); // FILLED
 * ```
 */
export function fillOrder(world: World, id: string, quantity: bigint | undefined, feeRate: bigint, now: number): SimOrder {
  const order = openOrder(world, id);
  const remaining = order.quantity - order.filledQuantity;
  const fill = quantity ?? remaining;
  if (fill <= 0n || fill > remaining) throw new RangeError(`fill quantity must be above 0 and at most the remaining ${remaining}`);
  const amount = multiplyDecimal(order.price, fill);
  const buy = order.side === 'BUY';
  const fee = multiplyDecimal(buy ? fill : amount, feeRate);
  const unlock = buy ? (fill === remaining ? order.locked : amount) : fill;
  order.filledQuantity += fill;
  order.filledAmount += amount;
  order.locked -= unlock;
  order.status = order.filledQuantity === order.quantity ? 'FILLED' : 'PARTIALLY_FILLED';
  order.updateTime = now;
  const receive = buy ? order.baseAsset : order.quoteAsset;
  world.events.next({
    type: 'trade',
    uid: order.uid,
    symbol: order.symbol,
    price: formatDecimal(order.price),
    quantity: formatDecimal(fill),
    amount: formatDecimal(amount),
    side: order.side,
    isMaker: true,
    isSelfTrade: false,
    tradeId: `${ID_BASE / 1000n}X${world.next('trade')}`,
    orderId: order.id,
    clientOrderId: order.clientOrderId,
    feeAmount: formatDecimal(fee),
    feeCurrency: receive,
    time: now,
  });
  world.events.next(orderChange(order, fill, now));
  const base = { uid: order.uid, accountType: 'SPOT' as const, time: now };
  if (buy) {
    adjust(world, { ...base, asset: order.quoteAsset, freeChange: 0n, lockedChange: -unlock, reason: 'trade' });
    adjust(world, { ...base, asset: order.baseAsset, freeChange: fill, lockedChange: 0n, reason: 'trade' });
  } else {
    adjust(world, { ...base, asset: order.baseAsset, freeChange: 0n, lockedChange: -unlock, reason: 'trade' });
    adjust(world, { ...base, asset: order.quoteAsset, freeChange: amount, lockedChange: 0n, reason: 'trade' });
  }
  adjust(world, { ...base, asset: receive, freeChange: -fee, lockedChange: 0n, reason: 'trade-fee' });
  return order;
}

/**
 * Cancels an open order: CANCELED, or PARTIALLY_CANCELED when part of it was filled; what it
 * still held frozen goes back to the available balance. Announces the order, then the balance.
 *
 * @example
 * ```ts
 * cancelOrder(world, order.id, clock.now()).status; // 'CANCELED'
 * ```
 */
export function cancelOrder(world: World, id: string, now: number): SimOrder {
  const order = openOrder(world, id);
  const unlock = order.locked;
  order.locked = 0n;
  order.status = order.filledQuantity > 0n ? 'PARTIALLY_CANCELED' : 'CANCELED';
  order.updateTime = now;
  world.events.next(orderChange(order, undefined, now));
  const asset = order.side === 'BUY' ? order.quoteAsset : order.baseAsset;
  adjust(world, { uid: order.uid, accountType: 'SPOT', asset, freeChange: unlock, lockedChange: -unlock, reason: 'order-cancel', time: now });
  return order;
}
