/**
 * The bridge's market message ids are stored by JetStream (its duplicate window): a worker whose
 * ids differ from those of the worker it replaces, or runs beside, stores every push of that
 * window twice. These ids were computed by the bridge's code of 27 November 2026 (ids with
 * occurrence indexes); they must not change unless the docs announce a new id format. The
 * events are written out here, not taken from the shared fixtures, so that editing a fixture
 * cannot move them.
 */
import { describe, expect, it } from '@jest/globals';
import { marketIdentity, messageId } from '../../src/bridge/message-id.js';
import type { AccountEvent, DealEvent, MarketEvent, OrderEvent } from '../../src/stream/events.js';

const publisher = { worker: 'w0', run: 'r1' };

const balance: AccountEvent = {
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

const fill: DealEvent = {
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

const order: OrderEvent = {
  type: 'order',
  channel: 'spot@private.orders.v3.api.pb',
  symbol: 'MXUSDT',
  orderId: 'C02__505979017439002624115',
  clientOrderId: undefined,
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

const id = (account: string, event: MarketEvent, occurrence = 0): string => messageId({ account, event }, publisher, 1, occurrence);

describe('market message ids, as stored in JetStream', () => {
  it('are the ids the bridge has always given these pushes', () => {
    expect(id('strategy01', balance)).toBe('mexc1:account:1ebcfcf466aa54095c548def5484');
    expect(id('sub.ä/"x', fill, 2)).toBe('mexc1:deal:0e54a5a748b96b1520c5aaada700:2');
    expect(id('strategy01', order)).toBe('mexc1:order:0bf10b0fe3f11b08fe9df733ad30');
  });

  it('are the same for the copy on the JSON channel, without a field left undefined, sent later', () => {
    const copy: AccountEvent = { ...balance, channel: 'spot@private.account.v3.api', sendTime: balance.sendTime + 40, createTime: undefined };
    expect(id('strategy01', copy, 1)).toBe('mexc1:account:00979e78ab28b60dac5a5f127a57:1');
    const { createTime: _left, ...withoutCreateTime } = balance;
    expect(id('strategy01', withoutCreateTime as MarketEvent, 1)).toBe('mexc1:account:00979e78ab28b60dac5a5f127a57:1');
  });

  it('hash this identity of the content: the account, then the fields by name, without sendTime and channel', () => {
    expect(marketIdentity('strategy01', fill)).toBe(
      '["strategy01",[["amount","8"],["clientOrderId","my-order-7"],["feeAmount","0.0003998"],["feeCurrency","USDT"],' +
        '["isMaker",true],["isSelfTrade",false],["orderId","C02__505979017439002624115"],["price","1.6"],["quantity","5"],' +
        '["side","SELL"],["symbol","MXUSDT"],["time",1736417034280],["tradeId","505979017439002624X1"],["type","deal"]]]',
    );
  });
});
