/**
 * Handlers of the master-account operations M1-M8.
 *
 * @module
 */
import { M1, M2, M3, M4, M5, M6, M7, M8 } from '../../endpoints/master.js';
import { createSubAccount, subAccountOf, subAccountsOf } from '../accounts.js';
import { balancesOf } from '../ledger.js';
import { pageOf } from '../paging.js';
import { transfer, transferHistory } from '../transfers.js';
import { defaultPageSize, handler, type Handler } from './handler.js';
import { transferShape } from './shapes.js';
import { createSubAccountKey, deleteSubAccountKey, subAccountKeys } from './api-key-rows.js';

/** M1-M8. */
export const masterHandlers = {
  M1: handler(M1, ({ subAccount, note }, { world, caller, now }) => {
    const created = createSubAccount(world, caller, { name: subAccount, note }, now);
    return { subAccount: created.name, note: created.note };
  }),

  M2: handler(M2, ({ subAccount, isFreeze, page, limit }, { world, caller }) => {
    const matches = subAccountsOf(world, caller).filter(
      (s) => (subAccount === undefined || s.name.toLowerCase() === subAccount.toLowerCase()) && (isFreeze === undefined || s.frozen === isFreeze),
    );
    return {
      subAccounts: pageOf(matches, page ?? 1, limit ?? defaultPageSize(M2)).map((s) => ({
        subAccount: s.name,
        isFreeze: s.frozen,
        createTime: s.createTime,
        uid: s.uid,
      })),
    };
  }),

  M3: handler(M3, (params, ctx) => createSubAccountKey(ctx, params, { apiKey: 'apiKey', createTime: 'creatTime' })),

  M4: handler(M4, ({ subAccount }, ctx) => subAccountKeys(ctx, subAccount)),

  M5: handler(M5, ({ subAccount, apiKey }, ctx) => deleteSubAccountKey(ctx, subAccount, apiKey)),

  M6: handler(M6, (params, { world, caller, now }) => ({ tranId: transfer(world, caller, params, now, 'numeric').tranId })),

  M7: handler(M7, (params, { world, caller, settings }) =>
    transferHistory(world, caller, params, settings.historyOmittedParty, defaultPageSize(M7)).map((t) => transferShape(world, t)),
  ),

  M8: handler(M8, ({ subAccount, accountType }, { world, caller }) => ({
    balances: balancesOf(world, subAccountOf(world, caller, subAccount).uid, accountType ?? 'SPOT').map((b) => ({
      asset: b.asset,
      free: b.free,
      locked: b.locked,
    })),
  })),
} satisfies Readonly<Record<string, Handler>>;
