/** Responses of M1-M8: the spec's example and every spelling variant, decoded and normalized. */
import { describe, expect, it } from '@jest/globals';
import { resultOf } from '../support/harness.js';
import { decodeVia, operationCase } from '../support/operations.js';

const noPaging = { total: undefined, page: undefined, totalPages: undefined };

describe('M1 create a sub-account', () => {
  it('decodes {subAccount, note}', async () => {
    await expect(resultOf(decodeVia('M1', operationCase('M1').example))).resolves.toStrictEqual({
      subAccount: 'Alpha0001',
      note: "it's a (test) *note*!",
    });
  });
});

describe('M2 list sub-accounts', () => {
  const expected = {
    items: [
      { subAccount: 'Alpha0001', uid: '49910594', isFreeze: false, createTime: 1544433328000 },
      { subAccount: 'Beta00002', uid: '91605306', isFreeze: true, createTime: 1544433329000 },
    ],
    ...noPaging,
  };

  it('decodes the example', async () => {
    await expect(resultOf(decodeVia('M2', operationCase('M2').example))).resolves.toStrictEqual(expected);
  });

  it('reads a quoted createTime as a number', async () => {
    const body = {
      subAccounts: [
        { subAccount: 'Alpha0001', isFreeze: false, createTime: '1544433328000', uid: '49910594' },
        { subAccount: 'Beta00002', isFreeze: true, createTime: '1544433329000', uid: '91605306' },
      ],
    };
    await expect(resultOf(decodeVia('M2', body))).resolves.toStrictEqual(expected);
  });

  it('keeps only the fields of spec 2.1, whatever else the service adds', async () => {
    const body = { subAccounts: [{ subAccount: 'Alpha0001', isFreeze: false, createTime: 1544433328000, uid: '49910594', note: 'extra', level: 3 }] };
    await expect(resultOf(decodeVia('M2', body))).resolves.toStrictEqual({ items: [expected.items[0]], ...noPaging });
  });

  it('decodes an empty list', async () => {
    await expect(resultOf(decodeVia('M2', { subAccounts: [] }))).resolves.toStrictEqual({ items: [], ...noPaging });
  });
});

describe('M3 create a sub-account API key', () => {
  const expected = {
    subAccount: 'Alpha0001',
    note: 'bot key',
    apiKey: 'mx0aBcDeFgHiJkL',
    secretKey: 'fresh0secret0of0new0key',
    permissions: ['SPOT_DEAL_READ', 'SPOT_DEAL_WRITE'],
    ip: ['203.0.113.7', '198.51.100.1'],
    createTime: 1597026383085,
  };
  const base = {
    subAccount: 'Alpha0001',
    note: 'bot key',
    secretKey: 'fresh0secret0of0new0key',
    permissions: 'SPOT_DEAL_READ,SPOT_DEAL_WRITE',
    ip: '203.0.113.7,198.51.100.1',
  };

  it('decodes the example (apiKey, creatTime)', async () => {
    await expect(resultOf(decodeVia('M3', operationCase('M3').example))).resolves.toStrictEqual(expected);
  });

  it('accepts apikey and createTime', async () => {
    const body = { ...base, apikey: 'mx0aBcDeFgHiJkL', createTime: 1597026383085 };
    await expect(resultOf(decodeVia('M3', body))).resolves.toStrictEqual(expected);
  });

  it('accepts apiKey with createTime, and apikey with creatTime', async () => {
    await expect(resultOf(decodeVia('M3', { ...base, apiKey: 'mx0aBcDeFgHiJkL', createTime: 1597026383085 }))).resolves.toStrictEqual(expected);
    await expect(resultOf(decodeVia('M3', { ...base, apikey: 'mx0aBcDeFgHiJkL', creatTime: 1597026383085 }))).resolves.toStrictEqual(expected);
  });
});

describe('M4 list a sub-account API keys', () => {
  const entry = {
    apiKey: 'mx0key1',
    note: 'v5',
    permissions: ['SPOT_ACCOUNT_READ', 'SPOT_ACCOUNT_WRITE'],
    ip: ['17.5.5.3', '3.3.3.3'],
    createTime: 1597026383085,
  };

  it('decodes the example', async () => {
    await expect(resultOf(decodeVia('M4', operationCase('M4').example))).resolves.toStrictEqual([entry]);
  });

  it('accepts apikey/createTime, and an unbound key with an empty ip', async () => {
    const body = {
      subAccount: [
        { note: 'v5', apikey: 'mx0key1', permissions: 'SPOT_ACCOUNT_READ,SPOT_ACCOUNT_WRITE', ip: '17.5.5.3,3.3.3.3', createTime: 1597026383085 },
        { note: 'free', apiKey: 'mx0key2', permissions: 'SPOT_DEAL_READ', ip: '', creatTime: 1597026383086 },
      ],
    };
    await expect(resultOf(decodeVia('M4', body))).resolves.toStrictEqual([
      entry,
      { apiKey: 'mx0key2', note: 'free', permissions: ['SPOT_DEAL_READ'], ip: [], createTime: 1597026383086 },
    ]);
  });
});

describe('M5 delete a sub-account API key', () => {
  it('decodes {subAccount}', async () => {
    await expect(resultOf(decodeVia('M5', operationCase('M5').example))).resolves.toStrictEqual({ subAccount: 'Alpha0001' });
  });
});

describe('M6 universal transfer', () => {
  it.each([
    ['a quoted tranId', { tranId: '11945860693' }],
    ['a bare numeric tranId', { tranId: 11945860693 }],
    ['an array holding a numeric tranId', [{ tranId: 11945860693 }]],
    ['an array holding a quoted tranId', [{ tranId: '11945860693' }]],
  ])('decodes %s as a string id', async (_name, body) => {
    await expect(resultOf(decodeVia('M6', body))).resolves.toStrictEqual({ tranId: '11945860693' });
  });
});

describe('M7 universal transfer history', () => {
  const first = {
    tranId: '11945860693',
    clientTranId: 'test',
    fromAccount: 'master@test.com',
    toAccount: 'subaccount1@test.com',
    fromAccountType: 'SPOT',
    toAccountType: 'FUTURES',
    fromSymbol: 'ETHUSDT',
    toSymbol: 'ETHUSDT',
    asset: 'BTC',
    amount: '0.1',
    status: 'SUCCESS',
    timestamp: 1544433325000,
  };
  const secondRaw = {
    tranId: 11945860694,
    fromAccount: 'subaccount1@test.com',
    toAccount: 'master@test.com',
    clientTranId: 'Tx0123456789abcdefABCDEF01234567',
    asset: 'USDT',
    amount: '250',
    fromAccountType: 'FUTURES',
    toAccountType: 'SPOT',
    status: 'WAIT',
    timestamp: '1544433326000',
  };
  const second = {
    tranId: '11945860694',
    clientTranId: 'Tx0123456789abcdefABCDEF01234567',
    fromAccount: 'subaccount1@test.com',
    toAccount: 'master@test.com',
    fromAccountType: 'FUTURES',
    toAccountType: 'SPOT',
    fromSymbol: undefined,
    toSymbol: undefined,
    asset: 'USDT',
    amount: '250',
    status: 'WAIT',
    timestamp: 1544433326000,
  };
  const firstRaw = operationCase('M7').example;

  it('decodes the example, a bare object, with FUTURE read as FUTURES', async () => {
    await expect(resultOf(decodeVia('M7', firstRaw))).resolves.toStrictEqual({ items: [first], ...noPaging });
  });

  it('decodes a bare array (numeric tranId, quoted timestamp)', async () => {
    await expect(resultOf(decodeVia('M7', [firstRaw, secondRaw]))).resolves.toStrictEqual({ items: [first, second], ...noPaging });
  });

  it('decodes {rows, total}', async () => {
    await expect(resultOf(decodeVia('M7', { rows: [firstRaw, secondRaw], total: 7 }))).resolves.toStrictEqual({
      items: [first, second],
      total: 7,
      page: undefined,
      totalPages: undefined,
    });
  });

  it('decodes {result, totalCount}', async () => {
    await expect(resultOf(decodeVia('M7', { result: [secondRaw], totalCount: '3' }))).resolves.toStrictEqual({
      items: [second],
      total: 3,
      page: undefined,
      totalPages: undefined,
    });
  });

  it('decodes an empty bare array', async () => {
    await expect(resultOf(decodeVia('M7', []))).resolves.toStrictEqual({ items: [], ...noPaging });
  });
});

describe('M8 sub-account assets', () => {
  it('decodes the balances', async () => {
    await expect(resultOf(decodeVia('M8', operationCase('M8').example))).resolves.toStrictEqual([
      { asset: 'BTC', free: '0.1', locked: '0' },
      { asset: 'USDT', free: '1250.00000001', locked: '12.5' },
    ]);
  });
});
