/**
 * The broker's operations B9-B15 as test cases (see ../operations.ts).
 */
import { brokerEnableFutures, brokerListAllDeposits, brokerListDepositAddresses, brokerListDeposits, brokerListRebates, brokerWithdraw } from '../../../src/index.js';
import { B13 } from '../../../src/endpoints/broker.js';
import { FUND_PASSWORD } from '../harness.js';
import { CLIENT_TRAN_ID, START, END, type OperationCase } from './shared.js';

// Parameter objects list their keys out of spec order on purpose: the wire order must not follow them.
export const brokerMoneyCases: readonly OperationCase[] = [
  {
    id: 'B9',
    method: 'GET',
    path: '/api/v3/broker/capital/deposit/subAddress',
    run: (c, o) => brokerListDepositAddresses(c, { coin: 'USDT' }, o),
    query: [['coin', 'USDT']],
    movesMoney: false,
    idempotent: true,
    example: [
      { address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA', coin: 'USDT', network: 'TRC20', memo: '' },
      { address: 'deposit.mexc', coin: 'EOS', network: 'EOS', memo: '778812' },
    ],
  },
  {
    id: 'B10',
    method: 'GET',
    path: '/api/v3/broker/capital/deposit/subHisrec',
    run: (c, o) => brokerListDeposits(c, { page: 3, limit: 5000, endTime: END, startTime: START, status: 5, coin: 'USDT' }, o),
    query: [
      ['coin', 'USDT'],
      ['status', '5'],
      ['startTime', String(START)],
      ['endTime', String(END)],
      ['limit', '5000'],
      ['page', '3'],
    ],
    movesMoney: false,
    idempotent: true,
    example: [
      {
        amount: '50000',
        coin: 'USDT',
        network: 'TRC20',
        status: 5,
        address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA',
        addressTag: '',
        txId: '0x5f4c7d1c2b',
        unlockConfirm: '12',
        confirmTimes: '12',
      },
    ],
  },
  {
    id: 'B11',
    method: 'GET',
    path: '/api/v3/broker/capital/deposit/subHisrec/getall',
    run: (c, o) => brokerListAllDeposits(c, { page: 1, limit: 1000, endTime: END, startTime: START, status: 1, coin: 'EOS' }, o),
    query: [
      ['coin', 'EOS'],
      ['status', '1'],
      ['startTime', String(START)],
      ['endTime', String(END)],
      ['limit', '1000'],
      ['page', '1'],
    ],
    movesMoney: false,
    idempotent: true,
    example: [
      {
        amount: '0.5',
        coin: 'EOS',
        network: 'EOS',
        status: 1,
        address: 'deposit.mexc',
        txId: 'b3a1e1f0',
        unlockConfirm: '3',
        confirmTimes: '1',
      },
    ],
  },
  {
    id: 'B12',
    method: 'POST',
    path: '/api/v3/broker/capital/withdraw/apply',
    run: (c, o) =>
      brokerWithdraw(
        c,
        {
          remark: 'payout 7',
          password: FUND_PASSWORD,
          amount: '25.75',
          address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA',
          network: 'TRC20',
          coin: 'USDT',
        },
        o,
      ),
    query: [],
    body: [
      ['coin', 'USDT'],
      ['network', 'TRC20'],
      ['address', 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA'],
      ['amount', '25.75'],
      ['password', FUND_PASSWORD],
      ['remark', 'payout 7'],
    ],
    movesMoney: true,
    idempotent: false,
    example: { id: '7213fea8e94b4a5593d507237e5a555b' },
  },
  {
    id: 'B13',
    method: 'POST',
    path: '/api/v3/broker/sub-account/universalTransfer',
    // The row itself, as for M6.
    run: (c, o) =>
      c.call(
        B13,
        {
          amount: '100',
          asset: 'USDT',
          toAccountType: 'SPOT',
          fromAccountType: 'SPOT',
          toAccount: 'Client0001',
          fromAccount: 'Client0002',
          clientTranId: CLIENT_TRAN_ID,
        },
        o,
      ),
    query: [],
    body: [
      ['clientTranId', CLIENT_TRAN_ID],
      ['fromAccount', 'Client0002'],
      ['toAccount', 'Client0001'],
      ['fromAccountType', 'SPOT'],
      ['toAccountType', 'SPOT'],
      ['asset', 'USDT'],
      ['amount', '100'],
    ],
    movesMoney: true,
    idempotent: false,
    example: { tranId: '7213fea8e94b4a5593d507237e5a555b' },
  },
  {
    id: 'B14',
    method: 'POST',
    path: '/api/v3/broker/sub-account/futures',
    run: (c, o) => brokerEnableFutures(c, { subAccount: 'Client0001' }, o),
    query: [],
    body: [['subAccount', 'Client0001']],
    movesMoney: false,
    idempotent: false,
    example: { code: '0', message: '', data: [{ subAccount: 'Client0001', isFuturesEnabled: true, timestamp: '1597026383085' }] },
  },
  {
    id: 'B15',
    method: 'GET',
    path: '/api/v3/broker/rebate/taxQuery',
    run: (c, o) => brokerListRebates(c, { pageSize: 50, page: 2, endTime: END, startTime: START }, o),
    query: [
      ['startTime', String(START)],
      ['endTime', String(END)],
      ['page', '2'],
      ['pageSize', '50'],
    ],
    movesMoney: false,
    idempotent: true,
    example: {
      page: 2,
      totalRecords: 51,
      totalPageNum: 2,
      data: [{ asset: 'USDT', type: 'spot', amount: '0.00000015', uid: '47643434', time: '20230318' }],
    },
  },
];
