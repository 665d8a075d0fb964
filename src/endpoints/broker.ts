/**
 * Rows B1-B15 of the endpoint table: broker-account operations (spec 4.2). GETs send everything in
 * the signed query string; POST and DELETE send their parameters as a JSON body, with `recvWindow`,
 * `timestamp` and `signature` in the query (docs/service.md).
 *
 * @module
 */
import { apiKeyListDecoder, createdApiKeyDecoder, deletedApiKeyDecoder } from '../codecs/api-key.js';
import {
  depositAddressDecoder,
  depositAddressListDecoder,
  depositPageDecoder,
  rebatePageDecoder,
  withdrawalReceiptDecoder,
} from '../codecs/capital.js';
import {
  brokerSubAccountPageDecoder,
  brokerSubAccountStatusDecoder,
  createdBrokerSubAccountDecoder,
  futuresEnablementDecoder,
} from '../codecs/sub-account.js';
import { brokerTransferHistoryDecoder, transferReceiptDecoder } from '../codecs/transfer.js';
import { optional, required } from '../params/field.js';
import {
  accountType,
  BROKER_PERMISSIONS,
  clientTranId,
  depositStatusCode,
  epochMillis,
  fundPassword,
  ipList,
  newSubAccountName,
  nonEmptyText,
  pageNumber,
  pageSize,
  permissionList,
  positiveDecimal,
  type AccountType,
  type BrokerPermission,
} from '../params/fields.js';
import { defineEndpoint } from './endpoint.js';

/** Parameters of B1 {@link brokerListUniversalTransfers}. */
export interface BrokerListUniversalTransfersParams {
  readonly clientTranId?: string;
  readonly fromAccount?: string;
  readonly toAccount?: string;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  /** Earliest time, epoch ms. */
  readonly startTime?: number;
  /** Latest time, epoch ms. */
  readonly endTime?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
  /** Page size, 1 to 500 (default 500). */
  readonly limit?: number;
}

/** Parameters of B2 {@link brokerCreateSubAccount}. */
export interface BrokerCreateSubAccountParams {
  /** Name of the new sub-account: 8 to 32 letters and digits. */
  readonly subAccount: string;
  readonly note: string;
  /** Fund password as the hexadecimal MD5 of the password (32 hex digits). Never logged. */
  readonly password?: string;
}

/** Parameters of B3 {@link brokerListSubAccounts}. */
export interface BrokerListSubAccountsParams {
  readonly subAccount?: string;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
  /** Page size, 1 to 200 (default 10). */
  readonly limit?: number;
}

/** Parameters of operations on one named sub-account (B4, B6, B14). */
export interface BrokerSubAccountParams {
  readonly subAccount: string;
}

/** Parameters of B5 {@link brokerCreateSubAccountApiKey}. */
export interface BrokerCreateSubAccountApiKeyParams {
  readonly subAccount: string;
  /** One or more permission names. */
  readonly permissions: readonly BrokerPermission[];
  /** Up to 4 IP addresses the key is bound to. */
  readonly ip?: readonly string[];
  readonly note: string;
}

/** Parameters of B7 {@link brokerDeleteSubAccountApiKey}. */
export interface BrokerDeleteSubAccountApiKeyParams {
  readonly subAccount: string;
  /** The public key to delete. */
  readonly apiKey: string;
}

/** Parameters of B8 {@link brokerCreateDepositAddress}. */
export interface BrokerCreateDepositAddressParams {
  readonly coin: string;
  readonly network: string;
}

/** Parameters of B9 {@link brokerListDepositAddresses}. */
export interface BrokerListDepositAddressesParams {
  readonly coin: string;
}

/** Parameters of B10 {@link brokerListDeposits}. */
export interface BrokerListDepositsParams {
  readonly coin?: string;
  /** Deposit status code (1 to 12). */
  readonly status?: number;
  /** Earliest time, epoch ms (the last 10 days when omitted). */
  readonly startTime?: number;
  readonly endTime?: number;
  /** Page size (default 20, no maximum). */
  readonly limit?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
}

/** Parameters of B11 {@link brokerListAllDeposits}. */
export interface BrokerListAllDepositsParams {
  readonly coin?: string;
  readonly status?: number;
  readonly startTime?: number;
  readonly endTime?: number;
  /** Page size, 1 to 1000 (default 100). */
  readonly limit?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
}

/** Parameters of B12 {@link brokerWithdraw}. */
export interface BrokerWithdrawParams {
  readonly coin: string;
  readonly network: string;
  readonly address: string;
  /** Quantity as a positive decimal string. */
  readonly amount: string;
  /** Fund password as the hexadecimal MD5 of the password; when sent, the address book is not checked. Never logged. */
  readonly password?: string;
  readonly remark?: string;
}

/** Parameters of B13 {@link brokerUniversalTransfer}. */
export interface BrokerUniversalTransferParams {
  /** Your id for the transfer, 32 letters and digits: the key to find it again after a failure. */
  readonly clientTranId?: string;
  readonly fromAccount?: string;
  readonly toAccount?: string;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  readonly asset: string;
  /** Quantity as a positive decimal string. */
  readonly amount: string;
}

/** Parameters of B15 {@link brokerListRebates}. */
export interface BrokerListRebatesParams {
  readonly startTime?: number;
  readonly endTime?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
  /** Page size (default 10). */
  readonly pageSize?: number;
}

const subAccountParam = { subAccount: required(nonEmptyText, 'sub-account name') } as const;

const transferParties = {
  clientTranId: optional(clientTranId, 'your transfer id'),
  fromAccount: optional(nonEmptyText, 'source sub-account (master when omitted)'),
  toAccount: optional(nonEmptyText, 'destination sub-account (master when omitted)'),
  fromAccountType: required(accountType, 'source account type'),
  toAccountType: required(accountType, 'destination account type'),
} as const;

const timeRange = {
  startTime: optional(epochMillis, 'earliest time, epoch ms'),
  endTime: optional(epochMillis, 'latest time, epoch ms'),
} as const;

const broker = { group: 'broker', audience: 'broker', weight: undefined } as const;
const brokerSubAccount = { group: 'broker', audience: 'broker-sub-account', weight: undefined } as const;

/** B1: the broker's universal transfer history. */
export const B1 = defineEndpoint<BrokerListUniversalTransfersParams>()({
  ...broker,
  id: 'B1',
  name: 'brokerListUniversalTransfers',
  summary: 'Universal transfer history (broker)',
  method: 'GET',
  path: '/api/v3/broker/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_READ',
  params: {
    ...transferParties,
    ...timeRange,
    page: optional(pageNumber, 'page number (default 1)'),
    limit: optional(pageSize(500), 'page size (default 500, max 500)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: 500, defaultSize: 500 },
  response: brokerTransferHistoryDecoder,
});

/** B2: create a broker sub-account. */
export const B2 = defineEndpoint<BrokerCreateSubAccountParams>()({
  ...broker,
  id: 'B2',
  name: 'brokerCreateSubAccount',
  summary: 'Create a broker sub-account',
  method: 'POST',
  path: '/api/v3/broker/sub-account/virtualSubAccount',
  permission: undefined,
  envelope: true,
  params: {
    subAccount: required(newSubAccountName, 'sub-account name'),
    note: required(nonEmptyText, 'note'),
    password: optional(fundPassword, 'fund password, hex MD5', { secret: true }),
  },
  response: createdBrokerSubAccountDecoder,
});

/** B3: list broker sub-accounts. */
export const B3 = defineEndpoint<BrokerListSubAccountsParams>()({
  ...broker,
  id: 'B3',
  name: 'brokerListSubAccounts',
  summary: 'List broker sub-accounts',
  method: 'GET',
  path: '/api/v3/broker/sub-account/list',
  permission: undefined,
  envelope: true,
  params: {
    subAccount: optional(nonEmptyText, 'name filter'),
    page: optional(pageNumber, 'page number (default 1)'),
    limit: optional(pageSize(200), 'page size (default 10, max 200)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: 200, defaultSize: 10 },
  response: brokerSubAccountPageDecoder,
});

/** B4: a broker sub-account's status. */
export const B4 = defineEndpoint<BrokerSubAccountParams>()({
  ...broker,
  id: 'B4',
  name: 'brokerGetSubAccountStatus',
  summary: 'Sub-account status',
  method: 'GET',
  path: '/api/v3/broker/sub-account/status',
  permission: undefined,
  params: subAccountParam,
  response: brokerSubAccountStatusDecoder,
});

/** B5: create an API key for a broker sub-account. */
export const B5 = defineEndpoint<BrokerCreateSubAccountApiKeyParams>()({
  ...broker,
  id: 'B5',
  name: 'brokerCreateSubAccountApiKey',
  summary: 'Create a broker sub-account API key',
  method: 'POST',
  path: '/api/v3/broker/sub-account/apiKey',
  permission: undefined,
  params: {
    subAccount: required(nonEmptyText, 'sub-account name'),
    permissions: required(permissionList(BROKER_PERMISSIONS), 'permissions, comma-joined'),
    ip: optional(ipList(4), 'bound IP addresses, comma-joined'),
    note: required(nonEmptyText, 'note of the key'),
  },
  response: createdApiKeyDecoder,
});

/** B6: list a broker sub-account's API keys. */
export const B6 = defineEndpoint<BrokerSubAccountParams>()({
  ...broker,
  id: 'B6',
  name: 'brokerListSubAccountApiKeys',
  summary: 'List broker sub-account API keys',
  method: 'GET',
  path: '/api/v3/broker/sub-account/apiKey',
  permission: undefined,
  params: subAccountParam,
  response: apiKeyListDecoder,
});

/** B7: delete a broker sub-account's API key. */
export const B7 = defineEndpoint<BrokerDeleteSubAccountApiKeyParams>()({
  ...broker,
  id: 'B7',
  name: 'brokerDeleteSubAccountApiKey',
  summary: 'Delete a broker sub-account API key',
  method: 'DELETE',
  path: '/api/v3/broker/sub-account/apiKey',
  permission: undefined,
  params: {
    subAccount: required(nonEmptyText, 'sub-account name'),
    apiKey: required(nonEmptyText, 'public key to delete'),
  },
  response: deletedApiKeyDecoder,
});

/** B8: generate a deposit address for the signing sub-account. */
export const B8 = defineEndpoint<BrokerCreateDepositAddressParams>()({
  ...brokerSubAccount,
  id: 'B8',
  name: 'brokerCreateDepositAddress',
  summary: 'Generate a sub-account deposit address',
  method: 'POST',
  path: '/api/v3/broker/capital/deposit/subAddress',
  permission: 'SPOT_DEPOSIT_WRITE',
  params: { coin: required(nonEmptyText, 'coin'), network: required(nonEmptyText, 'network') },
  response: depositAddressDecoder,
});

/** B9: the signing sub-account's deposit addresses for a coin. */
export const B9 = defineEndpoint<BrokerListDepositAddressesParams>()({
  ...brokerSubAccount,
  id: 'B9',
  name: 'brokerListDepositAddresses',
  summary: 'Get sub-account deposit addresses',
  method: 'GET',
  path: '/api/v3/broker/capital/deposit/subAddress',
  permission: 'SPOT_DEPOSIT_READ',
  params: { coin: required(nonEmptyText, 'coin') },
  response: depositAddressListDecoder,
});

/** B10: the signing sub-account's deposit records. */
export const B10 = defineEndpoint<BrokerListDepositsParams>()({
  ...brokerSubAccount,
  id: 'B10',
  name: 'brokerListDeposits',
  summary: 'Sub-account deposit records',
  method: 'GET',
  path: '/api/v3/broker/capital/deposit/subHisrec',
  permission: undefined,
  params: {
    coin: optional(nonEmptyText, 'coin'),
    status: optional(depositStatusCode, 'deposit status code'),
    ...timeRange,
    limit: optional(pageSize(undefined), 'page size (default 20, no maximum)'),
    page: optional(pageNumber, 'page number (default 1)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: undefined, defaultSize: 20 },
  response: depositPageDecoder,
});

/** B11: all sub-accounts' deposits of the last three days. */
export const B11 = defineEndpoint<BrokerListAllDepositsParams>()({
  ...broker,
  id: 'B11',
  name: 'brokerListAllDeposits',
  summary: "All sub-accounts' deposit records, last three days",
  method: 'GET',
  path: '/api/v3/broker/capital/deposit/subHisrec/getall',
  permission: undefined,
  params: {
    coin: optional(nonEmptyText, 'coin'),
    status: optional(depositStatusCode, 'deposit status code'),
    ...timeRange,
    limit: optional(pageSize(1000), 'page size (default 100, max 1000)'),
    page: optional(pageNumber, 'page number (default 1)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: 1000, defaultSize: 100 },
  response: depositPageDecoder,
});

/** B12: withdraw from the signing sub-account. */
export const B12 = defineEndpoint<BrokerWithdrawParams>()({
  ...brokerSubAccount,
  id: 'B12',
  name: 'brokerWithdraw',
  summary: 'Withdraw',
  method: 'POST',
  path: '/api/v3/broker/capital/withdraw/apply',
  permission: 'SPOT_TRANSFER_READ',
  movesMoney: true,
  params: {
    coin: required(nonEmptyText, 'coin'),
    network: required(nonEmptyText, 'network'),
    address: required(nonEmptyText, 'destination address'),
    amount: required(positiveDecimal, 'quantity'),
    password: optional(fundPassword, 'fund password, hex MD5', { secret: true }),
    remark: optional(nonEmptyText, 'remark'),
  },
  response: withdrawalReceiptDecoder,
});

/** B13: broker universal transfer. */
export const B13 = defineEndpoint<BrokerUniversalTransferParams>()({
  ...broker,
  id: 'B13',
  name: 'brokerUniversalTransfer',
  summary: 'Broker universal transfer',
  method: 'POST',
  path: '/api/v3/broker/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_READ',
  movesMoney: true,
  params: {
    ...transferParties,
    asset: required(nonEmptyText, 'asset name'),
    amount: required(positiveDecimal, 'quantity'),
  },
  response: transferReceiptDecoder,
});

/** B14: enable futures for a sub-account. */
export const B14 = defineEndpoint<BrokerSubAccountParams>()({
  ...broker,
  id: 'B14',
  name: 'brokerEnableFutures',
  summary: 'Enable futures for a sub-account',
  method: 'POST',
  path: '/api/v3/broker/sub-account/futures',
  permission: undefined,
  envelope: true,
  params: subAccountParam,
  response: futuresEnablementDecoder,
});

/** B15: rebate records. */
export const B15 = defineEndpoint<BrokerListRebatesParams>()({
  ...broker,
  id: 'B15',
  name: 'brokerListRebates',
  summary: 'Rebate records',
  method: 'GET',
  path: '/api/v3/broker/rebate/taxQuery',
  permission: undefined,
  params: {
    ...timeRange,
    page: optional(pageNumber, 'page number (default 1)'),
    pageSize: optional(pageSize(undefined), 'page size (default 10)'),
  },
  paging: { page: 'page', size: 'pageSize', maxSize: undefined, defaultSize: 10 },
  response: rebatePageDecoder,
});
