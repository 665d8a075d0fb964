/**
 * Sample events for the frame tests, with the values of MEXC's documented examples.
 */
import type { AccountEvent, DealEvent, OrderEvent } from '../../src/stream/events.js';

export const accountEvent: AccountEvent = {
  type: 'account',
  channel: 'spot@private.account.v3.api.pb',
  asset: 'USDT',
  coinId: '128f589271cb4951b03e71e6323eb7be',
  free: '21.94210356004384',
  freeChange: '-10',
  frozen: '10',
  frozenChange: '10',
  changeType: 'ENTRUST_PLACE',
  time: 1736416910000,
  sendTime: 1736417034307,
  createTime: 1736417034305,
};

export const dealEvent: DealEvent = {
  type: 'deal',
  channel: 'spot@private.deals.v3.api.pb',
  symbol: 'MXUSDT',
  price: '1.6',
  quantity: '5',
  amount: '8',
  side: 'SELL',
  isMaker: true,
  isSelfTrade: false,
  tradeId: '505979017439002624X1',
  orderId: 'C02__505979017439002624115',
  clientOrderId: 'my-order-7',
  feeAmount: '0.0003998',
  feeCurrency: 'USDT',
  time: 1736417034280,
  sendTime: 1736417034332,
};

export const orderEvent: OrderEvent = {
  type: 'order',
  channel: 'spot@private.orders.v3.api.pb',
  symbol: 'MXUSDT',
  orderId: 'C02__505979017439002624115',
  clientOrderId: 'my-order-7',
  price: '3.5121',
  quantity: '2',
  amount: '7.0242',
  avgPrice: '3.6962',
  orderType: 'POST_ONLY',
  side: 'BUY',
  isMaker: true,
  remainAmount: '3.5121',
  remainQuantity: '1',
  lastDealQuantity: '1',
  cumulativeQuantity: '1',
  cumulativeAmount: '3.6962',
  status: 'PARTIALLY_FILLED',
  statusCode: 3,
  createTime: 1736417034280,
  sendTime: 1736417034332,
};
