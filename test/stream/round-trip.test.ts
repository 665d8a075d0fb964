import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { JSON_CHANNELS, PROTOBUF_CHANNELS } from '../../src/stream/channels.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import type { MarketEvent, OrderStatus, OrderType } from '../../src/stream/events.js';
import { marketEventArbitrary } from './arbitraries.js';
import { accountEvent, dealEvent, orderEvent } from './fixtures.js';

describe('protobuf round trip', () => {
  it('decodes an account frame to the event it was encoded from', () => {
    expect(decodeFrame(encodePushFrame(accountEvent))).toEqual({ kind: 'event', event: accountEvent });
  });

  it('decodes a deal frame to the event it was encoded from', () => {
    expect(decodeFrame(encodePushFrame(dealEvent))).toEqual({ kind: 'event', event: dealEvent });
  });

  it('decodes an order frame to the event it was encoded from', () => {
    expect(decodeFrame(encodePushFrame(orderEvent))).toEqual({ kind: 'event', event: orderEvent });
  });

  it('defaults the channel to the kind’s .pb channel and keeps absent optional fields undefined', () => {
    const { channel: _a, createTime: _c, ...account } = accountEvent;
    expect(decodeFrame(encodePushFrame(account))).toEqual({
      kind: 'event',
      event: { ...accountEvent, channel: PROTOBUF_CHANNELS.account, createTime: undefined },
    });
    const { channel: _d, clientOrderId: _e, ...deal } = dealEvent;
    expect(decodeFrame(encodePushFrame({ ...deal, isMaker: false }))).toEqual({
      kind: 'event',
      event: { ...dealEvent, channel: PROTOBUF_CHANNELS.deals, clientOrderId: undefined, isMaker: false },
    });
    const { channel: _f, clientOrderId: _g, lastDealQuantity: _h, ...order } = orderEvent;
    expect(decodeFrame(encodePushFrame(order))).toEqual({
      kind: 'event',
      event: { ...orderEvent, channel: PROTOBUF_CHANNELS.orders, clientOrderId: undefined, lastDealQuantity: undefined },
    });
  });

  it('maps every order type and status both ways, with the status code kept', () => {
    const types: OrderType[] = ['LIMIT', 'POST_ONLY', 'IOC', 'FOK', 'MARKET', 'STOP_LIMIT'];
    const statuses: [OrderStatus, number][] = [
      ['NEW', 1],
      ['FILLED', 2],
      ['PARTIALLY_FILLED', 3],
      ['CANCELED', 4],
      ['PARTIALLY_CANCELED', 5],
    ];
    for (const orderType of types) {
      for (const [status, code] of statuses) {
        for (const side of ['BUY', 'SELL'] as const) {
          const event = { ...orderEvent, orderType, status, statusCode: code as 1 | 2 | 3 | 4 | 5, side };
          expect(decodeFrame(encodePushFrame(event))).toEqual({ kind: 'event', event });
        }
      }
    }
  });

  it('accepts the frame as Uint8Array, a view into a larger buffer, an ArrayBuffer and a Buffer', () => {
    const bytes = encodePushFrame(dealEvent);
    const expected = { kind: 'event', event: dealEvent };
    const padded = new Uint8Array(bytes.length + 10);
    padded.set(bytes, 5);
    expect(decodeFrame(padded.subarray(5, 5 + bytes.length))).toEqual(expected);
    expect(decodeFrame(bytes.slice().buffer)).toEqual(expected);
    expect(decodeFrame(Buffer.from(bytes))).toEqual(expected);
    const view = new DataView(padded.buffer, 5, bytes.length);
    expect(decodeFrame(view as unknown as Uint8Array)).toEqual(expected);
  });

  it('round-trips arbitrary valid events (fast-check, seeded)', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), (event: MarketEvent) => {
        expect(decodeFrame(encodePushFrame(event))).toEqual({ kind: 'event', event });
      }),
      { seed: 20250101, numRuns: 500 },
    );
  });
});

describe('JSON round trip', () => {
  it('decodes an account frame to the event it was encoded from', () => {
    const event = { ...accountEvent, channel: JSON_CHANNELS.account };
    expect(decodeFrame(encodeJsonFrame(event))).toEqual({ kind: 'event', event });
  });

  it('decodes a deal frame to the event it was encoded from', () => {
    const event = { ...dealEvent, channel: JSON_CHANNELS.deals };
    expect(decodeFrame(encodeJsonFrame(event))).toEqual({ kind: 'event', event });
  });

  it('decodes an order frame to the event it was encoded from', () => {
    const event = { ...orderEvent, channel: JSON_CHANNELS.orders };
    expect(decodeFrame(encodeJsonFrame(event))).toEqual({ kind: 'event', event });
  });

  it('defaults the channel to the kind’s JSON channel', () => {
    const { channel: _a, ...order } = orderEvent;
    const text = encodeJsonFrame(order);
    expect(JSON.parse(text)).toMatchObject({ channel: 'spot@private.orders.v3.api', symbol: 'MXUSDT' });
    expect(decodeFrame(text)).toEqual({ kind: 'event', event: { ...orderEvent, channel: JSON_CHANNELS.orders } });
  });

  it('writes the field names of spec section 6', () => {
    expect(JSON.parse(encodeJsonFrame(accountEvent))).toEqual({
      channel: 'spot@private.account.v3.api.pb',
      createTime: 1736417034305,
      sendTime: 1736417034307,
      privateAccount: {
        vcoinName: 'USDT',
        coinId: '128f589271cb4951b03e71e6323eb7be',
        balanceAmount: '21.94210356004384',
        balanceAmountChange: '-10',
        frozenAmount: '10',
        frozenAmountChange: '10',
        type: 'ENTRUST_PLACE',
        time: 1736416910000,
      },
    });
    expect(JSON.parse(encodeJsonFrame({ ...orderEvent, channel: JSON_CHANNELS.orders }))).toEqual({
      channel: 'spot@private.orders.v3.api',
      symbol: 'MXUSDT',
      sendTime: 1736417034332,
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
        createTime: 1736417034280,
      },
    });
  });

  it('round-trips arbitrary valid events (fast-check, seeded)', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), (event: MarketEvent) => {
        expect(decodeFrame(encodeJsonFrame(event))).toEqual({ kind: 'event', event });
      }),
      { seed: 20250102, numRuns: 500 },
    );
  });

  it('gives the same event from the protobuf and the JSON form, apart from the channel', () => {
    for (const event of [accountEvent, dealEvent, orderEvent]) {
      const fromProtobuf = decodeFrame(encodePushFrame(event));
      const fromJson = decodeFrame(encodeJsonFrame({ ...event, channel: JSON_CHANNELS[kindOf(event)] }));
      expect(fromJson.kind).toBe('event');
      if (fromJson.kind === 'event') expect(fromProtobuf).toEqual({ kind: 'event', event: { ...fromJson.event, channel: event.channel } });
    }
  });
});

function kindOf(event: MarketEvent): 'account' | 'deals' | 'orders' {
  return event.type === 'account' ? 'account' : event.type === 'deal' ? 'deals' : 'orders';
}
