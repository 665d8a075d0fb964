/**
 * Rows B1-B15 of the endpoint table: broker-account operations (spec 4.2). GETs send everything in
 * the signed query string; POST and DELETE send their parameters as a JSON body, with `recvWindow`,
 * `timestamp` and `signature` in the query (docs/service.md). B1 and B13 (transfers) live in
 * `broker-transfer.ts`, B8-B12 (deposits and withdrawals) in `broker-capital.ts`; all are exported
 * from here.
 *
 * @module
 */
import { apiKeyListDecoder, createdApiKeyDecoder, deletedApiKeyDecoder } from '../codecs/api-key.js';
import { rebatePageDecoder } from '../codecs/capital.js';
import {
  brokerSubAccountPageDecoder,
  brokerSubAccountStatusDecoder,
  createdBrokerSubAccountDecoder,
  futuresEnablementDecoder,
} from '../codecs/sub-account.js';
import { optional, required } from '../params/field.js';
import {
  BROKER_PERMISSIONS,
  fundPassword,
  ipList,
  newSubAccountName,
  nonEmptyText,
  pageNumber,
  pageSize,
  permissionList,
  type BrokerPermission,
} from '../params/fields.js';
import { timeRange } from './shared-fields.js';
import { defineEndpoint } from './endpoint.js';

export { B8, B9, B10, B11, B12 } from './broker-capital.js';
export { B1, B13 } from './broker-transfer.js';
export type { BrokerListUniversalTransfersParams, BrokerUniversalTransferParams } from './broker-transfer.js';
export type {
  BrokerCreateDepositAddressParams,
  BrokerListAllDepositsParams,
  BrokerListDepositAddressesParams,
  BrokerListDepositsParams,
  BrokerWithdrawParams,
  DepositFilter,
} from './broker-capital.js';

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

/** Parameters of B15 {@link brokerListRebates}. */
export interface BrokerListRebatesParams {
  readonly startTime?: number;
  readonly endTime?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
  /** Page size (default 10). */
  readonly pageSize?: number;
}

const subAccountParam = { subAccount: /* @__PURE__ */ required(nonEmptyText, 'sub-account name') } as const;

/*
 * The spec names a permission for B1, B8, B9, B12 and B13 only ("weight and permission of the
 * others: not shown"); for the others, the choice and its reason.
 */
const SUB_ACCOUNT_MANAGEMENT =
  'the same management of sub-accounts and their keys as M1-M5, for which the spec names SPOT_ACCOUNT_READ';
const FUTURES_ENABLEMENT = "a change of a sub-account's settings, managed like B2-B7 (SPOT_ACCOUNT_READ, as M1-M5)";
const REBATE_RECORDS = "a read of the broker's own account records; no rebate permission exists";

const broker = { group: 'broker', audience: 'broker', weight: undefined } as const;

/** B2: create a broker sub-account. */
export const B2 = /* @__PURE__ */ defineEndpoint<BrokerCreateSubAccountParams>()(broker, {
  id: 'B2',
  name: 'brokerCreateSubAccount',
  summary: 'Create a broker sub-account',
  method: 'POST',
  path: '/api/v3/broker/sub-account/virtualSubAccount',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SUB_ACCOUNT_MANAGEMENT,
  envelope: true,
  params: {
    subAccount: /* @__PURE__ */ required(newSubAccountName, 'sub-account name'),
    note: /* @__PURE__ */ required(nonEmptyText, 'note'),
    password: /* @__PURE__ */ optional(fundPassword, 'fund password, hex MD5', { secret: true }),
  },
  response: createdBrokerSubAccountDecoder,
});

/** B3: list broker sub-accounts. */
export const B3 = /* @__PURE__ */ defineEndpoint<BrokerListSubAccountsParams>()(broker, {
  id: 'B3',
  name: 'brokerListSubAccounts',
  summary: 'List broker sub-accounts',
  method: 'GET',
  path: '/api/v3/broker/sub-account/list',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SUB_ACCOUNT_MANAGEMENT,
  envelope: true,
  params: {
    subAccount: /* @__PURE__ */ optional(nonEmptyText, 'name filter'),
    page: /* @__PURE__ */ optional(pageNumber, 'page number (default 1)'),
    limit: /* @__PURE__ */ optional(/* @__PURE__ */ pageSize(200), 'page size (default 10, max 200)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: 200, defaultSize: 10 },
  response: brokerSubAccountPageDecoder,
});

/** B4: a broker sub-account's status. */
export const B4 = /* @__PURE__ */ defineEndpoint<BrokerSubAccountParams>()(broker, {
  id: 'B4',
  name: 'brokerGetSubAccountStatus',
  summary: 'Sub-account status',
  method: 'GET',
  path: '/api/v3/broker/sub-account/status',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SUB_ACCOUNT_MANAGEMENT,
  params: subAccountParam,
  response: brokerSubAccountStatusDecoder,
});

/** B5: create an API key for a broker sub-account. */
export const B5 = /* @__PURE__ */ defineEndpoint<BrokerCreateSubAccountApiKeyParams>()(broker, {
  id: 'B5',
  name: 'brokerCreateSubAccountApiKey',
  summary: 'Create a broker sub-account API key',
  method: 'POST',
  path: '/api/v3/broker/sub-account/apiKey',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SUB_ACCOUNT_MANAGEMENT,
  params: {
    subAccount: /* @__PURE__ */ required(nonEmptyText, 'sub-account name'),
    permissions: /* @__PURE__ */ required(/* @__PURE__ */ permissionList(BROKER_PERMISSIONS), 'permissions, comma-joined'),
    ip: /* @__PURE__ */ optional(/* @__PURE__ */ ipList(4), 'bound IP addresses, comma-joined'),
    note: /* @__PURE__ */ required(nonEmptyText, 'note of the key'),
  },
  response: createdApiKeyDecoder,
});

/** B6: list a broker sub-account's API keys. */
export const B6 = /* @__PURE__ */ defineEndpoint<BrokerSubAccountParams>()(broker, {
  id: 'B6',
  name: 'brokerListSubAccountApiKeys',
  summary: 'List broker sub-account API keys',
  method: 'GET',
  path: '/api/v3/broker/sub-account/apiKey',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SUB_ACCOUNT_MANAGEMENT,
  params: subAccountParam,
  response: apiKeyListDecoder,
});

/** B7: delete a broker sub-account's API key. */
export const B7 = /* @__PURE__ */ defineEndpoint<BrokerDeleteSubAccountApiKeyParams>()(broker, {
  id: 'B7',
  name: 'brokerDeleteSubAccountApiKey',
  summary: 'Delete a broker sub-account API key',
  method: 'DELETE',
  path: '/api/v3/broker/sub-account/apiKey',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SUB_ACCOUNT_MANAGEMENT,
  params: {
    subAccount: /* @__PURE__ */ required(nonEmptyText, 'sub-account name'),
    apiKey: /* @__PURE__ */ required(nonEmptyText, 'public key to delete'),
  },
  response: deletedApiKeyDecoder,
});

/** B14: enable futures for a sub-account. */
export const B14 = /* @__PURE__ */ defineEndpoint<BrokerSubAccountParams>()(broker, {
  id: 'B14',
  name: 'brokerEnableFutures',
  summary: 'Enable futures for a sub-account',
  method: 'POST',
  path: '/api/v3/broker/sub-account/futures',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: FUTURES_ENABLEMENT,
  envelope: true,
  params: subAccountParam,
  response: futuresEnablementDecoder,
});

/** B15: rebate records. */
export const B15 = /* @__PURE__ */ defineEndpoint<BrokerListRebatesParams>()(broker, {
  id: 'B15',
  name: 'brokerListRebates',
  summary: 'Rebate records',
  method: 'GET',
  path: '/api/v3/broker/rebate/taxQuery',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: REBATE_RECORDS,
  params: {
    ...timeRange,
    page: /* @__PURE__ */ optional(pageNumber, 'page number (default 1)'),
    pageSize: /* @__PURE__ */ optional(/* @__PURE__ */ pageSize(undefined), 'page size (default 10)'),
  },
  paging: { page: 'page', size: 'pageSize', maxSize: undefined, defaultSize: 10 },
  response: rebatePageDecoder,
});
