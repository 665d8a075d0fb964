/**
 * Independent cross-check of the binary format: protobufjs, loading a schema written here by hand
 * (a JSON descriptor typed from docs/service.md, not generated from tools/proto/), reads what encodePushFrame
 * writes, and writes frames that decodeFrame reads. The event <-> wire mapping below is written
 * again, separately from src/, so the encoder and the decoder cannot share one mistake.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import type { MarketEvent } from '../../src/stream/events.js';
import { marketEventArbitrary } from './arbitraries.js';
import { accountEvent, dealEvent, orderEvent } from './fixtures.js';

const str = (id: number): { type: string; id: number } => ({ type: 'string', id });
const root = protobuf.Root.fromJSON({
  nested: {
    Frame: {
      oneofs: { body: { oneof: ['privateOrders', 'privateDeals', 'privateAccount'] } },
      fields: {
        channel: str(1),
        symbol: str(3),
        symbolId: str(4),
        createTime: { type: 'int64', id: 5 },
        sendTime: { type: 'int64', id: 6 },
        privateOrders: { type: 'Orders', id: 304 },
        privateDeals: { type: 'Deals', id: 306 },
        privateAccount: { type: 'Account', id: 307 },
      },
    },
    Account: {
      fields: {
        vcoinName: str(1),
        coinId: str(2),
        balanceAmount: str(3),
        balanceAmountChange: str(4),
        frozenAmount: str(5),
        frozenAmountChange: str(6),
        type: str(7),
        time: { type: 'int64', id: 8 },
      },
    },
    Deals: {
      fields: {
        price: str(1),
        quantity: str(2),
        amount: str(3),
        tradeType: { type: 'int32', id: 4 },
        isMaker: { type: 'bool', id: 5 },
        isSelfTrade: { type: 'bool', id: 6 },
        tradeId: str(7),
        clientOrderId: str(8),
        orderId: str(9),
        feeAmount: str(10),
        feeCurrency: str(11),
        time: { type: 'int64', id: 12 },
      },
    },
    Orders: {
      fields: {
        id: str(1),
        clientId: str(2),
        price: str(3),
        quantity: str(4),
        amount: str(5),
        avgPrice: str(6),
        orderType: { type: 'int32', id: 7 },
        tradeType: { type: 'int32', id: 8 },
        isMaker: { type: 'bool', id: 9 },
        remainAmount: str(10),
        remainQuantity: str(11),
        lastDealQuantity: str(12),
        cumulativeQuantity: str(13),
        cumulativeAmount: str(14),
        status: { type: 'int32', id: 15 },
        createTime: { type: 'int64', id: 16 },
        market: str(17),
        triggerType: { type: 'int32', id: 18 },
        triggerPrice: str(19),
        state: { type: 'int32', id: 20 },
        ocoId: str(21),
        routeFactor: str(22),
        symbolId: str(23),
        marketId: str(24),
        marketCurrencyId: str(25),
        currencyId: str(26),
      },
    },
  },
});
const Frame = root.lookupType('Frame');

type Wire = Record<string, unknown>;

/** protobufjs decode, int64 as decimal strings, absent fields left out. */
function readWithProtobufjs(bytes: Uint8Array): Wire {
  return Frame.toObject(Frame.decode(bytes), { longs: String }) as Wire;
}

function writeWithProtobufjs(wire: Wire): Uint8Array {
  return Frame.encode(Frame.fromObject(wire)).finish();
}

const SIDES = { BUY: 1, SELL: 2 } as const;
const TYPES = { LIMIT: 1, POST_ONLY: 2, IOC: 3, FOK: 4, MARKET: 5, STOP_LIMIT: 100 } as const;
const STATUSES = { NEW: 1, FILLED: 2, PARTIALLY_FILLED: 3, CANCELED: 4, PARTIALLY_CANCELED: 5 } as const;

/** The wire object of an event, every field written (defaults included), int64 as strings. */
function eventToWire(event: MarketEvent): Wire {
  switch (event.type) {
    case 'account':
      return {
        channel: event.channel,
        ...(event.createTime === undefined ? {} : { createTime: String(event.createTime) }),
        sendTime: String(event.sendTime),
        privateAccount: {
          vcoinName: event.asset,
          coinId: event.coinId,
          balanceAmount: event.free,
          balanceAmountChange: event.freeChange,
          frozenAmount: event.frozen,
          frozenAmountChange: event.frozenChange,
          type: event.changeType,
          time: String(event.time),
        },
      };
    case 'deal':
      return {
        channel: event.channel,
        symbol: event.symbol,
        sendTime: String(event.sendTime),
        privateDeals: {
          price: event.price,
          quantity: event.quantity,
          amount: event.amount,
          tradeType: SIDES[event.side],
          isMaker: event.isMaker,
          isSelfTrade: event.isSelfTrade,
          tradeId: event.tradeId,
          clientOrderId: event.clientOrderId ?? '',
          orderId: event.orderId,
          feeAmount: event.feeAmount,
          feeCurrency: event.feeCurrency,
          time: String(event.time),
        },
      };
    case 'order':
      return {
        channel: event.channel,
        symbol: event.symbol,
        sendTime: String(event.sendTime),
        privateOrders: {
          id: event.orderId,
          clientId: event.clientOrderId ?? '',
          price: event.price,
          quantity: event.quantity,
          amount: event.amount,
          avgPrice: event.avgPrice,
          orderType: TYPES[event.orderType],
          tradeType: SIDES[event.side],
          isMaker: event.isMaker,
          remainAmount: event.remainAmount,
          remainQuantity: event.remainQuantity,
          ...(event.lastDealQuantity === undefined ? {} : { lastDealQuantity: event.lastDealQuantity }),
          cumulativeQuantity: event.cumulativeQuantity,
          cumulativeAmount: event.cumulativeAmount,
          status: STATUSES[event.status],
          createTime: String(event.createTime),
        },
      };
  }
}

/** What a proto3 writer puts on the wire for an event: the wire object without default values. */
function withoutDefaults(wire: Wire): Wire {
  const out: Wire = {};
  for (const [key, value] of Object.entries(wire)) {
    if (value === '' || value === false || value === 0) continue;
    out[key] = typeof value === 'object' && value !== null ? withoutDefaults(value as Wire) : value;
  }
  return out;
}

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
