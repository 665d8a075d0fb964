/**
 * Independent cross-check of the binary format: protobufjs, loading a schema written here by hand
 * (a JSON descriptor typed from docs/service.md, not generated from tools/proto/), reads what encodePushFrame
 * writes, and writes frames that decodeFrame reads. The event <-> wire mapping (cross-check-schema.ts)
 * is written again, separately from src/, so the encoder and the decoder cannot share one mistake.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { eventToWire, readWithProtobufjs, withoutDefaults, writeWithProtobufjs, type Wire } from './cross-check-schema.js';
import { marketEventArbitrary } from './arbitraries.js';
import { accountEvent, dealEvent, orderEvent } from './fixtures.js';

describe('protobufjs with a hand-written schema reads frames from encodePushFrame', () => {
  it('reads the account fixture field by field', () => {
    expect(readWithProtobufjs(encodePushFrame(accountEvent))).toEqual({
      channel: 'spot@private.account.v3.api.pb',
      createTime: '1736417034305',
      sendTime: '1736417034307',
      privateAccount: {
        vcoinName: 'USDT',
        coinId: '128f589271cb4951b03e71e6323eb7be',
        balanceAmount: '21.94210356004384',
        balanceAmountChange: '-10',
        frozenAmount: '10',
        frozenAmountChange: '10',
        type: 'ENTRUST_PLACE',
        time: '1736416910000',
      },
    });
  });

  it('reads the deal fixture field by field (false left out, as proto3 does)', () => {
    expect(readWithProtobufjs(encodePushFrame(dealEvent))).toEqual({
      channel: 'spot@private.deals.v3.api.pb',
      symbol: 'MXUSDT',
      sendTime: '1736417034332',
      privateDeals: {
        price: '1.6',
        quantity: '5',
        amount: '8',
        tradeType: 2,
        isMaker: true,
        tradeId: '505979017439002624X1',
        clientOrderId: 'my-order-7',
        orderId: 'C02__505979017439002624115',
        feeAmount: '0.0003998',
        feeCurrency: 'USDT',
        time: '1736417034280',
      },
    });
  });

  it('reads the order fixture field by field', () => {
    expect(readWithProtobufjs(encodePushFrame(orderEvent))).toEqual({
      channel: 'spot@private.orders.v3.api.pb',
      symbol: 'MXUSDT',
      sendTime: '1736417034332',
      privateOrders: {
        id: 'C02__505979017439002624115',
        clientId: 'my-order-7',
        price: '3.5121',
        quantity: '2',
        amount: '7.0242',
        avgPrice: '3.6962',
        orderType: 2,
        tradeType: 1,
        isMaker: true,
        remainAmount: '3.5121',
        remainQuantity: '1',
        lastDealQuantity: '1',
        cumulativeQuantity: '1',
        cumulativeAmount: '3.6962',
        status: 3,
        createTime: '1736417034280',
      },
    });
  });

  it('reads arbitrary events as the independent mapping says (500 seeded runs)', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), (event) => {
        expect(readWithProtobufjs(encodePushFrame(event))).toEqual(withoutDefaults(eventToWire(event)));
      }),
      { seed: 31, numRuns: 500 },
    );
  });
});

describe('decodeFrame reads frames written by protobufjs with a hand-written schema', () => {
  it('reads the documented order example, written with every default explicit', () => {
    const bytes = writeWithProtobufjs({
      channel: 'spot@private.orders.v3.api.pb',
      symbol: 'MXUSDT',
      sendTime: '1736417034332',
      privateOrders: {
        id: 'C02__505979017439002624115',
        clientId: '',
        price: '3.5121',
        quantity: '1',
        amount: '0',
        avgPrice: '3.6962',
        orderType: 1,
        tradeType: 1,
        isMaker: false,
        remainAmount: '0',
        remainQuantity: '0',
        lastDealQuantity: '1',
        cumulativeQuantity: '1',
        cumulativeAmount: '3.6962',
        status: 2,
        createTime: '1736417034280',
        market: 'MXUSDT',
        triggerType: 0,
        ocoId: '',
      },
    });
    expect(decodeFrame(bytes)).toEqual({
      kind: 'event',
      event: {
        type: 'order',
        channel: 'spot@private.orders.v3.api.pb',
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

  it('reads the documented deal and account examples', () => {
    const deal = writeWithProtobufjs({
      channel: 'spot@private.deals.v3.api.pb',
      symbol: 'MXUSDT',
      symbolId: 'abc',
      sendTime: '1736417034332',
      privateDeals: {
        price: '1.6',
        quantity: '5',
        amount: '8',
        tradeType: 2,
        tradeId: '505979017439002624X1',
        orderId: 'C02__505979017439002624115',
        feeAmount: '0.0003998',
        feeCurrency: 'USDT',
        time: '1736417034280',
      },
    });
    expect(decodeFrame(deal)).toMatchObject({
      kind: 'event',
      event: { type: 'deal', side: 'SELL', price: '1.6', orderId: 'C02__505979017439002624115', isMaker: false, clientOrderId: undefined, time: 1736417034280 },
    });
    const account = writeWithProtobufjs({
      channel: 'spot@private.account.v3.api.pb',
      createTime: '1736417034305',
      sendTime: '1736417034307',
      privateAccount: {
        vcoinName: 'USDT',
        coinId: '128f589271cb4951b03e71e6323eb7be',
        balanceAmount: '21.94210356004384',
        balanceAmountChange: '10',
        frozenAmount: '0',
        frozenAmountChange: '0',
        type: 'CONTRACT_TRANSFER',
        time: '1736416910000',
      },
    });
    expect(decodeFrame(account)).toMatchObject({
      kind: 'event',
      event: { type: 'account', asset: 'USDT', free: '21.94210356004384', freeChange: '10', frozen: '0', changeType: 'CONTRACT_TRANSFER', createTime: 1736417034305 },
    });
  });

  it('reads arbitrary events written from the independent mapping (500 seeded runs)', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), (event) => {
        expect(decodeFrame(writeWithProtobufjs(eventToWire(event)))).toEqual({ kind: 'event', event });
      }),
      { seed: 32, numRuns: 500 },
    );
  });

  it('refuses protobufjs frames that break a rule', () => {
    const base = eventToWire(orderEvent);
    const order = base['privateOrders'] as Wire;
    expect(decodeFrame(writeWithProtobufjs({ ...base, privateOrders: { ...order, status: 9 } }))).toMatchObject({
      kind: 'malformed',
      reason: 'protobuf: privateOrders.status: expected a known code (1-5)',
    });
    expect(decodeFrame(writeWithProtobufjs({ ...base, privateOrders: { ...order, tradeType: -2 } }))).toMatchObject({
      kind: 'malformed',
      reason: 'protobuf: privateOrders.tradeType: expected a known code (1, 2)',
    });
    expect(decodeFrame(writeWithProtobufjs({ ...base, sendTime: '-5' }))).toMatchObject({ kind: 'malformed', reason: 'protobuf: sendTime: expected epoch milliseconds' });
  });
});
