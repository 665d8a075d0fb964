/**
 * Run-time codecs of the library's normalized events (not the service's frames), as the bridge
 * carries them and the state operators' snapshots hold them (fills): every field checked,
 * unknown fields dropped.
 *
 * @module
 */
import * as t from 'io-ts';
import { NonNegativeDecimalString as Decimal, SignedDecimalString as SignedDecimal } from '../decimal/codec.js';
import { JSON_CHANNELS, PROTOBUF_CHANNELS } from './channels.js';
import type { AccountEvent, DealEvent, OrderEvent } from './events.js';
import { ORDER_STATUS_CODES } from './wire-codes.js';
import { Millis, optional, Text, thenCheck } from '../codecs/strict-primitives.js';

const channelOf = <K extends 'account' | 'deals' | 'orders'>(kind: K) =>
  t.keyof({ [PROTOBUF_CHANNELS[kind]]: null, [JSON_CHANNELS[kind]]: null } as Record<(typeof PROTOBUF_CHANNELS)[K] | (typeof JSON_CHANNELS)[K], null>);

/** A `Side`. */
export const SideCodec = t.keyof({ BUY: null, SELL: null });
/** An `OrderType`. */
export const OrderTypeCodec = t.keyof({ LIMIT: null, POST_ONLY: null, IOC: null, FOK: null, MARKET: null, STOP_LIMIT: null });
/** An `OrderStatus`. */
export const OrderStatusCodec = t.keyof({ NEW: null, FILLED: null, PARTIALLY_FILLED: null, CANCELED: null, PARTIALLY_CANCELED: null });
const StatusCode = t.union([t.literal(1), t.literal(2), t.literal(3), t.literal(4), t.literal(5)]);

/** An `account` event. */
export const AccountEventCodec: t.Decoder<unknown, AccountEvent> = t.exact(
  t.type({
    type: t.literal('account'),
    channel: channelOf('account'),
    asset: Text,
    coinId: t.string,
    // Balances as the service sent them, negative included (`AccountEvent.frozen`).
    free: SignedDecimal,
    freeChange: SignedDecimal,
    frozen: SignedDecimal,
    frozenChange: SignedDecimal,
    changeType: Text,
    time: Millis,
    sendTime: Millis,
    createTime: optional(Millis),
  }),
);

/** A `deal` event. */
export const DealEventCodec: t.Decoder<unknown, DealEvent> = t.exact(
  t.type({
    type: t.literal('deal'),
    channel: channelOf('deals'),
    symbol: Text,
    price: Decimal,
    quantity: Decimal,
    amount: Decimal,
    side: SideCodec,
    isMaker: t.boolean,
    isSelfTrade: t.boolean,
    tradeId: Text,
    orderId: Text,
    clientOrderId: optional(t.string),
    feeAmount: SignedDecimal,
    feeCurrency: t.string,
    time: Millis,
    sendTime: Millis,
  }),
);

const OrderFields = t.exact(
  t.type({
    type: t.literal('order'),
    channel: channelOf('orders'),
    symbol: Text,
    orderId: Text,
    clientOrderId: optional(t.string),
    price: Decimal,
    quantity: Decimal,
    amount: Decimal,
    avgPrice: Decimal,
    orderType: OrderTypeCodec,
    side: SideCodec,
    isMaker: t.boolean,
    remainAmount: Decimal,
    remainQuantity: Decimal,
    lastDealQuantity: optional(Decimal),
    cumulativeQuantity: Decimal,
    cumulativeAmount: Decimal,
    status: OrderStatusCodec,
    statusCode: StatusCode,
    createTime: Millis,
    sendTime: Millis,
  }),
);

/** An `order` event, whose `statusCode` must be the code of its `status`. */
export const OrderEventCodec: t.Decoder<unknown, OrderEvent> = thenCheck(OrderFields, 'OrderEvent', (order) =>
  ORDER_STATUS_CODES[order.status] === order.statusCode ? { value: order } : { path: 'statusCode', expected: `${ORDER_STATUS_CODES[order.status]} (the code of ${order.status})` },
);
