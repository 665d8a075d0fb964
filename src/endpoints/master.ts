/**
 * Rows M1-M8 of the endpoint table: master-account operations (spec 4.1). Every parameter travels
 * in the signed query string (docs/service.md).
 *
 * @module
 */
import { createdApiKeyDecoder, apiKeyListDecoder, deletedApiKeyDecoder } from '../codecs/api-key.js';
import { assetBalancesDecoder, createdSubAccountDecoder, subAccountPageDecoder } from '../codecs/sub-account.js';
import { transferHistoryDecoder, transferReceiptDecoder } from '../codecs/transfer.js';
import { optional, required } from '../params/field.js';
import {
  booleanFlag,
  ipList,
  MASTER_PERMISSIONS,
  newSubAccountName,
  nonEmptyText,
  pageNumber,
  pageSize,
  permissionList,
  spotOnly,
  type MasterPermission,
} from '../params/fields.js';
import { defineEndpoint } from './endpoint.js';
import { transferFields, transferHistoryFields, transferHistoryPaging, type TransferHistoryParams, type TransferParams } from './shared-fields.js';

/** Parameters of M1 {@link createSubAccount}. */
export interface CreateSubAccountParams {
  /** Name of the new sub-account: 8 to 32 letters and digits. */
  readonly subAccount: string;
  /** A note. */
  readonly note: string;
}

/** Parameters of M2 {@link listSubAccounts}. */
export interface ListSubAccountsParams {
  /** Only this sub-account. */
  readonly subAccount?: string;
  /** Only frozen (`true`) or only unfrozen (`false`) sub-accounts. */
  readonly isFreeze?: boolean;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
  /** Page size, 1 to 200 (default 10). */
  readonly limit?: number;
}

/** Parameters of M3 {@link createSubAccountApiKey}. */
export interface CreateSubAccountApiKeyParams {
  readonly subAccount: string;
  readonly note: string;
  /** One or more permission names of spec 2.2. */
  readonly permissions: readonly MasterPermission[];
  /** Up to 20 IP addresses the key is bound to. */
  readonly ip?: readonly string[];
}

/** Parameters of M4 {@link listSubAccountApiKeys}. */
export interface ListSubAccountApiKeysParams {
  readonly subAccount: string;
}

/** Parameters of M5 {@link deleteSubAccountApiKey}. */
export interface DeleteSubAccountApiKeyParams {
  readonly subAccount: string;
  /** The public key to delete. */
  readonly apiKey: string;
}

/** Parameters of M6 {@link universalTransfer}. */
export type UniversalTransferParams = TransferParams;

/** Parameters of M7 {@link listUniversalTransfers}. */
export type ListUniversalTransfersParams = TransferHistoryParams;

/** Parameters of M8 {@link getSubAccountAssets}. */
export interface GetSubAccountAssetsParams {
  /** A single sub-account. */
  readonly subAccount: string;
  /** `SPOT`, the only type the service supports (sent when left out). */
  readonly accountType?: 'SPOT';
}


/** What every master row shares: the master group, master accounts only, weight 1 (spec 4.1). */
const master = { group: 'master', audience: 'master', weight: 1 } as const;

/** M1: create a sub-account. */
export const M1 = /* @__PURE__ */ defineEndpoint<CreateSubAccountParams>()(master, {
  id: 'M1',
  name: 'createSubAccount',
  summary: 'Create a sub-account',
  method: 'POST',
  path: '/api/v3/sub-account/virtualSubAccount',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: undefined,
  params: {
    subAccount: /* @__PURE__ */ required(newSubAccountName, 'sub-account name'),
    note: /* @__PURE__ */ required(nonEmptyText, 'note'),
  },
  response: createdSubAccountDecoder,
});

/** M2: list sub-accounts. */
export const M2 = /* @__PURE__ */ defineEndpoint<ListSubAccountsParams>()(master, {
  id: 'M2',
  name: 'listSubAccounts',
  summary: 'List sub-accounts',
  method: 'GET',
  path: '/api/v3/sub-account/list',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: undefined,
  params: {
    subAccount: /* @__PURE__ */ optional(nonEmptyText, 'name filter'),
    isFreeze: /* @__PURE__ */ optional(booleanFlag, 'frozen filter'),
    page: /* @__PURE__ */ optional(pageNumber, 'page number (default 1)'),
    limit: /* @__PURE__ */ optional(/* @__PURE__ */ pageSize(200), 'page size (default 10, max 200)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: 200, defaultSize: 10 },
  response: subAccountPageDecoder,
});

/** M3: create an API key for a sub-account. */
export const M3 = /* @__PURE__ */ defineEndpoint<CreateSubAccountApiKeyParams>()(master, {
  id: 'M3',
  name: 'createSubAccountApiKey',
  summary: "Create a sub-account's API key",
  method: 'POST',
  path: '/api/v3/sub-account/apiKey',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: undefined,
  params: {
    subAccount: /* @__PURE__ */ required(nonEmptyText, 'sub-account name'),
    note: /* @__PURE__ */ required(nonEmptyText, 'note of the key'),
    permissions: /* @__PURE__ */ required(/* @__PURE__ */ permissionList(MASTER_PERMISSIONS), 'permissions, comma-joined'),
    ip: /* @__PURE__ */ optional(/* @__PURE__ */ ipList(20), 'bound IP addresses, comma-joined'),
  },
  response: createdApiKeyDecoder,
});

/** M4: list a sub-account's API keys. */
export const M4 = /* @__PURE__ */ defineEndpoint<ListSubAccountApiKeysParams>()(master, {
  id: 'M4',
  name: 'listSubAccountApiKeys',
  summary: "List a sub-account's API keys",
  method: 'GET',
  path: '/api/v3/sub-account/apiKey',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: undefined,
  params: { subAccount: /* @__PURE__ */ required(nonEmptyText, 'sub-account name') },
  response: apiKeyListDecoder,
});

/** M5: delete a sub-account's API key. */
export const M5 = /* @__PURE__ */ defineEndpoint<DeleteSubAccountApiKeyParams>()(master, {
  id: 'M5',
  name: 'deleteSubAccountApiKey',
  summary: "Delete a sub-account's API key",
  method: 'DELETE',
  path: '/api/v3/sub-account/apiKey',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: undefined,
  params: {
    subAccount: /* @__PURE__ */ required(nonEmptyText, 'sub-account name'),
    apiKey: /* @__PURE__ */ required(nonEmptyText, 'public key to delete'),
  },
  response: deletedApiKeyDecoder,
});

/** M6: universal transfer between master and sub-accounts. */
export const M6 = /* @__PURE__ */ defineEndpoint<UniversalTransferParams>()(master, {
  id: 'M6',
  name: 'universalTransfer',
  summary: 'Universal transfer',
  method: 'POST',
  path: '/api/v3/capital/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_WRITE',
  permissionChoice: undefined,
  movesMoney: true,
  params: transferFields,
  response: transferReceiptDecoder,
});

/** M7: universal transfer history. */
export const M7 = /* @__PURE__ */ defineEndpoint<ListUniversalTransfersParams>()(master, {
  id: 'M7',
  name: 'listUniversalTransfers',
  summary: 'Universal transfer history',
  method: 'GET',
  path: '/api/v3/capital/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_READ',
  permissionChoice: undefined,
  params: transferHistoryFields,
  paging: transferHistoryPaging,
  response: transferHistoryDecoder,
});

/** M8: a sub-account's balances. */
export const M8 = /* @__PURE__ */ defineEndpoint<GetSubAccountAssetsParams>()(master, {
  id: 'M8',
  name: 'getSubAccountAssets',
  summary: "A sub-account's assets",
  method: 'GET',
  path: '/api/v3/sub-account/asset',
  permission: 'SPOT_TRANSFER_READ',
  permissionChoice: undefined,
  params: {
    subAccount: /* @__PURE__ */ required(nonEmptyText, 'a single sub-account'),
    accountType: /* @__PURE__ */ optional(spotOnly, 'SPOT (sent when omitted)', { default: 'SPOT' }),
  },
  response: assetBalancesDecoder,
});
