/**
 * Rows B8-B12 of the endpoint table: a broker sub-account's deposit addresses, deposit records and
 * withdrawals (spec 4.2). B8-B10 and B12 act for the sub-account whose key signs the call; B11 is
 * the broker's view over all its sub-accounts. GETs send everything in the signed query string;
 * POSTs a JSON body (docs/service.md).
 *
 * @module
 */
import { depositAddressDecoder, depositAddressListDecoder, depositPageDecoder, withdrawalReceiptDecoder } from '../codecs/capital.js';
import { optional, required } from '../params/field.js';
import { depositStatusCode, fundPassword, nonEmptyText, pageNumber, pageSize, positiveDecimal } from '../params/fields.js';
import { defineEndpoint } from './endpoint.js';
import { timeRange } from './shared-fields.js';

/** Parameters of B8 {@link brokerCreateDepositAddress}. */
export interface BrokerCreateDepositAddressParams {
  readonly coin: string;
  readonly network: string;
}

/** Parameters of B9 {@link brokerListDepositAddresses}. */
export interface BrokerListDepositAddressesParams {
  readonly coin: string;
}

/** The deposit-record filter B10 and B11 share. */
export interface DepositFilter {
  readonly coin?: string;
  /** Deposit status code (1 to 12). */
  readonly status?: number;
  /** Earliest time, epoch ms (B10: the last 10 days when omitted). */
  readonly startTime?: number;
  /** Latest time, epoch ms. */
  readonly endTime?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
}

/** Parameters of B10 {@link brokerListDeposits}. */
export interface BrokerListDepositsParams extends DepositFilter {
  /** Page size (default 20, no maximum). */
  readonly limit?: number;
}

/** Parameters of B11 {@link brokerListAllDeposits}. */
export interface BrokerListAllDepositsParams extends DepositFilter {
  /** Page size, 1 to 1000 (default 100). */
  readonly limit?: number;
}

/** Parameters of B12 {@link brokerWithdraw}. */
export interface BrokerWithdrawParams {
  readonly coin: string;
  readonly network: string;
  readonly address: string;
  /** Quantity as a positive decimal string. */
  readonly amount: string;
  /** Fund password as the hexadecimal MD5 of the password; when sent, the address book is not checked. Never logged. */
  readonly password?: string | undefined;
  readonly remark?: string | undefined;
}

const DEPOSIT_RECORDS = 'a read of deposit records, as B9 (spot deposit read) reads deposit addresses';

const brokerSubAccount = { group: 'broker', audience: 'broker-sub-account', weight: undefined } as const;
const broker = { group: 'broker', audience: 'broker', weight: undefined } as const;

/** B8: generate a deposit address for the signing sub-account. */
export const B8 = /* @__PURE__ */ defineEndpoint<BrokerCreateDepositAddressParams>()(brokerSubAccount, {
  id: 'B8',
  name: 'brokerCreateDepositAddress',
  summary: 'Generate a sub-account deposit address',
  method: 'POST',
  path: '/api/v3/broker/capital/deposit/subAddress',
  permission: 'SPOT_DEPOSIT_WRITE',
  permissionChoice: undefined,
  params: { coin: /* @__PURE__ */ required(nonEmptyText, 'coin'), network: /* @__PURE__ */ required(nonEmptyText, 'network') },
  response: depositAddressDecoder,
});

/** B9: the signing sub-account's deposit addresses for a coin. */
export const B9 = /* @__PURE__ */ defineEndpoint<BrokerListDepositAddressesParams>()(brokerSubAccount, {
  id: 'B9',
  name: 'brokerListDepositAddresses',
  summary: 'Get sub-account deposit addresses',
  method: 'GET',
  path: '/api/v3/broker/capital/deposit/subAddress',
  permission: 'SPOT_DEPOSIT_READ',
  permissionChoice: undefined,
  params: { coin: /* @__PURE__ */ required(nonEmptyText, 'coin') },
  response: depositAddressListDecoder,
});

/** B10: the signing sub-account's deposit records. */
export const B10 = /* @__PURE__ */ defineEndpoint<BrokerListDepositsParams>()(brokerSubAccount, {
  id: 'B10',
  name: 'brokerListDeposits',
  summary: 'Sub-account deposit records',
  method: 'GET',
  path: '/api/v3/broker/capital/deposit/subHisrec',
  permission: 'SPOT_DEPOSIT_READ',
  permissionChoice: DEPOSIT_RECORDS,
  params: {
    coin: /* @__PURE__ */ optional(nonEmptyText, 'coin'),
    status: /* @__PURE__ */ optional(depositStatusCode, 'deposit status code'),
    ...timeRange,
    limit: /* @__PURE__ */ optional(/* @__PURE__ */ pageSize(undefined), 'page size (default 20, no maximum)'),
    page: /* @__PURE__ */ optional(pageNumber, 'page number (default 1)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: undefined, defaultSize: 20 },
  response: depositPageDecoder,
});

/** B11: all sub-accounts' deposits of the last three days. */
export const B11 = /* @__PURE__ */ defineEndpoint<BrokerListAllDepositsParams>()(broker, {
  id: 'B11',
  name: 'brokerListAllDeposits',
  summary: "All sub-accounts' deposit records, last three days",
  method: 'GET',
  path: '/api/v3/broker/capital/deposit/subHisrec/getall',
  permission: 'SPOT_DEPOSIT_READ',
  permissionChoice: DEPOSIT_RECORDS,
  params: {
    coin: /* @__PURE__ */ optional(nonEmptyText, 'coin'),
    status: /* @__PURE__ */ optional(depositStatusCode, 'deposit status code'),
    ...timeRange,
    limit: /* @__PURE__ */ optional(/* @__PURE__ */ pageSize(1000), 'page size (default 100, max 1000)'),
    page: /* @__PURE__ */ optional(pageNumber, 'page number (default 1)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: 1000, defaultSize: 100 },
  response: depositPageDecoder,
});

/** B12: withdraw from the signing sub-account. */
export const B12 = /* @__PURE__ */ defineEndpoint<BrokerWithdrawParams>()(brokerSubAccount, {
  id: 'B12',
  name: 'brokerWithdraw',
  summary: 'Withdraw',
  method: 'POST',
  path: '/api/v3/broker/capital/withdraw/apply',
  permission: 'SPOT_TRANSFER_READ',
  permissionChoice: undefined,
  movesMoney: true,
  params: {
    coin: /* @__PURE__ */ required(nonEmptyText, 'coin'),
    network: /* @__PURE__ */ required(nonEmptyText, 'network'),
    address: /* @__PURE__ */ required(nonEmptyText, 'destination address'),
    amount: /* @__PURE__ */ required(positiveDecimal, 'quantity'),
    password: /* @__PURE__ */ optional(fundPassword, 'fund password, hex MD5', { secret: true }),
    remark: /* @__PURE__ */ optional(nonEmptyText, 'remark'),
  },
  response: withdrawalReceiptDecoder,
});
