/**
 * The operations group of the root entry: the REST operations, their parameter and result types,
 * the permission lists, and transfers that never run twice. For back offices and strategies
 * calling the REST API.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export {
  MASTER_PERMISSIONS,
  BROKER_PERMISSIONS,
  MAX_RECV_WINDOW,
  type AccountType,
  type MasterPermission,
  type BrokerPermission,
} from '../params/fields.js';
export type {
  CreateSubAccountParams,
  ListSubAccountsParams,
  CreateSubAccountApiKeyParams,
  ListSubAccountApiKeysParams,
  DeleteSubAccountApiKeyParams,
  UniversalTransferParams,
  ListUniversalTransfersParams,
  GetSubAccountAssetsParams,
} from '../endpoints/master.js';
export type {
  BrokerListUniversalTransfersParams,
  BrokerCreateSubAccountParams,
  BrokerListSubAccountsParams,
  BrokerSubAccountParams,
  BrokerCreateSubAccountApiKeyParams,
  BrokerDeleteSubAccountApiKeyParams,
  BrokerCreateDepositAddressParams,
  BrokerListDepositAddressesParams,
  BrokerListDepositsParams,
  BrokerListAllDepositsParams,
  DepositFilter,
  BrokerWithdrawParams,
  BrokerUniversalTransferParams,
  BrokerListRebatesParams,
} from '../endpoints/broker.js';
export type { NoParams, ListenKeyParams } from '../endpoints/listen-key.js';
export type { ListOpenOrdersParams } from '../endpoints/account.js';
export type { TransferHistoryParams, TransferParams, TransferParties } from '../endpoints/shared-fields.js';
export {
  DEPOSIT_STATUS_NAMES,
  type Account,
  type AssetBalance,
  type BrokerSubAccount,
  type BrokerSubAccountStatus,
  type CreatedApiKey,
  type CreatedSubAccount,
  type DeletedApiKey,
  type DepositAddress,
  type DepositRecord,
  type DepositStatusName,
  type FuturesEnablement,
  type KnownOr,
  type ListenKey,
  type ListenKeyList,
  type OpenOrder,
  type OpenOrderStatus,
  type OrderSide,
  type Page,
  type RebateRecord,
  type RebateType,
  type RestOrderType,
  type SubAccount,
  type SubAccountApiKey,
  type TimeInForce,
  type TransferReceipt,
  type TransferStatus,
  type UniversalTransferRecord,
  type WithdrawalReceipt,
} from '../codecs/results.js';
export {
  createSubAccount,
  listSubAccounts,
  createSubAccountApiKey,
  listSubAccountApiKeys,
  deleteSubAccountApiKey,
  universalTransfer,
  listUniversalTransfers,
  getSubAccountAssets,
} from '../operations/master.js';
export {
  brokerListUniversalTransfers,
  brokerCreateSubAccount,
  brokerListSubAccounts,
  brokerGetSubAccountStatus,
  brokerCreateSubAccountApiKey,
  brokerListSubAccountApiKeys,
  brokerDeleteSubAccountApiKey,
  brokerCreateDepositAddress,
  brokerListDepositAddresses,
  brokerListDeposits,
  brokerListAllDeposits,
  brokerWithdraw,
  brokerUniversalTransfer,
  brokerEnableFutures,
  brokerListRebates,
} from '../operations/broker.js';
export { createListenKey, listListenKeys, keepAliveListenKey, closeListenKey } from '../operations/listen-key.js';
export { getAccount, listOpenOrders } from '../operations/account.js';
export {
  newClientTranId,
  type TransferOptions,
  type TransferResult,
} from '../operations/safe-transfer.js';
