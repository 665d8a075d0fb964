/** Parameter rules: required, unknown, enumerations, permission names, clientTranId. Nothing is sent when one breaks. */
import { describe, expect, it } from '@jest/globals';
import {
  brokerCreateDepositAddress,
  brokerCreateSubAccountApiKey,
  brokerListDepositAddresses,
  brokerListUniversalTransfers,
  brokerUniversalTransfer,
  brokerWithdraw,
  createListenKey,
  createSubAccount,
  createSubAccountApiKey,
  getSubAccountAssets,
  keepAliveListenKey,
  listSubAccountApiKeys,
  listSubAccounts,
  listUniversalTransfers,
  universalTransfer,
  type BrokerPermission,
} from '../../src/index.js';
import { CLIENT_TRAN_ID } from '../support/operations.js';
import { expectRefused, expectSent, sentValue, unchecked, type Call } from '../support/validation.js';

const transfer = { fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '1' } as const;
const history = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;
const withdrawal = { coin: 'USDT', network: 'TRC20', address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA', amount: '1' } as const;

describe('required parameters', () => {
  it.each<[string, Call, string]>([
    ['M1', (c) => createSubAccount(c, unchecked({ subAccount: 'Alpha0001' })), 'note'],
    ['M3', (c) => createSubAccountApiKey(c, unchecked({ subAccount: 'Alpha0001', note: 'n' })), 'permissions'],
    ['M4', (c) => listSubAccountApiKeys(c, unchecked({})), 'subAccount'],
    ['M6', (c) => universalTransfer(c, unchecked({ ...transfer, amount: undefined })), 'amount'],
    ['M7', (c) => listUniversalTransfers(c, unchecked({ fromAccountType: 'SPOT' })), 'toAccountType'],
    ['M8', (c) => getSubAccountAssets(c, unchecked({})), 'subAccount'],
    ['B5', (c) => brokerCreateSubAccountApiKey(c, unchecked({ subAccount: 'Client0001', permissions: ['SPOT_DEAL_READ'] })), 'note'],
    ['B8', (c) => brokerCreateDepositAddress(c, unchecked({ coin: 'USDT' })), 'network'],
    ['B9', (c) => brokerListDepositAddresses(c, unchecked({})), 'coin'],
    ['B12', (c) => brokerWithdraw(c, unchecked({ ...withdrawal, address: undefined })), 'address'],
    ['B13', (c) => brokerUniversalTransfer(c, unchecked({ ...transfer, asset: undefined })), 'asset'],
    ['L3', (c) => keepAliveListenKey(c, unchecked({})), 'listenKey'],
  ])('%s refuses a call without %s', async (_id, call, field) => {
    await expectRefused(call, field, /required/);
  });

  it('lists every missing parameter at once', async () => {
    const error = await expectRefused((c) => universalTransfer(c, unchecked({})), 'amount', /required/);
    expect(error.issues.map((i) => i.field).sort()).toEqual(['amount', 'asset', 'fromAccountType', 'toAccountType']);
  });
});

describe('unknown parameters', () => {
  it.each<[string, Call, string]>([
    ['M2 (a typo of limit)', (c) => listSubAccounts(c, unchecked({ limt: 50 })), 'limt'],
    ['L1 (takes none)', (c) => createListenKey(c, unchecked({ listenKey: 'k' })), 'listenKey'],
    ['B12 (acts for the signing sub-account)', (c) => brokerWithdraw(c, unchecked({ ...withdrawal, subAccount: 'Client0001' })), 'subAccount'],
  ])('%s are refused', async (_name, call, field) => {
    await expectRefused(call, field, /unknown/);
  });
});

describe('account types: SPOT or FUTURES', () => {
  it.each<[string, Call, string]>([
    ['M6 MARGIN', (c) => universalTransfer(c, unchecked({ ...transfer, fromAccountType: 'MARGIN' })), 'fromAccountType'],
    ['M7 FUTURE (the response spelling)', (c) => listUniversalTransfers(c, unchecked({ ...history, toAccountType: 'FUTURE' })), 'toAccountType'],
    ['B1 lower-case spot', (c) => brokerListUniversalTransfers(c, unchecked({ ...history, fromAccountType: 'spot' })), 'fromAccountType'],
    ['B13 MARGIN', (c) => brokerUniversalTransfer(c, unchecked({ ...transfer, toAccountType: 'MARGIN' })), 'toAccountType'],
  ])('%s is refused', async (_name, call, field) => {
    await expectRefused(call, field, /SPOT/);
  });

  it('M8 refuses FUTURES: only SPOT is supported', async () => {
    await expectRefused((c) => getSubAccountAssets(c, unchecked({ subAccount: 'Alpha0001', accountType: 'FUTURES' })), 'accountType', /SPOT/);
  });

  it('FUTURES is accepted in a transfer', async () => {
    const sent = await expectSent((c) => universalTransfer(c, { ...transfer, toAccountType: 'FUTURES' }));
    expect(sentValue(sent, 'toAccountType')).toBe('FUTURES');
  });
});

describe('permission names', () => {
  const brokerOnly = ['SPOT_WITHDRAW_READ', 'SPOT_WITHDRAW_WRITE', 'SPOT_DEPOSIT_READ', 'SPOT_DEPOSIT_WRITE'];
  const master = [
    'SPOT_ACCOUNT_READ', 'SPOT_ACCOUNT_WRITE', 'SPOT_DEAL_READ', 'SPOT_DEAL_WRITE', 'CONTRACT_ACCOUNT_READ',
    'CONTRACT_ACCOUNT_WRITE', 'CONTRACT_DEAL_READ', 'CONTRACT_DEAL_WRITE', 'SPOT_TRANSFER_READ', 'SPOT_TRANSFER_WRITE',
  ];

  it('M3 accepts the ten names of spec 2.2, sent comma-joined', async () => {
    const sent = await expectSent((c) => createSubAccountApiKey(c, unchecked({ subAccount: 'Alpha0001', note: 'n', permissions: master })));
    expect(sentValue(sent, 'permissions')).toBe(master.join(','));
  });

  it.each(brokerOnly)('M3 refuses the broker-only name %s', async (name) => {
    await expectRefused((c) => createSubAccountApiKey(c, unchecked({ subAccount: 'Alpha0001', note: 'n', permissions: ['SPOT_DEAL_READ', name] })), 'permissions', /SPOT_ACCOUNT_READ/);
  });

  it.each(brokerOnly)('B5 accepts %s', async (name) => {
    const sent = await expectSent((c) => brokerCreateSubAccountApiKey(c, { subAccount: 'Client0001', note: 'n', permissions: [name as BrokerPermission] }));
    expect(sentValue(sent, 'permissions')).toBe(name);
  });

  it.each<[string, Call]>([
    ['M3 an unknown name', (c) => createSubAccountApiKey(c, unchecked({ subAccount: 'Alpha0001', note: 'n', permissions: ['TRADE'] }))],
    ['M3 an empty list', (c) => createSubAccountApiKey(c, { subAccount: 'Alpha0001', note: 'n', permissions: [] })],
    ['B5 an unknown name', (c) => brokerCreateSubAccountApiKey(c, unchecked({ subAccount: 'Client0001', note: 'n', permissions: ['SPOT_WITHDRAW'] }))],
  ])('refuses %s', async (_name, call) => {
    await expectRefused(call, 'permissions', /SPOT_ACCOUNT_READ/);
  });
});

describe('clientTranId: 32 letters and digits', () => {
  const bad = [CLIENT_TRAN_ID.slice(1), `${CLIENT_TRAN_ID}x`, `${CLIENT_TRAN_ID.slice(1)}-`, `${CLIENT_TRAN_ID.slice(1)}_`];
  const calls: [string, (id: string) => Call][] = [
    ['M6', (id) => (c) => universalTransfer(c, { ...transfer, clientTranId: id })],
    ['M7', (id) => (c) => listUniversalTransfers(c, { ...history, clientTranId: id })],
    ['B1', (id) => (c) => brokerListUniversalTransfers(c, { ...history, clientTranId: id })],
    ['B13', (id) => (c) => brokerUniversalTransfer(c, { ...transfer, clientTranId: id })],
  ];

  it.each(calls)('%s refuses 31 or 33 characters and non-alphanumerics', async (_id, make) => {
    for (const id of bad) await expectRefused(make(id), 'clientTranId', /32/);
  });

  it.each(calls)('%s accepts 32 alphanumerics', async (_id, make) => {
    const sent = await expectSent(make(CLIENT_TRAN_ID));
    expect(sentValue(sent, 'clientTranId')).toBe(CLIENT_TRAN_ID);
  });
});
