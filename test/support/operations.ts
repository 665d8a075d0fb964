/**
 * The 27 operations of spec section 4 and the account reads A1, A2 as test cases, written from the
 * spec and docs/service.md (not from the endpoint table): how to call each one with every parameter it takes, what must go on the
 * wire, and an example response in the shape the spec describes.
 */
import type { Observable } from 'rxjs';
import {
  brokerCreateDepositAddress,
  brokerCreateSubAccount,
  brokerCreateSubAccountApiKey,
  brokerDeleteSubAccountApiKey,
  brokerEnableFutures,
  brokerGetSubAccountStatus,
  brokerListAllDeposits,
  brokerListDepositAddresses,
  brokerListDeposits,
  brokerListRebates,
  brokerListSubAccountApiKeys,
  brokerListSubAccounts,
  brokerListUniversalTransfers,
  brokerWithdraw,
  closeListenKey,
  createListenKey,
  createSubAccount,
  createSubAccountApiKey,
  deleteSubAccountApiKey,
  getAccount,
  getSubAccountAssets,
  keepAliveListenKey,
  listListenKeys,
  listOpenOrders,
  listSubAccountApiKeys,
  listSubAccounts,
  listUniversalTransfers,
  type CallOptions,
  type Client,
  type OperationId,
} from '../../src/index.js';
import { fakeFetch, json } from './fake-fetch.js';
import { M6 } from '../../src/endpoints/master.js';
import { B13 } from '../../src/endpoints/broker.js';
import { FUND_PASSWORD, makeClient } from './harness.js';

/** A 32-character alphanumeric client transfer id. */
export const CLIENT_TRAN_ID = 'Tx0123456789abcdefABCDEF01234567';
export const LISTEN_KEY = 'pqia91ma19a5s61cv6a81va65sdf19v8a65a1a5s61cv6a81va65sdf19v8a65a1';
const START = 1_699_990_000_000;
const END = 1_699_999_999_999;

/** One operation, called with every parameter it takes. */
export interface OperationCase {
  readonly id: OperationId;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** Calls the operation. */
  readonly run: (client: Client, options?: CallOptions) => Observable<unknown>;
  /** The operation's own parameters expected in the query, in spec order, as text. */
  readonly query: readonly (readonly [string, string])[];
  /** The JSON body expected (broker POST/DELETE), its keys in spec order. */
  readonly body?: readonly (readonly [string, string])[];
  /** M6, B12, B13. */
  readonly movesMoney: boolean;
  /** GETs, L3, L4. */
  readonly idempotent: boolean;
  /** A response as the spec describes it. */
  readonly example: unknown;
}

const record = {
  tranId: '11945860693',
  fromAccount: 'master@test.com',
  toAccount: 'subaccount1@test.com',
  clientTranId: 'test',
  asset: 'BTC',
  amount: '0.1',
  fromAccountType: 'SPOT',
  toAccountType: 'FUTURE',
  fromSymbol: 'ETHUSDT',
  toSymbol: 'ETHUSDT',
  status: 'SUCCESS',
  timestamp: 1544433325000,
};

/** Spec 2.3 record as the broker table spells it (lower-case symbol fields). */
const brokerRecord = {
  tranId: '264632086',
  fromAccount: '',
  toAccount: '',
  clientTranId: '',
  asset: 'USDT',
  amount: '1',
  fromAccountType: 'SPOT',
  toAccountType: 'FUTURES',
  fromsymbol: 'ETHUSDT',
  tosymbol: 'BTCUSDT',
  status: 'SUCCESS',
  timestamp: 1678603205000,
};

const transferQuery = [
  ['clientTranId', CLIENT_TRAN_ID],
  ['fromAccount', 'Alpha0001'],
  ['toAccount', 'Beta00002'],
  ['fromAccountType', 'SPOT'],
  ['toAccountType', 'FUTURES'],
  ['startTime', String(START)],
  ['endTime', String(END)],
  ['page', '2'],
  ['limit', '500'],
] as const;

/** A1's answer as docs/service.md shows it. */
export const ACCOUNT_EXAMPLE = {
  canTrade: true,
  canWithdraw: true,
  canDeposit: true,
  updateTime: null,
  accountType: 'SPOT',
  balances: [{ asset: 'NBNTEST', free: '1111078', locked: '33' }],
  permissions: ['SPOT'],
};

/** One order of A2's answer as docs/service.md lists its fields. */
export const OPEN_ORDER_EXAMPLE = {
  symbol: 'BTCUSDT',
  orderId: 'C02__505979017439002624115',
  orderListId: -1,
  clientOrderId: 'myOrder1',
  price: '30000.1',
  origQty: '0.01',
  executedQty: '0.004',
  cummulativeQuoteQty: '120.0004',
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

// Parameter objects list their keys out of spec order on purpose: the wire order must not follow them.
export const operationCases: readonly OperationCase[] = [
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
  {
    id: 'L1',
    method: 'POST',
    path: '/api/v3/userDataStream',
    run: (c, o) => createListenKey(c, {}, o),
    query: [],
    movesMoney: false,
    idempotent: false,
    example: { listenKey: LISTEN_KEY },
  },
  {
    id: 'L2',
    method: 'GET',
    path: '/api/v3/userDataStream',
    run: (c, o) => listListenKeys(c, {}, o),
    query: [],
    movesMoney: false,
    idempotent: true,
    example: { total: 2, available: '58', listenKey: [LISTEN_KEY, 'second0listen0key'] },
  },
  {
    id: 'L3',
    method: 'PUT',
    path: '/api/v3/userDataStream',
    run: (c, o) => keepAliveListenKey(c, { listenKey: LISTEN_KEY }, o),
    query: [['listenKey', LISTEN_KEY]],
    movesMoney: false,
    idempotent: true,
    example: { listenKey: LISTEN_KEY },
  },
  {
    id: 'L4',
    method: 'DELETE',
    path: '/api/v3/userDataStream',
    run: (c, o) => closeListenKey(c, { listenKey: LISTEN_KEY }, o),
    query: [['listenKey', LISTEN_KEY]],
    movesMoney: false,
    idempotent: true,
    example: { listenKey: LISTEN_KEY },
  },
  {
    id: 'A1',
    method: 'GET',
    path: '/api/v3/account',
    run: (c, o) => getAccount(c, {}, o),
    query: [],
    movesMoney: false,
    idempotent: true,
    example: ACCOUNT_EXAMPLE,
  },
  {
    id: 'A2',
    method: 'GET',
    path: '/api/v3/openOrders',
    run: (c, o) => listOpenOrders(c, { symbol: 'BTCUSDT' }, o),
    query: [['symbol', 'BTCUSDT']],
    movesMoney: false,
    idempotent: true,
    example: [OPEN_ORDER_EXAMPLE],
  },
];

/** The case of one operation. */
export function operationCase(id: OperationId): OperationCase {
  const found = operationCases.find((c) => c.id === id);
  if (!found) throw new Error(`no case for ${id}`);
  return found;
}

/** What operation `id` emits when the service answers `body` (HTTP 200, JSON). */
export function decodeVia(id: OperationId, body: unknown, status = 200): Observable<unknown> {
  const op = operationCase(id);
  return op.run(makeClient(fakeFetch(json(body, status)).fetch));
}
