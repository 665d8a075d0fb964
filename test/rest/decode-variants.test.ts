/**
 * The response decoders of `src/codecs/`, given directly the spellings and shapes the operation
 * tests (decode-master, decode-broker) do not send: bare objects where an envelope usually holds an
 * array, `null` for an absent field, unlisted codes, and both spellings of a field at once.
 */
import { describe, expect, it } from '@jest/globals';
import { isLeft } from 'fp-ts/lib/Either.js';
import { apiKeyListDecoder, createdApiKeyDecoder, deletedApiKeyDecoder } from '../../src/codecs/api-key.js';
import { depositAddressListDecoder, depositPageDecoder, rebatePageDecoder, withdrawalReceiptDecoder } from '../../src/codecs/capital.js';
import { describeDecodeErrors, type ResponseDecoder } from '../../src/codecs/decoder.js';
import { listenKeyDecoder, listenKeyListDecoder } from '../../src/codecs/listen-key.js';
import {
  assetBalancesDecoder,
  brokerSubAccountPageDecoder,
  brokerSubAccountStatusDecoder,
  createdBrokerSubAccountDecoder,
  createdSubAccountDecoder,
  futuresEnablementDecoder,
  subAccountPageDecoder,
} from '../../src/codecs/sub-account.js';
import { brokerTransferHistoryDecoder, transferHistoryDecoder, transferReceiptDecoder } from '../../src/codecs/transfer.js';

/** What `decoder` yields for `body`; throws with the refusal's lines if it refuses. */
function decoded<R>(decoder: ResponseDecoder<R>, body: unknown): R {
  const result = decoder.decode(body);
  if (isLeft(result)) throw new Error(`${decoder.name} refused: ${describeDecodeErrors(result.left).join('; ')}`);
  return result.right;
}

/** The lines of `decoder`'s refusal of `body`, or 'accepted'. */
function refusal<R>(decoder: ResponseDecoder<R>, body: unknown): string[] | 'accepted' {
  const result = decoder.decode(body);
  return isLeft(result) ? describeDecodeErrors(result.left) : 'accepted';
}

const noPaging = { total: undefined, page: undefined, totalPages: undefined };

const record = {
  tranId: '11945860693',
  fromAccountType: 'SPOT',
  toAccountType: 'FUTURE',
  asset: 'USDT',
  amount: '1',
  status: 'SUCCESS',
  timestamp: 1544433325000,
};
const normalizedRecord = {
  tranId: '11945860693',
  clientTranId: undefined,
  fromAccount: undefined,
  toAccount: undefined,
  fromAccountType: 'SPOT',
  toAccountType: 'FUTURES',
  fromSymbol: undefined,
  toSymbol: undefined,
  asset: 'USDT',
  amount: '1',
  status: 'SUCCESS',
  timestamp: 1544433325000,
};

describe('sub-accounts', () => {
  it('reads an absent or null note of a created sub-account as empty', () => {
    expect(decoded(createdSubAccountDecoder, { subAccount: 'Alpha0001' })).toStrictEqual({ subAccount: 'Alpha0001', note: '' });
    expect(decoded(createdSubAccountDecoder, { subAccount: 'Alpha0001', note: null })).toStrictEqual({ subAccount: 'Alpha0001', note: '' });
    expect(decoded(createdSubAccountDecoder, { subAccount: 'Alpha0001', note: 'n' })).toStrictEqual({ subAccount: 'Alpha0001', note: 'n' });
  });

  it('refuses a sub-account list whose freeze flag is no boolean, naming the path', () => {
    const body = { subAccounts: [{ subAccount: 'A', isFreeze: 'no', createTime: 1, uid: '1' }] };
    expect(refusal(subAccountPageDecoder, body)).toEqual(['subAccounts.0.isFreeze: expected Flag']);
  });

  it('reads balances given as JSON numbers as decimal text, a negative one as sent (the service has reported some)', () => {
    expect(decoded(assetBalancesDecoder, { balances: [{ asset: 'BTC', free: 1e-8, locked: 0 }] })).toStrictEqual([
      { asset: 'BTC', free: '0.00000001', locked: '0' },
    ]);
    expect(decoded(assetBalancesDecoder, { balances: [{ asset: 'BTC', free: '1', locked: -30.260235258 }] })).toStrictEqual([
      { asset: 'BTC', free: '1', locked: '-30.260235258' },
    ]);
    expect(refusal(assetBalancesDecoder, { balances: [{ asset: 'BTC', free: '1', locked: '1e3' }] })).toEqual(['balances.0.locked: expected SignedDecimal']);
  });

  it('reads a created broker sub-account sent as a bare object as well as in an array', () => {
    const entry = { subAccount: 'Client0001', timestamp: '1597026383085' };
    const expected = { subAccount: 'Client0001', note: '', createTime: 1597026383085 };
    expect(decoded(createdBrokerSubAccountDecoder, entry)).toStrictEqual(expected);
    expect(decoded(createdBrokerSubAccountDecoder, [entry])).toStrictEqual(expected);
    expect(decoded(brokerSubAccountPageDecoder, [{ ...entry, note: null }])).toStrictEqual({ items: [expected], ...noPaging });
  });

  it('reads a broker sub-account status given as a number, and refuses any other code', () => {
    expect(decoded(brokerSubAccountStatusDecoder, { status: 1 })).toStrictEqual({ status: 'normal' });
    expect(decoded(brokerSubAccountStatusDecoder, { status: 2 })).toStrictEqual({ status: 'frozen' });
    expect(refusal(brokerSubAccountStatusDecoder, { status: '3' })).not.toBe('accepted');
  });

  it('reads futures enablement as a bare object, with its time absent, null, or sent', () => {
    expect(decoded(futuresEnablementDecoder, { subAccount: 'C1', isFuturesEnabled: 'false' })).toStrictEqual({
      subAccount: 'C1',
      isFuturesEnabled: false,
      timestamp: undefined,
    });
    expect(decoded(futuresEnablementDecoder, { subAccount: 'C1', isFuturesEnabled: true, timestamp: null })).toStrictEqual({
      subAccount: 'C1',
      isFuturesEnabled: true,
      timestamp: undefined,
    });
    expect(decoded(futuresEnablementDecoder, [{ subAccount: 'C1', isFuturesEnabled: true, timestamp: '1597026383085' }])).toStrictEqual({
      subAccount: 'C1',
      isFuturesEnabled: true,
      timestamp: 1597026383085,
    });
  });
});

describe('API keys', () => {
  const listed = { apiKey: 'mx0key', permissions: 'SPOT_DEAL_READ', creatTime: 1597026383085 };

  it('reads a null or absent note as empty and a null or absent ip as unbound', () => {
    const expected = { apiKey: 'mx0key', note: '', permissions: ['SPOT_DEAL_READ'], ip: [], createTime: 1597026383085 };
    expect(decoded(apiKeyListDecoder, { subAccount: [listed, { ...listed, note: null, ip: null }] })).toStrictEqual([expected, expected]);
  });

  it('keeps a created key secret and sub-account beside the listed fields', () => {
    const body = { ...listed, subAccount: 'Alpha0001', secretKey: 'secret0of0key', note: 'bot', ip: '203.0.113.7' };
    expect(decoded(createdApiKeyDecoder, body)).toStrictEqual({
      subAccount: 'Alpha0001',
      secretKey: 'secret0of0key',
      apiKey: 'mx0key',
      note: 'bot',
      permissions: ['SPOT_DEAL_READ'],
      ip: ['203.0.113.7'],
      createTime: 1597026383085,
    });
  });

  it('refuses a created key without its secret, naming the path', () => {
    expect(refusal(createdApiKeyDecoder, { ...listed, subAccount: 'Alpha0001' })).toEqual(['secretKey: expected string']);
  });

  it('keeps only the sub-account of a deletion', () => {
    expect(decoded(deletedApiKeyDecoder, { subAccount: 'Alpha0001', apiKey: 'mx0key' })).toStrictEqual({ subAccount: 'Alpha0001' });
  });
});

describe('deposits, withdrawals and rebates', () => {
  const deposit = { amount: '0.5', coin: 'EOS', network: 'EOS', status: '13', address: 'deposit.mexc' };

  it('names no status for a code docs/service.md does not list, and reads absent or null fields as absent', () => {
    expect(decoded(depositPageDecoder, [deposit, { ...deposit, status: 12, txId: null, unlockConfirm: null, confirmTimes: null, addressTag: '' }])).toStrictEqual({
      items: [
        { ...deposit, status: 13, statusName: undefined, addressTag: undefined, txId: '', unlockConfirm: undefined, confirmTimes: undefined },
        { ...deposit, status: 12, statusName: 'COMPLETED', addressTag: undefined, txId: '', unlockConfirm: undefined, confirmTimes: undefined },
      ],
      ...noPaging,
    });
  });

  it('keeps an address tag, and reads a numeric confirmation progress as text', () => {
    const [item] = decoded(depositPageDecoder, [{ ...deposit, addressTag: '778812', confirmTimes: 3, unlockConfirm: '12', txId: 'b3a1' }]).items;
    expect(item).toStrictEqual({
      ...deposit,
      status: 13,
      statusName: undefined,
      addressTag: '778812',
      txId: 'b3a1',
      unlockConfirm: 12,
      confirmTimes: '3',
    });
  });

  it('refuses a deposit record without an address, naming the path', () => {
    const { address: _address, ...withoutAddress } = deposit;
    expect(refusal(depositPageDecoder, [withoutAddress])).toEqual(['0.address: expected string']);
  });

  it('decodes an empty list of deposit addresses, and a withdrawal id sent as a number', () => {
    expect(decoded(depositAddressListDecoder, [])).toStrictEqual([]);
    expect(decoded(withdrawalReceiptDecoder, { id: 7213 })).toStrictEqual({ id: '7213' });
  });

  it('reads a rebate page without its paging fields as unknown totals', () => {
    const body = { data: [{ asset: 'USDT', amount: 1.5e-7, type: 'futures', uid: 47643434, time: 20230318 }] };
    expect(decoded(rebatePageDecoder, body)).toStrictEqual({
      items: [{ asset: 'USDT', amount: '0.00000015', type: 'futures', uid: '47643434', date: '20230318' }],
      ...noPaging,
    });
  });
});

describe('transfers', () => {
  it('reads a receipt sent as a one-element array', () => {
    expect(decoded(transferReceiptDecoder, [{ tranId: 11945860693 }])).toStrictEqual({ tranId: '11945860693' });
    expect(decoded(transferReceiptDecoder, { tranId: 'abc' })).toStrictEqual({ tranId: 'abc' });
  });

  it('prefers the camel-case symbols, falling back to the lower-case ones when those are absent or empty', () => {
    const body = [
      { ...record, fromSymbol: 'BTCUSDT', fromsymbol: 'ETHUSDT', toSymbol: '', tosymbol: 'MXUSDT', clientTranId: 'c1', fromAccount: '', toAccount: 'sub1' },
    ];
    expect(decoded(brokerTransferHistoryDecoder, body)).toStrictEqual({
      items: [{ ...normalizedRecord, fromSymbol: 'BTCUSDT', toSymbol: 'MXUSDT', clientTranId: 'c1', fromAccount: undefined, toAccount: 'sub1' }],
      ...noPaging,
    });
  });

  it('reads the list shapes without their totals as unknown totals', () => {
    expect(decoded(transferHistoryDecoder, { rows: [record] })).toStrictEqual({ items: [normalizedRecord], ...noPaging });
    expect(decoded(transferHistoryDecoder, { result: [record] })).toStrictEqual({ items: [normalizedRecord], ...noPaging });
    expect(decoded(transferHistoryDecoder, { rows: [record], total: '7' })).toStrictEqual({ items: [normalizedRecord], ...noPaging, total: 7 });
    expect(decoded(transferHistoryDecoder, { result: [], totalCount: 0 })).toStrictEqual({ items: [], ...noPaging, total: 0 });
  });

  it('refuses an account type it does not know, naming the path', () => {
    expect(refusal(brokerTransferHistoryDecoder, [{ ...record, toAccountType: 'MARGIN' }])).toEqual(['0.toAccountType: expected AccountType']);
  });
});

describe('listen keys', () => {
  it('counts the keys left against the limit of 60, never below zero', () => {
    const keys = Array.from({ length: 61 }, (_, i) => `k${i}`);
    expect(decoded(listenKeyListDecoder, { listenKey: keys })).toStrictEqual({ total: 61, available: 0, listenKeys: keys });
    expect(decoded(listenKeyListDecoder, { listenKey: [] })).toStrictEqual({ total: 0, available: 60, listenKeys: [] });
    expect(decoded(listenKeyListDecoder, { listenKey: ['k1'], total: 5, available: 3 })).toStrictEqual({ total: 5, available: 3, listenKeys: ['k1'] });
    expect(decoded(listenKeyListDecoder, { listenKey: ['k1'], available: 0 })).toStrictEqual({ total: 1, available: 0, listenKeys: ['k1'] });
  });

  it('keeps only the listen key of an answer', () => {
    expect(decoded(listenKeyDecoder, { listenKey: 'lk1', extra: 1 })).toStrictEqual({ listenKey: 'lk1' });
  });
});
