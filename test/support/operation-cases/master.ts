/**
 * The master account's operations M1-M8 as test cases (see ../operations.ts).
 */
import { createSubAccount, createSubAccountApiKey, deleteSubAccountApiKey, getSubAccountAssets, listSubAccountApiKeys, listSubAccounts, listUniversalTransfers } from '../../../src/index.js';
import { M6 } from '../../../src/endpoints/master.js';
import { CLIENT_TRAN_ID, START, END, record, transferQuery, type OperationCase } from './shared.js';

// Parameter objects list their keys out of spec order on purpose: the wire order must not follow them.
export const masterCases: readonly OperationCase[] = [
  {
    id: 'M1',
    method: 'POST',
    path: '/api/v3/sub-account/virtualSubAccount',
    run: (c, o) => createSubAccount(c, { note: "it's a (test) *note*!", subAccount: 'Alpha0001' }, o),
    query: [
      ['subAccount', 'Alpha0001'],
      ['note', "it's a (test) *note*!"],
    ],
    movesMoney: false,
    idempotent: false,
    example: { subAccount: 'Alpha0001', note: "it's a (test) *note*!" },
  },
  {
    id: 'M2',
    method: 'GET',
    path: '/api/v3/sub-account/list',
    run: (c, o) => listSubAccounts(c, { limit: 200, page: 2, isFreeze: false, subAccount: 'Alpha0001' }, o),
    query: [
      ['subAccount', 'Alpha0001'],
      ['isFreeze', 'false'],
      ['page', '2'],
      ['limit', '200'],
    ],
    movesMoney: false,
    idempotent: true,
    example: {
      subAccounts: [
        { subAccount: 'Alpha0001', isFreeze: false, createTime: 1544433328000, uid: '49910594' },
        { subAccount: 'Beta00002', isFreeze: true, createTime: 1544433329000, uid: '91605306' },
      ],
    },
  },
  {
    id: 'M3',
    method: 'POST',
    path: '/api/v3/sub-account/apiKey',
    run: (c, o) =>
      createSubAccountApiKey(
        c,
        { ip: ['203.0.113.7', '198.51.100.1'], permissions: ['SPOT_DEAL_READ', 'SPOT_DEAL_WRITE'], note: 'bot key', subAccount: 'Alpha0001' },
        o,
      ),
    query: [
      ['subAccount', 'Alpha0001'],
      ['note', 'bot key'],
      ['permissions', 'SPOT_DEAL_READ,SPOT_DEAL_WRITE'],
      ['ip', '203.0.113.7,198.51.100.1'],
    ],
    movesMoney: false,
    idempotent: false,
    example: {
      subAccount: 'Alpha0001',
      note: 'bot key',
      apiKey: 'mx0aBcDeFgHiJkL',
      secretKey: 'fresh0secret0of0new0key',
      permissions: 'SPOT_DEAL_READ,SPOT_DEAL_WRITE',
      ip: '203.0.113.7,198.51.100.1',
      creatTime: 1597026383085,
    },
  },
  {
    id: 'M4',
    method: 'GET',
    path: '/api/v3/sub-account/apiKey',
    run: (c, o) => listSubAccountApiKeys(c, { subAccount: 'Alpha0001' }, o),
    query: [['subAccount', 'Alpha0001']],
    movesMoney: false,
    idempotent: true,
    example: {
      subAccount: [
        { note: 'v5', apiKey: 'mx0key1', permissions: 'SPOT_ACCOUNT_READ,SPOT_ACCOUNT_WRITE', ip: '17.5.5.3,3.3.3.3', creatTime: 1597026383085 },
      ],
    },
  },
  {
    id: 'M5',
    method: 'DELETE',
    path: '/api/v3/sub-account/apiKey',
    run: (c, o) => deleteSubAccountApiKey(c, { apiKey: 'mx0key1', subAccount: 'Alpha0001' }, o),
    query: [
      ['subAccount', 'Alpha0001'],
      ['apiKey', 'mx0key1'],
    ],
    movesMoney: false,
    idempotent: false,
    example: { subAccount: 'Alpha0001' },
  },
  {
    id: 'M6',
    method: 'POST',
    path: '/api/v3/capital/sub-account/universalTransfer',
    // The row itself: these cases test one request on the wire; the history lookup that
    // universalTransfer adds on an unknown outcome is tested in safe-transfer.test.ts.
    run: (c, o) =>
      c.call(
        M6,
        {
          amount: '12.5',
          asset: 'USDT',
          toAccountType: 'FUTURES',
          fromAccountType: 'SPOT',
          toAccount: 'Beta00002',
          fromAccount: 'Alpha0001',
          clientTranId: CLIENT_TRAN_ID,
        },
        o,
      ),
    query: [
      ['clientTranId', CLIENT_TRAN_ID],
      ['fromAccount', 'Alpha0001'],
      ['toAccount', 'Beta00002'],
      ['fromAccountType', 'SPOT'],
      ['toAccountType', 'FUTURES'],
      ['asset', 'USDT'],
      ['amount', '12.5'],
    ],
    movesMoney: true,
    idempotent: false,
    example: { tranId: '11945860693' },
  },
  {
    id: 'M7',
    method: 'GET',
    path: '/api/v3/capital/sub-account/universalTransfer',
    run: (c, o) =>
      listUniversalTransfers(
        c,
        {
          limit: 500,
          page: 2,
          endTime: END,
          startTime: START,
          toAccountType: 'FUTURES',
          fromAccountType: 'SPOT',
          toAccount: 'Beta00002',
          fromAccount: 'Alpha0001',
          clientTranId: CLIENT_TRAN_ID,
        },
        o,
      ),
    query: transferQuery,
    movesMoney: false,
    idempotent: true,
    example: record,
  },
  {
    id: 'M8',
    method: 'GET',
    path: '/api/v3/sub-account/asset',
    run: (c, o) => getSubAccountAssets(c, { subAccount: 'Alpha0001' }, o),
    // The spec makes accountType required with SPOT the only supported value.
    query: [
      ['subAccount', 'Alpha0001'],
      ['accountType', 'SPOT'],
    ],
    movesMoney: false,
    idempotent: true,
    example: {
      balances: [
        { asset: 'BTC', free: '0.1', locked: '0' },
        { asset: 'USDT', free: '1250.00000001', locked: '12.5' },
      ],
    },
  },
];
