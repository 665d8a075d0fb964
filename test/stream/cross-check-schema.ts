/**
 * The cross-check's own reading of the binary format: a protobufjs schema written here by hand (a
 * JSON descriptor typed from docs/service.md, not generated from tools/proto/), and the event <->
 * wire mapping written again, separately from src/, so the encoder and the decoder cannot share one
 * mistake.
 */
import protobuf from 'protobufjs';
import type { MarketEvent } from '../../src/stream/events.js';

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

export type Wire = Record<string, unknown>;

/** protobufjs decode, int64 as decimal strings, absent fields left out. */
export function readWithProtobufjs(bytes: Uint8Array): Wire {
  return Frame.toObject(Frame.decode(bytes), { longs: String }) as Wire;
}

export function writeWithProtobufjs(wire: Wire): Uint8Array {
  return Frame.encode(Frame.fromObject(wire)).finish();
}

export const SIDES = { BUY: 1, SELL: 2 } as const;
export const TYPES = { LIMIT: 1, POST_ONLY: 2, IOC: 3, FOK: 4, MARKET: 5, STOP_LIMIT: 100 } as const;
export const STATUSES = { NEW: 1, FILLED: 2, PARTIALLY_FILLED: 3, CANCELED: 4, PARTIALLY_CANCELED: 5 } as const;

/** The wire object of an event, every field written (defaults included), int64 as strings. */
export function eventToWire(event: MarketEvent): Wire {
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
export function withoutDefaults(wire: Wire): Wire {
  const out: Wire = {};
  for (const [key, value] of Object.entries(wire)) {
    if (value === '' || value === false || value === 0) continue;
    out[key] = typeof value === 'object' && value !== null ? withoutDefaults(value as Wire) : value;
  }
  return out;
}
