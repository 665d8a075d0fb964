/**
 * The broker's operations B1-B8 as test cases (see ../operations.ts).
 */
import { brokerCreateDepositAddress, brokerCreateSubAccount, brokerCreateSubAccountApiKey, brokerDeleteSubAccountApiKey, brokerGetSubAccountStatus, brokerListSubAccountApiKeys, brokerListSubAccounts, brokerListUniversalTransfers } from '../../../src/index.js';
import { FUND_PASSWORD } from '../harness.js';
import { CLIENT_TRAN_ID, START, END, brokerRecord, transferQuery, type OperationCase } from './shared.js';

// Parameter objects list their keys out of spec order on purpose: the wire order must not follow them.
export const brokerAccountsCases: readonly OperationCase[] = [
  {
    id: 'B1',
    method: 'GET',
    path: '/api/v3/broker/sub-account/universalTransfer',
    run: (c, o) =>
      brokerListUniversalTransfers(
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
    example: [brokerRecord],
  },
  {
    id: 'B2',
    method: 'POST',
    path: '/api/v3/broker/sub-account/virtualSubAccount',
    run: (c, o) => brokerCreateSubAccount(c, { password: FUND_PASSWORD, note: 'retail 1', subAccount: 'Client0001' }, o),
    query: [],
    body: [
      ['subAccount', 'Client0001'],
      ['note', 'retail 1'],
      ['password', FUND_PASSWORD],
    ],
    movesMoney: false,
    idempotent: false,
    example: { code: '0', message: '', data: [{ subAccount: 'Client0001', note: 'retail 1', timestamp: '1597026383085' }] },
  },
  {
    id: 'B3',
    method: 'GET',
    path: '/api/v3/broker/sub-account/list',
    run: (c, o) => brokerListSubAccounts(c, { limit: 200, page: 3, subAccount: 'Client0001' }, o),
    query: [
      ['subAccount', 'Client0001'],
      ['page', '3'],
      ['limit', '200'],
    ],
    movesMoney: false,
    idempotent: true,
    example: {
      code: '0',
      message: '',
      data: [
        { subAccount: 'Client0001', note: 'retail 1', timestamp: '1597026383085' },
        { subAccount: 'Client0002', note: '', timestamp: '1597026383999' },
      ],
    },
  },
  {
    id: 'B4',
    method: 'GET',
    path: '/api/v3/broker/sub-account/status',
    run: (c, o) => brokerGetSubAccountStatus(c, { subAccount: 'Client0001' }, o),
    query: [['subAccount', 'Client0001']],
    movesMoney: false,
    idempotent: true,
    example: { status: '1' },
  },
  {
    id: 'B5',
    method: 'POST',
    path: '/api/v3/broker/sub-account/apiKey',
    run: (c, o) =>
      brokerCreateSubAccountApiKey(
        c,
        {
          note: 'app',
          ip: ['1.2.3.4', '5.6.7.8'],
          permissions: ['SPOT_WITHDRAW_READ', 'SPOT_DEPOSIT_WRITE', 'SPOT_ACCOUNT_READ'],
          subAccount: 'Client0001',
        },
        o,
      ),
    query: [],
    body: [
      ['subAccount', 'Client0001'],
      ['permissions', 'SPOT_WITHDRAW_READ,SPOT_DEPOSIT_WRITE,SPOT_ACCOUNT_READ'],
      ['ip', '1.2.3.4,5.6.7.8'],
      ['note', 'app'],
    ],
    movesMoney: false,
    idempotent: false,
    example: {
      subAccount: 'Client0001',
      note: 'app',
      apikey: 'mx0brokerKey01',
      secretKey: 'fresh0broker0secret',
      permissions: 'SPOT_WITHDRAW_READ,SPOT_DEPOSIT_WRITE,SPOT_ACCOUNT_READ',
      ip: '1.2.3.4,5.6.7.8',
      createTime: 1597026383085,
    },
  },
  {
    id: 'B6',
    method: 'GET',
    path: '/api/v3/broker/sub-account/apiKey',
    run: (c, o) => brokerListSubAccountApiKeys(c, { subAccount: 'Client0001' }, o),
    query: [['subAccount', 'Client0001']],
    movesMoney: false,
    idempotent: true,
    example: {
      subAccount: [
        { note: 'app', apiKey: 'mx0brokerKey01', permissions: 'SPOT_ACCOUNT_READ', ip: '1.2.3.4', creatTime: 1597026383085 },
      ],
    },
  },
  {
    id: 'B7',
    method: 'DELETE',
    path: '/api/v3/broker/sub-account/apiKey',
    run: (c, o) => brokerDeleteSubAccountApiKey(c, { apiKey: 'mx0brokerKey01', subAccount: 'Client0001' }, o),
    query: [],
    body: [
      ['subAccount', 'Client0001'],
      ['apiKey', 'mx0brokerKey01'],
    ],
    movesMoney: false,
    idempotent: false,
    example: { subAccount: 'Client0001' },
  },
  {
    id: 'B8',
    method: 'POST',
    path: '/api/v3/broker/capital/deposit/subAddress',
    run: (c, o) => brokerCreateDepositAddress(c, { network: 'TRC20', coin: 'USDT' }, o),
    query: [],
    body: [
      ['coin', 'USDT'],
      ['network', 'TRC20'],
    ],
    movesMoney: false,
    idempotent: false,
    example: { address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA', coin: 'USDT', network: 'TRC20', memo: '' },
  },
];
