/**
 * The account reads' results as the seeds of the state operators: `getAccount`'s balances for
 * `balanceSnapshots`, `listOpenOrders`' orders for `reduceOrders` (as `seed`, or from `resync`
 * after a gap). Every value the book holds is carried over exactly; the few it holds that the REST
 * answer does not carry are derived from it exactly (see {@link openOrderToSeed}).
 *
 * @module
 */
import type { Account, OpenOrder } from '../codecs/results.js';
import { compareDecimal, divideDecimalText, multiplyDecimalText, subtractDecimal } from '../decimal/arithmetic.js';
import type { OrderStatus, OrderType, Side } from '../stream/events.js';
import type { BalanceSeed } from './state/balance-state.js';
import type { OrderSeed } from './state/order-state.js';

/**
 * The REST names of order types, and the stream's names the book uses for them. `STOP_LIMIT` is
 * the stream's own name, taken as it is should the service list one.
 */
const ORDER_TYPES: ReadonlyMap<string, OrderType> = new Map<string, OrderType>([
  ['LIMIT', 'LIMIT'],
  ['MARKET', 'MARKET'],
  ['LIMIT_MAKER', 'POST_ONLY'],
  ['IMMEDIATE_OR_CANCEL', 'IOC'],
  ['FILL_OR_KILL', 'FOK'],
  ['STOP_LIMIT', 'STOP_LIMIT'],
]);

const STATUSES: ReadonlyMap<string, OrderStatus> = new Map<string, OrderStatus>(
  (['NEW', 'FILLED', 'PARTIALLY_FILLED', 'CANCELED', 'PARTIALLY_CANCELED'] as const).map((s) => [s, s]),
);

const SIDES: ReadonlyMap<string, Side> = new Map<string, Side>([
  ['BUY', 'BUY'],
  ['SELL', 'SELL'],
]);

/** Fraction digits of a derived average price (truncated, as the simulator's order pushes are). */
export const AVERAGE_PRICE_DIGITS = 30;

/**
 * The balances of an account read (`getAccount`) as `balanceSnapshots` seeds: `free` is the
 * available part, `locked` the frozen part, both exactly as read. An asset the read does not list
 * holds nothing.
 *
 * @example
 * ```ts
 * import { balanceSnapshots, getAccount, accountBalancesToSeeds, userDataStream } from 'mexc-rx';
 * import { map } from 'rxjs';
 *
 * const read = () => getAccount(client).pipe(map(accountBalancesToSeeds));
 * userDataStream(client).pipe(balanceSnapshots({ seed: read(), resync: read })).subscribe(render);
 * ```
 */
export function accountBalancesToSeeds(account: Pick<Account, 'balances'>): readonly BalanceSeed[] {
  return account.balances.map(({ asset, free, locked }) => ({ asset, free, locked }));
}

const atLeastZero = (value: string): string => (compareDecimal(value, '0') < 0 ? '0' : value);

/**
 * One open order (`listOpenOrders`) as a `reduceOrders` seed, or `undefined` when its type,
 * status or side is not one the order book knows (the service may add values; such an order is
 * never turned into a wrong one). Carried as read: id, client id, symbol, side, price, quantity
 * (`origQty`), filled quantity (`executedQty`) and amount (`cumulativeQuoteQty`), status, creation
 * time (`time`), and the time of the state (`updateTime`, else `time`). The REST type names become
 * the stream's (`LIMIT_MAKER` is `POST_ONLY`, `IMMEDIATE_OR_CANCEL` `IOC`, `FILL_OR_KILL` `FOK`).
 * Derived exactly, as the order pushes define them: `amount` is `price * origQty` for a priced
 * order (else the quote quantity ordered), `remainQuantity` is `origQty - executedQty`,
 * `remainAmount` is `price * remainQuantity` (else what is left of the amount), `avgPrice` is
 * `cumulativeQuoteQty / executedQty` truncated to {@link AVERAGE_PRICE_DIGITS} digits (`0`
 * before the first fill). Fills are not part of the REST answer: the book keeps those it has.
 *
 * @example
 * ```ts
 * openOrderToSeed(order)?.remainQuantity; // '0.006' for an order of 0.01 with 0.004 filled
 * ```
 */
export function openOrderToSeed(order: OpenOrder): OrderSeed | undefined {
  const orderType = ORDER_TYPES.get(order.type);
  const status = STATUSES.get(order.status);
  const side = SIDES.get(order.side);
  if (orderType === undefined || status === undefined || side === undefined) return undefined;
  const priced = compareDecimal(order.price, '0') > 0;
  const amount = priced ? multiplyDecimalText(order.price, order.origQty) : (order.origQuoteOrderQty ?? '0');
  const remainQuantity = atLeastZero(subtractDecimal(order.origQty, order.executedQty));
  return {
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    side,
    orderType,
    price: order.price,
    quantity: order.origQty,
    amount,
    status,
    cumulativeQuantity: order.executedQty,
    cumulativeAmount: order.cumulativeQuoteQty,
    remainQuantity,
    remainAmount: priced ? multiplyDecimalText(order.price, remainQuantity) : atLeastZero(subtractDecimal(amount, order.cumulativeQuoteQty)),
    avgPrice: divideDecimalText(order.cumulativeQuoteQty, order.executedQty, AVERAGE_PRICE_DIGITS),
    createTime: order.time,
    updatedAt: order.updateTime ?? order.time,
  };
}

/** Open orders as seeds, and those that could not be (an unknown type, status or side). */
export interface OpenOrderSeeds {
  /** One seed per order that converted, in the order listed. */
  readonly seeds: readonly OrderSeed[];
  /** The orders that did not convert, as read: report them, never drop them silently. */
  readonly unconverted: readonly OpenOrder[];
}

/**
 * The open orders of `listOpenOrders` as `reduceOrders` seeds ({@link openOrderToSeed} for each).
 *
 * @example
 * ```ts
 * import { listOpenOrders, openOrdersToSeeds, reduceOrders, userDataStream } from 'mexc-rx';
 * import { map } from 'rxjs';
 *
 * const read = () => listOpenOrders(client, { symbol: 'BTCUSDT' }).pipe(map((orders) => openOrdersToSeeds(orders).seeds));
 * userDataStream(client).pipe(reduceOrders({ seed: read(), resync: read })).subscribe(render);
 * ```
 */
export function openOrdersToSeeds(orders: readonly OpenOrder[]): OpenOrderSeeds {
  const seeds: OrderSeed[] = [];
  const unconverted: OpenOrder[] = [];
  for (const order of orders) {
    const seed = openOrderToSeed(order);
    if (seed === undefined) unconverted.push(order);
    else seeds.push(seed);
  }
  return { seeds, unconverted };
}
