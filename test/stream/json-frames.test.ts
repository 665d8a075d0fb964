import { describe, expect, it } from '@jest/globals';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import type { FrameResult } from '../../src/stream/frame-result.js';

// The documented examples, written as JSON text with the field names of spec section 6.
const accountJson = {
  channel: 'spot@private.account.v3.api',
  createTime: 1736417034305,
  sendTime: 1736417034307,
  privateAccount: {
    vcoinName: 'USDT',
    coinId: '128f589271cb4951b03e71e6323eb7be',
    balanceAmount: '21.94210356004384',
    balanceAmountChange: '10',
    frozenAmount: '0',
    frozenAmountChange: '0',
    type: 'CONTRACT_TRANSFER',
    time: 1736416910000,
  },
};

const dealJson = {
  channel: 'spot@private.deals.v3.api',
  symbol: 'MXUSDT',
  sendTime: 1736417034332,
  privateDeals: {
    price: '1.6',
    quantity: '5',
    amount: '8',
    tradeType: 2,
    tradeId: '505979017439002624X1',
    orderId: 'C02__505979017439002624115',
    feeAmount: '0.0003998',
    feeCurrency: 'USDT',
    time: 1736417034280,
  },
};

const orderJson = {
  channel: 'spot@private.orders.v3.api',
  symbol: 'MXUSDT',
  sendTime: 1736417034332,
  privateOrders: {
    id: 'C02__505979017439002624115',
    price: '3.5121',
    quantity: '1',
    amount: '0',
    avgPrice: '3.6962',
    orderType: 1,
    tradeType: 1,
    remainAmount: '0',
    remainQuantity: '0',
    lastDealQuantity: '1',
    cumulativeQuantity: '1',
    cumulativeAmount: '3.6962',
    status: 2,
    createTime: 1736417034280,
  },
};

const decode = (value: unknown): FrameResult => decodeFrame(JSON.stringify(value));

function expectMalformed(result: FrameResult, fragment: string): void {
  expect(result.kind).toBe('malformed');
  if (result.kind === 'malformed') {
    expect(result.reason.startsWith('json: ')).toBe(true);
    expect(result.reason).toContain(fragment);
  }
}

describe('decodeFrame on JSON push frames', () => {
  it('decodes the documented account example', () => {
    expect(decode(accountJson)).toEqual({
      kind: 'event',
      event: {
        type: 'account',
        channel: 'spot@private.account.v3.api',
        asset: 'USDT',
        coinId: '128f589271cb4951b03e71e6323eb7be',
        free: '21.94210356004384',
        freeChange: '10',
        frozen: '0',
        frozenChange: '0',
        changeType: 'CONTRACT_TRANSFER',
        time: 1736416910000,
        sendTime: 1736417034307,
        createTime: 1736417034305,
      },
    });
  });

  it('decodes the documented deal example', () => {
    expect(decode(dealJson)).toEqual({
      kind: 'event',
      event: {
        type: 'deal',
        channel: 'spot@private.deals.v3.api',
        symbol: 'MXUSDT',
        price: '1.6',
        quantity: '5',
        amount: '8',
        side: 'SELL',
        isMaker: false,
        isSelfTrade: false,
        tradeId: '505979017439002624X1',
        orderId: 'C02__505979017439002624115',
        clientOrderId: undefined,
        feeAmount: '0.0003998',
        feeCurrency: 'USDT',
        time: 1736417034280,
        sendTime: 1736417034332,
      },
    });
  });

  it('decodes the documented order example', () => {
    expect(decode(orderJson)).toEqual({
      kind: 'event',
      event: {
        type: 'order',
        channel: 'spot@private.orders.v3.api',
        symbol: 'MXUSDT',
        orderId: 'C02__505979017439002624115',
        clientOrderId: undefined,
        price: '3.5121',
        quantity: '1',
        amount: '0',
        avgPrice: '3.6962',
        orderType: 'LIMIT',
        side: 'BUY',
        isMaker: false,
        remainAmount: '0',
        remainQuantity: '0',
        lastDealQuantity: '1',
        cumulativeQuantity: '1',
        cumulativeAmount: '3.6962',
        status: 'FILLED',
        statusCode: 2,
        createTime: 1736417034280,
        sendTime: 1736417034332,
      },
    });
  });

  it('accepts the tolerated spellings: quoted times and codes, numeric decimals, string flags, nulls', () => {
    const result = decode({
      ...dealJson,
      sendTime: '1736417034332',
      privateDeals: {
        ...dealJson.privateDeals,
        price: 1.6,
        tradeType: '2',
        time: '1736417034280',
        isMaker: 'true',
        isSelfTrade: null,
        clientOrderId: 'c-1',
      },
    });
    expect(result).toMatchObject({
      kind: 'event',
      event: { price: '1.6', side: 'SELL', time: 1736417034280, sendTime: 1736417034332, isMaker: true, isSelfTrade: false, clientOrderId: 'c-1' },
    });
    const order = decode({ ...orderJson, privateOrders: { ...orderJson.privateOrders, status: '4', orderType: '100', clientId: '', lastDealQuantity: null } });
    expect(order).toMatchObject({
      kind: 'event',
      event: { status: 'CANCELED', statusCode: 4, orderType: 'STOP_LIMIT', clientOrderId: undefined, lastDealQuantity: undefined },
    });
    const account = decode({ ...accountJson, createTime: null });
    expect(account).toMatchObject({ kind: 'event', event: { createTime: undefined } });
  });

  it('refuses wrong field types and values with the field’s path', () => {
    expectMalformed(decode({ ...dealJson, privateDeals: { ...dealJson.privateDeals, tradeType: 'SELL' } }), 'privateDeals.tradeType: expected TradeType');
    expectMalformed(decode({ ...dealJson, privateDeals: { ...dealJson.privateDeals, tradeType: 3 } }), 'privateDeals.tradeType');
    expectMalformed(decode({ ...dealJson, privateDeals: { ...dealJson.privateDeals, price: true } }), 'privateDeals.price: expected NonNegativeDecimal');
    expectMalformed(decode({ ...dealJson, privateDeals: { ...dealJson.privateDeals, price: '-1.6' } }), 'privateDeals.price');
    expectMalformed(decode({ ...dealJson, privateDeals: { ...dealJson.privateDeals, isMaker: 1 } }), 'privateDeals.isMaker');
    expectMalformed(decode({ ...dealJson, privateDeals: { ...dealJson.privateDeals, time: 1.5 } }), 'privateDeals.time: expected EpochMillis');
    expectMalformed(decode({ ...dealJson, privateDeals: { ...dealJson.privateDeals, time: -1 } }), 'privateDeals.time');
    expectMalformed(decode({ ...dealJson, symbol: '' }), 'symbol: expected NonEmptyText');
    expectMalformed(decode({ ...orderJson, privateOrders: { ...orderJson.privateOrders, status: 7 } }), 'privateOrders.status: expected OrderStatus');
    expectMalformed(decode({ ...orderJson, privateOrders: { ...orderJson.privateOrders, orderType: 0 } }), 'privateOrders.orderType: expected OrderType');
    expectMalformed(decode({ ...orderJson, privateOrders: { ...orderJson.privateOrders, avgPrice: 'n/a' } }), 'privateOrders.avgPrice');
    expectMalformed(decode({ ...orderJson, privateOrders: { ...orderJson.privateOrders, lastDealQuantity: 'x' } }), 'privateOrders.lastDealQuantity');
    expectMalformed(decode({ ...accountJson, privateAccount: { ...accountJson.privateAccount, balanceAmount: '1e3' } }), 'privateAccount.balanceAmount');
    expectMalformed(decode({ ...accountJson, createTime: 'yesterday' }), 'createTime');
  });

  it('refuses missing required fields, naming each', () => {
    const { sendTime: _s, ...noSendTime } = orderJson;
    expectMalformed(decode(noSendTime), 'sendTime: expected EpochMillis');
    const { id: _i, ...noId } = orderJson.privateOrders;
    expectMalformed(decode({ ...orderJson, privateOrders: noId }), 'privateOrders.id: expected NonEmptyText');
    const { symbol: _y, ...noSymbol } = dealJson;
    expectMalformed(decode(noSymbol), 'symbol');
  });

  it('refuses a body that is not an object', () => {
    expectMalformed(decode({ ...orderJson, privateOrders: 'x' }), 'privateOrders');
    expectMalformed(decode({ ...orderJson, privateOrders: [] }), 'privateOrders');
  });

  it('refuses a body that does not match the channel, and a missing body', () => {
    expect(decode({ ...dealJson, channel: 'spot@private.account.v3.api' })).toEqual({
      kind: 'malformed',
      reason: 'json: privateAccount: expected for channel kind account, found body privateDeals',
      channel: 'spot@private.account.v3.api',
    });
    expect(decode({ channel: 'spot@private.orders.v3.api', symbol: 'MXUSDT', sendTime: 1 })).toEqual({
      kind: 'malformed',
      reason: 'json: privateOrders: expected for channel kind orders, found no body',
      channel: 'spot@private.orders.v3.api',
    });
  });

  it('reports another channel as unknown, and refuses a channel that is not text', () => {
    expect(decode({ channel: 'spot@public.deals.v3.api@BTCUSDT', publicDeals: {} })).toEqual({ kind: 'unknown', channel: 'spot@public.deals.v3.api@BTCUSDT' });
    expectMalformed(decode({ ...dealJson, channel: 42 }), 'channel');
    expectMalformed(decode({ ...dealJson, channel: '' }), 'channel');
  });
});
