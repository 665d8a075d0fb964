/**
 * One call of each of the 29 operations (the spec's 27 and the account reads A1, A2) through its public function, with parameters that pass the
 * client's checks. Used where the outcome does not depend on the parameters (authentication and
 * authorization refusals).
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
  brokerUniversalTransfer,
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
  universalTransfer,
  type Client,
  type OperationId,
} from '../../src/index.js';

/** A master's sub-account the calls name. */
export const MASTER_SUB = 'strategy01';
/** A broker's sub-account the calls name. */
export const BROKER_SUB = 'client0001';

const spot = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

/** Each operation, called through its public function. */
export const calls: Readonly<Record<OperationId, (client: Client) => Observable<unknown>>> = {
  M1: (c) => createSubAccount(c, { subAccount: 'newsub0001', note: 'n' }),
  M2: (c) => listSubAccounts(c, {}),
  M3: (c) => createSubAccountApiKey(c, { subAccount: MASTER_SUB, note: 'n', permissions: ['SPOT_ACCOUNT_READ'] }),
  M4: (c) => listSubAccountApiKeys(c, { subAccount: MASTER_SUB }),
  M5: (c) => deleteSubAccountApiKey(c, { subAccount: MASTER_SUB, apiKey: 'mx0vnosuchkey' }),
  M6: (c) => universalTransfer(c, { ...spot, toAccount: MASTER_SUB, asset: 'USDT', amount: '1' }),
  M7: (c) => listUniversalTransfers(c, { ...spot }),
  M8: (c) => getSubAccountAssets(c, { subAccount: MASTER_SUB }),
  B1: (c) => brokerListUniversalTransfers(c, { ...spot }),
  B2: (c) => brokerCreateSubAccount(c, { subAccount: 'newbsub001', note: 'n' }),
  B3: (c) => brokerListSubAccounts(c, {}),
  B4: (c) => brokerGetSubAccountStatus(c, { subAccount: BROKER_SUB }),
  B5: (c) => brokerCreateSubAccountApiKey(c, { subAccount: BROKER_SUB, permissions: ['SPOT_DEPOSIT_READ'], note: 'n' }),
  B6: (c) => brokerListSubAccountApiKeys(c, { subAccount: BROKER_SUB }),
  B7: (c) => brokerDeleteSubAccountApiKey(c, { subAccount: BROKER_SUB, apiKey: 'mx0vnosuchkey' }),
  B8: (c) => brokerCreateDepositAddress(c, { coin: 'USDT', network: 'TRC20' }),
  B9: (c) => brokerListDepositAddresses(c, { coin: 'USDT' }),
  B10: (c) => brokerListDeposits(c, {}),
  B11: (c) => brokerListAllDeposits(c, {}),
  B12: (c) => brokerWithdraw(c, { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '1' }),
  B13: (c) => brokerUniversalTransfer(c, { ...spot, toAccount: BROKER_SUB, asset: 'USDT', amount: '1' }),
  B14: (c) => brokerEnableFutures(c, { subAccount: BROKER_SUB }),
  B15: (c) => brokerListRebates(c, {}),
  L1: (c) => createListenKey(c),
  L2: (c) => listListenKeys(c),
  L3: (c) => keepAliveListenKey(c, { listenKey: 'nosuchkey' }),
  L4: (c) => closeListenKey(c, { listenKey: 'nosuchkey' }),
  A1: (c) => getAccount(c),
  A2: (c) => listOpenOrders(c, { symbol: 'BTCUSDT' }),
};
