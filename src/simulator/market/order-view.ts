/**
 * How an order of the market driver looks from outside: the admin view (decimal text) and the
 * order push it causes (spec 6.3).
 *
 * @module
 */
import type { OrderStatus, OrderType, Side } from '../../stream/events.js';
import { divideDecimal, formatDecimal, multiplyDecimal } from '../../decimal/fixed.js';
import type { OrderChangeEvent, SimOrder } from '../state.js';

/** An order as the admin interface shows it; amounts are decimal text. */
export interface OrderView {
  readonly orderId: string;
  readonly clientOrderId: string | undefined;
  /** Owner's uid. */
  readonly uid: string;
  readonly symbol: string;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  readonly side: Side;
  readonly orderType: OrderType;
  readonly price: string;
  readonly quantity: string;
  /** `price * quantity`. */
  readonly amount: string;
  readonly status: OrderStatus;
  readonly filledQuantity: string;
  /** Quote amount filled so far. */
  readonly filledAmount: string;
  /** Still frozen for the order: quote for a buy, base for a sell. */
  readonly locked: string;
  readonly createTime: number;
  readonly updateTime: number;
}

/**
 * The admin view of an order.
 *
 * @example
 * ```ts
 * orderView(world.orders.get('C02__505979017439002624001')!).status; // 'NEW'
 * ```
 */
export function orderView(o: SimOrder): OrderView {
  return {
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    uid: o.uid,
    symbol: o.symbol,
    baseAsset: o.baseAsset,
    quoteAsset: o.quoteAsset,
    side: o.side,
    orderType: o.orderType,
    price: formatDecimal(o.price),
    quantity: formatDecimal(o.quantity),
    amount: formatDecimal(multiplyDecimal(o.price, o.quantity)),
    status: o.status,
    filledQuantity: formatDecimal(o.filledQuantity),
    filledAmount: formatDecimal(o.filledAmount),
    locked: formatDecimal(o.locked),
    createTime: o.createTime,
    updateTime: o.updateTime,
  };
}

/**
 * The order event a change of `o` announces. `remainQuantity` is the part never filled (it stays
 * on a canceled order), `avgPrice` is `0` before the first fill.
 *
 * @example
 * ```ts
 * world.events.next(orderChange(order, '0.5', clock.now()));
 * ```
 */
export function orderChange(o: SimOrder, lastDealQuantity: bigint | undefined, time: number): OrderChangeEvent {
  const remain = o.quantity - o.filledQuantity;
  return {
    type: 'order',
    uid: o.uid,
    symbol: o.symbol,
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    price: formatDecimal(o.price),
    quantity: formatDecimal(o.quantity),
    amount: formatDecimal(multiplyDecimal(o.price, o.quantity)),
    avgPrice: formatDecimal(divideDecimal(o.filledAmount, o.filledQuantity)),
    orderType: o.orderType,
    side: o.side,
    isMaker: true,
    remainAmount: formatDecimal(multiplyDecimal(o.price, remain)),
    remainQuantity: formatDecimal(remain),
    lastDealQuantity: lastDealQuantity === undefined ? undefined : formatDecimal(lastDealQuantity),
    cumulativeQuantity: formatDecimal(o.filledQuantity),
    cumulativeAmount: formatDecimal(o.filledAmount),
    status: o.status,
    createTime: o.createTime,
    time,
  };
}
