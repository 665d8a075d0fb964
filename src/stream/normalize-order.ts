/**
 * The order push (`privateOrders`, spec 6.3) -> {@link OrderEvent}: every field's rule, written
 * once for protobuf and JSON frames alike.
 *
 * @module
 */
import type { PrivateOrdersV3Api } from '../gen/mexc/push_data_v3_pb.js';
import type { PrivateChannel } from './channels.js';
import type { OrderEvent } from './events.js';
import {
  epochMillis,
  flag,
  nonEmptyText,
  nonNegativeDecimal,
  optionalNonNegativeDecimal,
  optionalText,
  orderStatusCode,
  orderTypeCode,
  type Refusal,
  sideCode,
  type EnvelopeFields,
  type WireFields,
} from './field-rules.js';
import { ORDER_STATUS_CODES } from './wire-codes.js';

/** The order body's fields as the wire gives them (fields 17-26 are not read). */
export type OrderFields = WireFields<PrivateOrdersV3Api>;

/**
 * Checks an order push field by field and builds the event, or returns the first field that
 * breaks its rule.
 *
 * @example
 * ```ts
 * const result = normalizeOrder('spot@private.orders.v3.api', frame, frame.privateOrders);
 * if (isRefusal(result)) report(result.path);
 * ```
 */
export function normalizeOrder(channel: PrivateChannel, envelope: EnvelopeFields, b: OrderFields): OrderEvent | Refusal {
  const sendTime = epochMillis(envelope.sendTime, 'sendTime');
  if (typeof sendTime === 'object') return sendTime;
  const symbol = nonEmptyText(envelope.symbol, 'symbol');
  if (typeof symbol === 'object') return symbol;
  const orderId = nonEmptyText(b.id, 'privateOrders.id');
  if (typeof orderId === 'object') return orderId;
  const clientOrderId = optionalText(b.clientId, 'privateOrders.clientId');
  if (typeof clientOrderId === 'object') return clientOrderId;
  const price = nonNegativeDecimal(b.price, 'privateOrders.price');
  if (typeof price === 'object') return price;
  const quantity = nonNegativeDecimal(b.quantity, 'privateOrders.quantity');
  if (typeof quantity === 'object') return quantity;
  const amount = nonNegativeDecimal(b.amount, 'privateOrders.amount');
  if (typeof amount === 'object') return amount;
  const avgPrice = nonNegativeDecimal(b.avgPrice, 'privateOrders.avgPrice');
  if (typeof avgPrice === 'object') return avgPrice;
  const orderType = orderTypeCode(b.orderType, 'privateOrders.orderType');
  if (typeof orderType === 'object') return orderType;
  const side = sideCode(b.tradeType, 'privateOrders.tradeType');
  if (typeof side === 'object') return side;
  const isMaker = flag(b.isMaker, 'privateOrders.isMaker');
  if (typeof isMaker === 'object') return isMaker;
  const remainAmount = nonNegativeDecimal(b.remainAmount, 'privateOrders.remainAmount');
  if (typeof remainAmount === 'object') return remainAmount;
  const remainQuantity = nonNegativeDecimal(b.remainQuantity, 'privateOrders.remainQuantity');
  if (typeof remainQuantity === 'object') return remainQuantity;
  const lastDealQuantity = optionalNonNegativeDecimal(b.lastDealQuantity, 'privateOrders.lastDealQuantity');
  if (typeof lastDealQuantity === 'object') return lastDealQuantity;
  const cumulativeQuantity = nonNegativeDecimal(b.cumulativeQuantity, 'privateOrders.cumulativeQuantity');
  if (typeof cumulativeQuantity === 'object') return cumulativeQuantity;
  const cumulativeAmount = nonNegativeDecimal(b.cumulativeAmount, 'privateOrders.cumulativeAmount');
  if (typeof cumulativeAmount === 'object') return cumulativeAmount;
  const status = orderStatusCode(b.status, 'privateOrders.status');
  if (typeof status === 'object') return status;
  const createTime = epochMillis(b.createTime, 'privateOrders.createTime');
  if (typeof createTime === 'object') return createTime;
  return {
    type: 'order',
    channel,
    symbol,
    orderId,
    clientOrderId,
    price,
    quantity,
    amount,
    avgPrice,
    orderType,
    side,
    isMaker,
    remainAmount,
    remainQuantity,
    lastDealQuantity,
    cumulativeQuantity,
    cumulativeAmount,
    status,
    statusCode: ORDER_STATUS_CODES[status],
    createTime,
    sendTime,
  };
}
