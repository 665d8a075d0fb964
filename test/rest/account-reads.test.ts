/**
 * The account reads A1 `getAccount` and A2 `listOpenOrders` offline: their rows (weight, rate,
 * permission, source), the request each sends, every spelling of the answer the service may use
 * (docs/service.md, "Account reads"), and the parameter rules that refuse a call before it is sent.
 */
import { describe, expect, it } from '@jest/globals';
import { DecodeError, endpointTable, getAccount, listOpenOrders, ValidationError, type ListOpenOrdersParams } from '../../src/index.js';
import { fakeFetch, json, text } from '../support/fake-fetch.js';
import { errorOf, makeClient, queryPairs, resultOf } from '../support/harness.js';
import { ACCOUNT_EXAMPLE, decodeVia, OPEN_ORDER_EXAMPLE } from '../support/operations.js';

/**
 * A1's answer to `body`, from a client without a request budget: these tests call A1 many times in
 * a row, which the budget would rightly spread at 2 per second (test/budget/account-rate.test.ts).
 */
const accountFrom = (body: unknown) => getAccount(makeClient(fakeFetch(typeof body === 'string' ? text(body, 200) : json(body)).fetch, { budget: false }));

const rowOf = (id: string) => endpointTable.find((row) => row.id === id);

describe('the rows', () => {
  it('A1: GET /api/v3/account, SPOT_ACCOUNT_READ, weight 10, at most 2 calls per second per account, any account for itself', () => {
    expect(rowOf('A1')).toMatchObject({
      name: 'getAccount',
      method: 'GET',
      path: '/api/v3/account',
      permission: 'SPOT_ACCOUNT_READ',
      permissionChoice: undefined,
      weight: 10,
      accountRate: { calls: 2, perMs: 1000 },
      audience: 'any',
      group: 'account',
      source: 'service-docs',
      idempotent: true,
      movesMoney: false,
    });
  });

  it('A2: GET /api/v3/openOrders, SPOT_DEAL_READ, weight 3, no rate of its own', () => {
    expect(rowOf('A2')).toMatchObject({
      name: 'listOpenOrders',
      path: '/api/v3/openOrders',
      permission: 'SPOT_DEAL_READ',
      weight: 3,
      accountRate: undefined,
      audience: 'any',
      source: 'service-docs',
    });
  });

  it('every row of the spec says so, and has no rate of its own', () => {
    const spec = endpointTable.filter((row) => row.group !== 'account');
    expect(spec).toHaveLength(27);
    expect(spec.every((row) => row.source === 'spec' && row.accountRate === undefined)).toBe(true);
  });
});

describe('A1 getAccount', () => {
  const expected = {
    canTrade: true,
    canWithdraw: true,
    canDeposit: true,
    updateTime: undefined,
    accountType: 'SPOT',
    balances: [{ asset: 'NBNTEST', free: '1111078', locked: '33' }],
    permissions: ['SPOT'],
  };

  it('sends no parameters of its own, with or without an empty parameters object', async () => {
    for (const call of [(c: Parameters<typeof getAccount>[0]) => getAccount(c), (c: Parameters<typeof getAccount>[0]) => getAccount(c, {}, { recvWindow: 7000 })]) {
      const fake = fakeFetch(json(ACCOUNT_EXAMPLE));
      await resultOf(call(makeClient(fake.fetch, { budget: false })));
      expect(fake.calls[0]?.path).toBe('/api/v3/account');
      expect(queryPairs(fake.calls[0]?.rawQuery ?? '').map(([k]) => k)).toEqual(['recvWindow', 'timestamp', 'signature']);
    }
  });

  it('decodes the documented answer, updateTime null read as undefined', async () => {
    await expect(resultOf(accountFrom(ACCOUNT_EXAMPLE))).resolves.toStrictEqual(expected);
  });

  it('reads an updateTime sent as a number, quoted, or left out', async () => {
    await expect(resultOf(accountFrom({ ...ACCOUNT_EXAMPLE, updateTime: 1700000000123 }))).resolves.toMatchObject({ updateTime: 1700000000123 });
    await expect(resultOf(accountFrom({ ...ACCOUNT_EXAMPLE, updateTime: '1700000000123' }))).resolves.toMatchObject({ updateTime: 1700000000123 });
    const { updateTime: _left, ...withoutTime } = ACCOUNT_EXAMPLE;
    await expect(resultOf(accountFrom(withoutTime))).resolves.toStrictEqual(expected);
  });

  it('reads flags quoted, permissions as a comma list, and drops fields it does not know', async () => {
    const body = { ...ACCOUNT_EXAMPLE, canTrade: 'false', canWithdraw: 'true', permissions: 'SPOT,MARGIN', makerCommission: 20, balances: [{ asset: 'BTC', free: '1', locked: '0', extra: 'x' }] };
    await expect(resultOf(accountFrom(body))).resolves.toStrictEqual({
      ...expected,
      canTrade: false,
      permissions: ['SPOT', 'MARGIN'],
      balances: [{ asset: 'BTC', free: '1', locked: '0' }],
    });
  });

  it('reads balances sent as JSON numbers exactly, every digit kept', async () => {
    const body = '{"canTrade":true,"canWithdraw":true,"canDeposit":true,"updateTime":null,"accountType":"SPOT","permissions":["SPOT"],' +
      '"balances":[{"asset":"BTC","free":0.30000000000000000001,"locked":12345678901234567891},{"asset":"MX","free":1e-8,"locked":2.50}]}';
    const account = await resultOf(accountFrom(body));
    expect(account.balances).toStrictEqual([
      { asset: 'BTC', free: '0.30000000000000000001', locked: '12345678901234567891' },
      { asset: 'MX', free: '0.00000001', locked: '2.5' },
    ]);
  });

  it('an answer without balances, or with a negative or non-decimal one, is a DecodeError naming the path', async () => {
    const { balances: _none, ...noBalances } = ACCOUNT_EXAMPLE;
    const missing = await errorOf(accountFrom(noBalances));
    expect(missing).toBeInstanceOf(DecodeError);
    expect((missing as DecodeError).message).toContain('balances');
    for (const free of ['-1', 'NaN', '1e5x', null]) {
      const error = await errorOf(accountFrom({ ...ACCOUNT_EXAMPLE, balances: [{ asset: 'BTC', free, locked: '0' }] }));
      expect(error).toBeInstanceOf(DecodeError);
      expect((error as DecodeError).message).toContain('balances.0.free');
      // Values never appear in a decode error: only paths and expected types.
      if (free !== null) expect((error as DecodeError).message).not.toContain(free);
    }
  });
});

describe('A2 listOpenOrders', () => {
  const expected = {
    symbol: 'BTCUSDT',
    orderId: 'C02__505979017439002624115',
    orderListId: -1,
    clientOrderId: 'myOrder1',
    price: '30000.1',
    origQty: '0.01',
    executedQty: '0.004',
    cumulativeQuoteQty: '120.0004',
    status: 'PARTIALLY_FILLED',
    timeInForce: 'GTC',
    type: 'LIMIT',
    side: 'BUY',
    stopPrice: '0',
    icebergQty: '0',
    time: 1499827319559,
    updateTime: 1499827319600,
    isWorking: true,
    origQuoteOrderQty: '0',
  };

  it('sends the symbol', async () => {
    const fake = fakeFetch(json([]));
    await expect(resultOf(listOpenOrders(makeClient(fake.fetch), { symbol: 'ETHUSDT' }))).resolves.toEqual([]);
    expect(queryPairs(fake.calls[0]?.rawQuery ?? '')[0]).toEqual(['symbol', 'ETHUSDT']);
  });

  it('decodes the documented fields, the service’s spelling cummulativeQuoteQty read as cumulativeQuoteQty', async () => {
    await expect(resultOf(decodeVia('A2', [OPEN_ORDER_EXAMPLE]))).resolves.toStrictEqual([expected]);
  });

  it('reads the corrected spelling cumulativeQuoteQty too', async () => {
    const { cummulativeQuoteQty, ...rest } = OPEN_ORDER_EXAMPLE;
    await expect(resultOf(decodeVia('A2', [{ ...rest, cumulativeQuoteQty: cummulativeQuoteQty }]))).resolves.toStrictEqual([expected]);
    // A null under one spelling does not hide a value under the other.
    await expect(resultOf(decodeVia('A2', [{ ...rest, cummulativeQuoteQty: null, cumulativeQuoteQty: cummulativeQuoteQty }]))).resolves.toStrictEqual([expected]);
  });

  it('reads quoted times and list ids, and a null, empty or missing optional value as undefined', async () => {
    const body = {
      ...OPEN_ORDER_EXAMPLE,
      time: '1499827319559',
      updateTime: null,
      orderListId: '-1',
      clientOrderId: '',
      timeInForce: null,
      stopPrice: '',
      icebergQty: null,
      isWorking: 'true',
      origQuoteOrderQty: undefined,
      selfTradePreventionMode: 'NONE',
    };
    await expect(resultOf(decodeVia('A2', [body]))).resolves.toStrictEqual([
      { ...expected, updateTime: undefined, clientOrderId: undefined, timeInForce: undefined, stopPrice: undefined, icebergQty: undefined, origQuoteOrderQty: undefined },
    ]);
    const bare = { symbol: 'BTCUSDT', orderId: 'x1', price: '1', origQty: '2', executedQty: '0', cummulativeQuoteQty: '0', status: 'NEW', type: 'LIMIT', side: 'SELL', time: 5 };
    await expect(resultOf(decodeVia('A2', [bare]))).resolves.toStrictEqual([
      {
        ...bare,
        cummulativeQuoteQty: undefined,
        cumulativeQuoteQty: '0',
        orderListId: undefined,
        clientOrderId: undefined,
        timeInForce: undefined,
        stopPrice: undefined,
        icebergQty: undefined,
        updateTime: undefined,
        isWorking: undefined,
        origQuoteOrderQty: undefined,
      },
    ].map(({ cummulativeQuoteQty: _spelled, ...order }) => order));
  });

  it('keeps a bare numeric orderId too large for a double, and decimals sent as numbers, exactly', async () => {
    const body = `[{"symbol":"BTCUSDT","orderId":505979017439002624115,"price":30000.10,"origQty":0.01,"executedQty":0,` +
      `"cummulativeQuoteQty":0.30000000000000000001,"status":"NEW","type":"LIMIT","side":"BUY","time":1499827319559}]`;
    const [order] = await resultOf(listOpenOrders(makeClient(fakeFetch(text(body, 200)).fetch), { symbol: 'BTCUSDT' }));
    expect(order).toMatchObject({ orderId: '505979017439002624115', price: '30000.1', origQty: '0.01', executedQty: '0', cumulativeQuoteQty: '0.30000000000000000001' });
  });

  it('keeps a status, type or side the service may add, as sent', async () => {
    const body = [{ ...OPEN_ORDER_EXAMPLE, status: 'PENDING_NEW', type: 'TRAILING_STOP', side: 'SHORT' }];
    await expect(resultOf(decodeVia('A2', body))).resolves.toMatchObject([{ status: 'PENDING_NEW', type: 'TRAILING_STOP', side: 'SHORT' }]);
  });

  it('an order without a quote amount under either spelling, or with a negative price, is a DecodeError', async () => {
    const { cummulativeQuoteQty: _gone, ...noQuote } = OPEN_ORDER_EXAMPLE;
    expect(await errorOf(decodeVia('A2', [noQuote]))).toBeInstanceOf(DecodeError);
    expect(await errorOf(decodeVia('A2', [{ ...OPEN_ORDER_EXAMPLE, price: '-1' }]))).toBeInstanceOf(DecodeError);
    expect(await errorOf(decodeVia('A2', { orders: [] }))).toBeInstanceOf(DecodeError);
  });

  it.each([
    ['left out', {}],
    ['empty', { symbol: '' }],
    ['lower case', { symbol: 'btcusdt' }],
    ['with a separator', { symbol: 'BTC_USDT' }],
    ['one character', { symbol: 'B' }],
    ['31 characters', { symbol: 'A'.repeat(27) + 'USDT' }],
    ['a number', { symbol: 42 }],
    ['null', { symbol: null }],
  ])('refuses a symbol %s with a ValidationError, and sends nothing', async (_what, params) => {
    const fake = fakeFetch(json([]));
    const error = await errorOf(listOpenOrders(makeClient(fake.fetch), params as unknown as ListOpenOrdersParams));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.field)).toEqual(['symbol']);
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a parameter it does not know (a typo never drops a filter)', async () => {
    const fake = fakeFetch(json([]));
    const error = await errorOf(listOpenOrders(makeClient(fake.fetch), { symbol: 'BTCUSDT', symbols: 'ETHUSDT' } as unknown as ListOpenOrdersParams));
    expect(error).toBeInstanceOf(ValidationError);
    expect(fake.calls).toHaveLength(0);
  });
});
