import { describe, expect, it } from '@jest/globals';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import type { FrameResult } from '../../src/stream/frame-result.js';
import { accountBody, accountFrame, dealBody, dealFrame, frame, orderBody, orderFrame } from './wire.js';

function expectMalformed(result: FrameResult, path: string): void {
  expect(result.kind).toBe('malformed');
  if (result.kind === 'malformed') {
    expect(result.reason.startsWith('protobuf: ')).toBe(true);
    expect(result.reason).toContain(`${path}: expected`);
  }
}

describe('decodeFrame on protobuf frames: the documented examples', () => {
  it('decodes the documented account example', () => {
    expect(decodeFrame(accountFrame())).toEqual({
      kind: 'event',
      event: {
        type: 'account',
        channel: 'spot@private.account.v3.api.pb',
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

  it('decodes the documented deal example (no clientOrderId, isMaker left out)', () => {
    expect(decodeFrame(dealFrame())).toEqual({
      kind: 'event',
      event: {
        type: 'deal',
        channel: 'spot@private.deals.v3.api.pb',
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
    expect(decodeFrame(orderFrame())).toEqual({
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

  it('ignores the optional order fields 17-26 and a frame’s symbolId', () => {
    const result = decodeFrame(
      orderFrame(
        { market: 'MX', triggerType: 1, triggerPrice: '3', state: 1, ocoId: 'o', routeFactor: 'r', symbolId: 's', marketId: 'm', marketCurrencyId: 'mc', currencyId: 'c' },
        { symbolId: 'abc' },
      ),
    );
    expect(result).toEqual(decodeFrame(orderFrame()));
  });

  it('accepts a negative change, a negative fee and a negative balance (the service has sent one), but no negative price', () => {
    expect(decodeFrame(accountFrame({ balanceAmountChange: '-5.5', frozenAmountChange: '-1' })).kind).toBe('event');
    expect(decodeFrame(dealFrame({ feeAmount: '-0.01' })).kind).toBe('event');
    expect(decodeFrame(accountFrame({ balanceAmount: '-1' }))).toMatchObject({ kind: 'event', event: { free: '-1' } });
    expect(decodeFrame(accountFrame({ frozenAmount: '-0.1' }))).toMatchObject({ kind: 'event', event: { frozen: '-0.1' } });
    expectMalformed(decodeFrame(dealFrame({ price: '-1' })), 'privateDeals.price');
  });

  it('treats an empty lastDealQuantity like an absent one', () => {
    const result = decodeFrame(orderFrame({ lastDealQuantity: '' }));
    expect(result).toMatchObject({ kind: 'event', event: { lastDealQuantity: undefined } });
    expect(decodeFrame(orderFrame({ lastDealQuantity: undefined }))).toEqual(result);
  });
});

describe('decodeFrame on protobuf frames: field rules', () => {
  const badDecimals = ['', 'abc', '1e5', '1.', '.5', ' 1', '1,5', '+1', 'NaN'];

  it.each([
    ['vcoinName', { vcoinName: '' }],
    ['coinId', { coinId: '' }],
    ['type', { type: '' }],
    ['time', { time: 0n }],
    ['time', { time: -1n }],
    ['time', { time: 2n ** 53n }],
  ] as const)('refuses an account frame with a bad %s', (field, body) => {
    expectMalformed(decodeFrame(accountFrame(body)), `privateAccount.${field}`);
  });

  it('refuses non-numeric decimals in every account decimal field', () => {
    for (const field of ['balanceAmount', 'balanceAmountChange', 'frozenAmount', 'frozenAmountChange'] as const) {
      for (const bad of badDecimals) expectMalformed(decodeFrame(accountFrame({ [field]: bad })), `privateAccount.${field}`);
    }
  });

  it('refuses an account frame without sendTime, or with a zero createTime', () => {
    expectMalformed(decodeFrame(accountFrame({}, { sendTime: undefined })), 'sendTime');
    expectMalformed(decodeFrame(accountFrame({}, { createTime: 0n })), 'createTime');
  });

  it.each([
    ['tradeType', { tradeType: 0 }],
    ['tradeType', { tradeType: 3 }],
    ['tradeType', { tradeType: -1 }],
    ['tradeId', { tradeId: '' }],
    ['orderId', { orderId: '' }],
    ['feeCurrency', { feeCurrency: '' }],
    ['time', { time: 0n }],
  ] as const)('refuses a deal frame with a bad %s', (field, body) => {
    expectMalformed(decodeFrame(dealFrame(body)), `privateDeals.${field}`);
  });

  it('refuses non-numeric and negative decimals in deal price, quantity and amount, and bad fees', () => {
    for (const field of ['price', 'quantity', 'amount'] as const) {
      for (const bad of [...badDecimals, '-1']) expectMalformed(decodeFrame(dealFrame({ [field]: bad })), `privateDeals.${field}`);
    }
    for (const bad of badDecimals) expectMalformed(decodeFrame(dealFrame({ feeAmount: bad })), 'privateDeals.feeAmount');
  });

  it('refuses a deal or order frame without symbol or sendTime', () => {
    expectMalformed(decodeFrame(dealFrame({}, { symbol: undefined })), 'symbol');
    expectMalformed(decodeFrame(dealFrame({}, { symbol: '' })), 'symbol');
    expectMalformed(decodeFrame(orderFrame({}, { symbol: undefined })), 'symbol');
    expectMalformed(decodeFrame(dealFrame({}, { sendTime: undefined })), 'sendTime');
    expectMalformed(decodeFrame(orderFrame({}, { sendTime: 0n })), 'sendTime');
  });

  it.each([
    ['id', { id: '' }],
    ['orderType', { orderType: 0 }],
    ['orderType', { orderType: 6 }],
    ['orderType', { orderType: 99 }],
    ['tradeType', { tradeType: 0 }],
    ['tradeType', { tradeType: 3 }],
    ['status', { status: 0 }],
    ['status', { status: 6 }],
    ['createTime', { createTime: 0n }],
    ['lastDealQuantity', { lastDealQuantity: 'x' }],
  ] as const)('refuses an order frame with a bad %s', (field, body) => {
    expectMalformed(decodeFrame(orderFrame(body)), `privateOrders.${field}`);
  });

  it('refuses non-numeric and negative decimals in every order decimal field', () => {
    const fields = ['price', 'quantity', 'amount', 'avgPrice', 'remainAmount', 'remainQuantity', 'cumulativeQuantity', 'cumulativeAmount'] as const;
    for (const field of fields) {
      for (const bad of [...badDecimals, '-1']) expectMalformed(decodeFrame(orderFrame({ [field]: bad })), `privateOrders.${field}`);
    }
  });

  it('never puts field values in the reason', () => {
    const result = decodeFrame(orderFrame({ price: 'secret-looking-value' }));
    expect(result.kind).toBe('malformed');
    if (result.kind === 'malformed') expect(result.reason).not.toContain('secret-looking-value');
  });
});

describe('decodeFrame on protobuf frames: channel and body', () => {
  it('refuses a body that does not match the channel kind', () => {
    const result = decodeFrame(frame({ channel: 'spot@private.account.v3.api.pb', sendTime: 1n, body: { case: 'privateDeals', value: dealBody } }));
    expect(result).toEqual({
      kind: 'malformed',
      reason: 'protobuf: privateAccount: expected for channel kind account, found body privateDeals',
      channel: 'spot@private.account.v3.api.pb',
    });
    expect(decodeFrame(frame({ channel: 'spot@private.orders.v3.api.pb', symbol: 'X', sendTime: 1n, body: { case: 'privateAccount', value: accountBody } })).kind).toBe(
      'malformed',
    );
    expect(decodeFrame(frame({ channel: 'spot@private.deals.v3.api.pb', symbol: 'X', sendTime: 1n, body: { case: 'privateOrders', value: orderBody } })).kind).toBe(
      'malformed',
    );
  });

  it('refuses a private channel without a body', () => {
    expect(decodeFrame(frame({ channel: 'spot@private.orders.v3.api.pb', symbol: 'MXUSDT', sendTime: 1n }))).toEqual({
      kind: 'malformed',
      reason: 'protobuf: privateOrders: expected for channel kind orders, found no body',
      channel: 'spot@private.orders.v3.api.pb',
    });
  });

  it('refuses a frame without a channel', () => {
    expect(decodeFrame(frame({ sendTime: 1n, body: { case: 'privateDeals', value: dealBody } }))).toEqual({
      kind: 'malformed',
      reason: 'protobuf: channel: expected non-empty text',
      channel: undefined,
    });
  });

  it('reports another channel as unknown, whatever body it carries', () => {
    // Field 302 (a public body) as an unknown length-delimited field: tag (302 << 3 | 2) = 2418.
    const publicBody = new Uint8Array([0xf2, 0x12, 0x03, 0x0a, 0x01, 0x31]);
    const channelOnly = frame({ channel: 'spot@public.aggre.deals.v3.api.pb@100ms@BTCUSDT', symbol: 'BTCUSDT' });
    const withPublicBody = new Uint8Array([...channelOnly, ...publicBody]);
    expect(decodeFrame(channelOnly)).toEqual({ kind: 'unknown', channel: 'spot@public.aggre.deals.v3.api.pb@100ms@BTCUSDT' });
    expect(decodeFrame(withPublicBody)).toEqual({ kind: 'unknown', channel: 'spot@public.aggre.deals.v3.api.pb@100ms@BTCUSDT' });
  });

  it('accepts the JSON form of a channel name inside a protobuf frame and keeps it', () => {
    const result = decodeFrame(dealFrame({}, { channel: 'spot@private.deals.v3.api' }));
    expect(result).toMatchObject({ kind: 'event', event: { type: 'deal', channel: 'spot@private.deals.v3.api' } });
  });

  it('skips unknown fields inside a body (a field the service may add later)', () => {
    const base = dealFrame();
    // Rebuild the frame with an extra field 40 (varint 7) appended to the deal body.
    const extra = frame({ channel: 'spot@private.deals.v3.api.pb', symbol: 'MXUSDT', sendTime: 1736417034332n });
    const body = decodeBody(base);
    const extended = new Uint8Array([...body, 0xc0, 0x02, 0x07]);
    const withExtra = new Uint8Array([...extra, 0x92, 0x13, extended.length, ...extended]);
    expect(decodeFrame(withExtra)).toEqual(decodeFrame(base));
  });
});

/** The bytes of the deal body (field 306) of a frame made by dealFrame(). */
function decodeBody(bytes: Uint8Array): Uint8Array {
  // Tag of field 306, wire type 2: (306 << 3) | 2 = 2450 = varint 0x92 0x13.
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] === 0x92 && bytes[i + 1] === 0x13) {
      const length = bytes[i + 2] ?? 0;
      return bytes.subarray(i + 3, i + 3 + length);
    }
  }
  throw new Error('no deal body');
}
