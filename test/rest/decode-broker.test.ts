/** Responses of B1-B15: the spec's example and every spelling variant, decoded and normalized. */
import { describe, expect, it } from '@jest/globals';
import { resultOf } from '../support/harness.js';
import { decodeVia, operationCase } from '../support/operations.js';

const noPaging = { total: undefined, page: undefined, totalPages: undefined };

describe('B1 broker transfer history', () => {
  const expected = {
    tranId: '264632086',
    clientTranId: undefined,
    fromAccount: undefined,
    toAccount: undefined,
    fromAccountType: 'SPOT',
    toAccountType: 'FUTURES',
    fromSymbol: 'ETHUSDT',
    toSymbol: 'BTCUSDT',
    asset: 'USDT',
    amount: '1',
    status: 'SUCCESS',
    timestamp: 1678603205000,
  };

  it('decodes the example (lower-case fromsymbol/tosymbol, empty texts as absent)', async () => {
    await expect(resultOf(decodeVia('B1', operationCase('B1').example))).resolves.toStrictEqual({ items: [expected], ...noPaging });
  });

  it('accepts a numeric tranId, a quoted timestamp, FUTURE, and camel-case symbols', async () => {
    const body = [
      {
        tranId: 264632087,
        fromAccount: 'Client0001',
        toAccount: 'Client0002',
        clientTranId: 'Tx0123456789abcdefABCDEF01234567',
        asset: 'USDT',
        amount: '2.5',
        fromAccountType: 'FUTURE',
        toAccountType: 'SPOT',
        fromSymbol: 'ETHUSDT',
        toSymbol: 'ETHUSDT',
        status: 'FAILED',
        timestamp: '1678603205001',
      },
    ];
    await expect(resultOf(decodeVia('B1', body))).resolves.toStrictEqual({
      items: [
        {
          tranId: '264632087',
          clientTranId: 'Tx0123456789abcdefABCDEF01234567',
          fromAccount: 'Client0001',
          toAccount: 'Client0002',
          fromAccountType: 'FUTURES',
          toAccountType: 'SPOT',
          fromSymbol: 'ETHUSDT',
          toSymbol: 'ETHUSDT',
          asset: 'USDT',
          amount: '2.5',
          status: 'FAILED',
          timestamp: 1678603205001,
        },
      ],
      ...noPaging,
    });
  });
});

describe('B2 create a broker sub-account (envelope)', () => {
  const expected = { subAccount: 'Client0001', note: 'retail 1', createTime: 1597026383085 };

  it('unwraps {code:"0", message:"", data:[...]} with a quoted timestamp', async () => {
    await expect(resultOf(decodeVia('B2', operationCase('B2').example))).resolves.toStrictEqual(expected);
  });

  it('accepts a numeric timestamp and a numeric code 0', async () => {
    const body = { code: 0, message: '', data: [{ subAccount: 'Client0001', note: 'retail 1', timestamp: 1597026383085 }] };
    await expect(resultOf(decodeVia('B2', body))).resolves.toStrictEqual(expected);
  });
});

describe('B3 list broker sub-accounts (envelope)', () => {
  it('unwraps the envelope into a page', async () => {
    await expect(resultOf(decodeVia('B3', operationCase('B3').example))).resolves.toStrictEqual({
      items: [
        { subAccount: 'Client0001', note: 'retail 1', createTime: 1597026383085 },
        { subAccount: 'Client0002', note: '', createTime: 1597026383999 },
      ],
      ...noPaging,
    });
  });

  it('accepts code 200 as success and numeric timestamps', async () => {
    const body = { code: 200, message: '', data: [{ subAccount: 'Client0003', note: 'n', timestamp: 1597026383000 }] };
    await expect(resultOf(decodeVia('B3', body))).resolves.toStrictEqual({
      items: [{ subAccount: 'Client0003', note: 'n', createTime: 1597026383000 }],
      ...noPaging,
    });
  });
});

describe('B4 sub-account status', () => {
  it.each([
    ['1', 'normal'],
    ['2', 'frozen'],
  ])('reads status "%s" as %s', async (wire, status) => {
    await expect(resultOf(decodeVia('B4', { status: wire }))).resolves.toStrictEqual({ status });
  });
});

describe('B5 create a broker sub-account API key', () => {
  const expected = {
    subAccount: 'Client0001',
    note: 'app',
    apiKey: 'mx0brokerKey01',
    secretKey: 'fresh0broker0secret',
    permissions: ['SPOT_WITHDRAW_READ', 'SPOT_DEPOSIT_WRITE', 'SPOT_ACCOUNT_READ'],
    ip: ['1.2.3.4', '5.6.7.8'],
    createTime: 1597026383085,
  };

  it('decodes the example (apikey, createTime)', async () => {
    await expect(resultOf(decodeVia('B5', operationCase('B5').example))).resolves.toStrictEqual(expected);
  });

  it('accepts apiKey and creatTime', async () => {
    const body = {
      subAccount: 'Client0001',
      note: 'app',
      apiKey: 'mx0brokerKey01',
      secretKey: 'fresh0broker0secret',
      permissions: 'SPOT_WITHDRAW_READ,SPOT_DEPOSIT_WRITE,SPOT_ACCOUNT_READ',
      ip: '1.2.3.4,5.6.7.8',
      creatTime: 1597026383085,
    };
    await expect(resultOf(decodeVia('B5', body))).resolves.toStrictEqual(expected);
  });
});

describe('B6 list broker sub-account API keys', () => {
  const entry = { apiKey: 'mx0brokerKey01', note: 'app', permissions: ['SPOT_ACCOUNT_READ'], ip: ['1.2.3.4'], createTime: 1597026383085 };

  it('decodes the example (apiKey, creatTime)', async () => {
    await expect(resultOf(decodeVia('B6', operationCase('B6').example))).resolves.toStrictEqual([entry]);
  });

  it('accepts apikey and createTime', async () => {
    const body = { subAccount: [{ note: 'app', apikey: 'mx0brokerKey01', permissions: 'SPOT_ACCOUNT_READ', ip: '1.2.3.4', createTime: 1597026383085 }] };
    await expect(resultOf(decodeVia('B6', body))).resolves.toStrictEqual([entry]);
  });
});

describe('B7 delete a broker sub-account API key', () => {
  it('decodes {subAccount}', async () => {
    await expect(resultOf(decodeVia('B7', operationCase('B7').example))).resolves.toStrictEqual({ subAccount: 'Client0001' });
  });
});

describe('B8 and B9 deposit addresses', () => {
  const trc20 = { address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA', coin: 'USDT', network: 'TRC20', memo: undefined };

  it('B8 reads an empty memo as absent', async () => {
    await expect(resultOf(decodeVia('B8', operationCase('B8').example))).resolves.toStrictEqual(trc20);
  });

  it('B8 keeps a memo', async () => {
    const body = { address: 'deposit.mexc', coin: 'EOS', network: 'EOS', memo: '778812' };
    await expect(resultOf(decodeVia('B8', body))).resolves.toStrictEqual(body);
  });

  it('B9 decodes the array', async () => {
    await expect(resultOf(decodeVia('B9', operationCase('B9').example))).resolves.toStrictEqual([
      trc20,
      { address: 'deposit.mexc', coin: 'EOS', network: 'EOS', memo: '778812' },
    ]);
  });
});

describe('B10 and B11 deposit records', () => {
  it('B10 decodes a record with status name, counts as numbers', async () => {
    await expect(resultOf(decodeVia('B10', operationCase('B10').example))).resolves.toStrictEqual({
      items: [
        {
          amount: '50000',
          coin: 'USDT',
          network: 'TRC20',
          status: 5,
          statusName: 'SUCCESS',
          address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA',
          addressTag: undefined,
          txId: '0x5f4c7d1c2b',
          unlockConfirm: 12,
          confirmTimes: '12',
        },
      ],
      ...noPaging,
    });
  });

  it('B11 decodes a record without addressTag', async () => {
    await expect(resultOf(decodeVia('B11', operationCase('B11').example))).resolves.toStrictEqual({
      items: [
        {
          amount: '0.5',
          coin: 'EOS',
          network: 'EOS',
          status: 1,
          statusName: 'SMALL',
          address: 'deposit.mexc',
          addressTag: undefined,
          txId: 'b3a1e1f0',
          unlockConfirm: 3,
          confirmTimes: '1',
        },
      ],
      ...noPaging,
    });
  });
});

describe('B12 withdraw and B13 broker transfer', () => {
  it('B12 decodes {id}', async () => {
    await expect(resultOf(decodeVia('B12', operationCase('B12').example))).resolves.toStrictEqual({ id: '7213fea8e94b4a5593d507237e5a555b' });
  });

  it.each([
    ['a string tranId', { tranId: '7213fea8e94b4a5593d507237e5a555b' }, '7213fea8e94b4a5593d507237e5a555b'],
    ['a numeric tranId', { tranId: 11945860693 }, '11945860693'],
  ])('B13 decodes %s', async (_name, body, tranId) => {
    await expect(resultOf(decodeVia('B13', body))).resolves.toStrictEqual({ tranId });
  });
});

describe('B14 enable futures (envelope)', () => {
  const expected = { subAccount: 'Client0001', isFuturesEnabled: true, timestamp: 1597026383085 };

  it('unwraps the envelope, reading the quoted timestamp', async () => {
    await expect(resultOf(decodeVia('B14', operationCase('B14').example))).resolves.toStrictEqual(expected);
  });

  it('accepts a numeric timestamp', async () => {
    const body = { code: '0', message: '', data: [{ subAccount: 'Client0001', isFuturesEnabled: true, timestamp: 1597026383085 }] };
    await expect(resultOf(decodeVia('B14', body))).resolves.toStrictEqual(expected);
  });
});

describe('B15 rebate records', () => {
  it('decodes the page wrapper', async () => {
    await expect(resultOf(decodeVia('B15', operationCase('B15').example))).resolves.toStrictEqual({
      items: [{ asset: 'USDT', amount: '0.00000015', type: 'spot', uid: '47643434', date: '20230318' }],
      total: 51,
      page: 2,
      totalPages: 2,
    });
  });
});
