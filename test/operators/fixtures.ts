/**
 * Hand-made events of the user data stream for the operator tests: plain typed objects in the
 * shapes of src/stream/events.ts and src/stream/lifecycle.ts, with recognisable defaults that each
 * test overrides where it matters.
 */
import type { AccountEvent, DealEvent, OrderEvent, OrderStatus, OrderStatusCode } from '../../src/stream/events.js';
import type { GapEvent } from '../../src/stream/lifecycle.js';

export const T0 = 1_736_417_034_000;

const STATUS_CODES: Readonly<Record<OrderStatus, OrderStatusCode>> = {
  NEW: 1,
  FILLED: 2,
  PARTIALLY_FILLED: 3,
  CANCELED: 4,
  PARTIALLY_CANCELED: 5,
};

/** An order event; `status` sets `statusCode` to match. */
export function orderEvent(fields: Partial<OrderEvent> & Pick<OrderEvent, 'orderId'>): OrderEvent {
  const status = fields.status ?? 'NEW';
  const event: OrderEvent = {
    type: 'order',
    channel: 'spot@private.orders.v3.api.pb',
    symbol: 'MXUSDT',
    clientOrderId: undefined,
    price: '3.5',
    quantity: '10',
    amount: '35',
    avgPrice: '0',
    orderType: 'LIMIT',
    side: 'BUY',
    isMaker: true,
    remainAmount: '35',
    remainQuantity: '10',
    lastDealQuantity: undefined,
    cumulativeQuantity: '0',
    cumulativeAmount: '0',
    status,
    statusCode: STATUS_CODES[status],
    createTime: T0,
    sendTime: T0,
    ...fields,
  };
  return { ...event, statusCode: STATUS_CODES[event.status] };
}

/** A deal (fill) event. */
export function dealEvent(fields: Partial<DealEvent> & Pick<DealEvent, 'orderId' | 'tradeId'>): DealEvent {
  return {
    type: 'deal',
    channel: 'spot@private.deals.v3.api.pb',
    symbol: 'MXUSDT',
    price: '3.5',
    quantity: '1',
    amount: '3.5',
    side: 'BUY',
    isMaker: true,
    isSelfTrade: false,
    clientOrderId: undefined,
    feeAmount: '0.0035',
    feeCurrency: 'USDT',
    time: T0,
    sendTime: T0,
    ...fields,
  };
}

/** An account (balance) event. */
export function accountEvent(fields: Partial<AccountEvent> & Pick<AccountEvent, 'asset' | 'free' | 'frozen' | 'time'>): AccountEvent {
  return {
    type: 'account',
    channel: 'spot@private.account.v3.api.pb',
    coinId: '128f589271cb4951b03e71e6323eb7be',
    freeChange: '0',
    frozenChange: '0',
    changeType: 'ENTRUST',
    sendTime: fields.time + 5,
    createTime: undefined,
    ...fields,
  };
}

/** A gap: events between `from` and `to` may be lost. */
export function gapEvent(from: number, to: number): GapEvent {
  return { type: 'gap', from, to, reason: 'closed-by-server' };
}
