/**
 * What the operation cases share: the case shape, fixed ids and the spec's example records.
 */
import type { Observable } from 'rxjs';
import type { CallOptions, Client, OperationId } from '../../../src/index.js';

/** A 32-character alphanumeric client transfer id. */
export const CLIENT_TRAN_ID = 'Tx0123456789abcdefABCDEF01234567';
export const LISTEN_KEY = 'pqia91ma19a5s61cv6a81va65sdf19v8a65a1a5s61cv6a81va65sdf19v8a65a1';
export const START = 1_699_990_000_000;
export const END = 1_699_999_999_999;


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

export const record = {
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
export const brokerRecord = {
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

export const transferQuery = [
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
