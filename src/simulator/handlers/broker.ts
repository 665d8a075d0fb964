/**
 * Handlers of the broker-account operations on sub-accounts, keys, transfers, futures and rebates
 * (B1-B7, B13-B15).
 *
 * @module
 */
import { B1, B2, B3, B4, B5, B6, B7, B13, B14, B15 } from '../../endpoints/broker.js';
import { createSubAccount, subAccountOf, subAccountsOf } from '../accounts.js';
import { formatDecimal } from '../../decimal/fixed.js';
import { pageOf } from '../paging.js';
import { dayText, listRebates } from '../rebates.js';
import type { Account } from '../state.js';
import { transfer, transferHistory } from '../transfers.js';
import { defaultPageSize, handler, type Handler } from './handler.js';
import { transferShape } from './shapes.js';
import { createSubAccountKey, deleteSubAccountKey, subAccountKeys } from './api-key-rows.js';

const brokerSubAccount = (s: Account): Record<string, unknown> => ({ subAccount: s.name, note: s.note, timestamp: String(s.createTime) });

/** B1-B7, B13-B15. */
export const brokerHandlers = {
  B1: handler(B1, (params, { world, caller, settings }) =>
    transferHistory(world, caller, params, settings.historyOmittedParty, defaultPageSize(B1)).map((t) => transferShape(world, t)),
  ),

  B2: handler(B2, ({ subAccount, note, password }, { world, caller, now }) => [
    brokerSubAccount(createSubAccount(world, caller, { name: subAccount, note, fundPassword: password }, now)),
  ]),

  B3: handler(B3, ({ subAccount, page, limit }, { world, caller }) => {
    const matches = subAccountsOf(world, caller).filter((s) => subAccount === undefined || s.name.toLowerCase() === subAccount.toLowerCase());
    return pageOf(matches, page ?? 1, limit ?? defaultPageSize(B3)).map(brokerSubAccount);
  }),

  B4: handler(B4, ({ subAccount }, { world, caller }) => ({ status: subAccountOf(world, caller, subAccount).frozen ? '2' : '1' })),

  B5: handler(B5, (params, ctx) => createSubAccountKey(ctx, params, { apiKey: 'apikey', createTime: 'createTime' })),

  B6: handler(B6, ({ subAccount }, ctx) => subAccountKeys(ctx, subAccount)),

  B7: handler(B7, ({ subAccount, apiKey }, ctx) => deleteSubAccountKey(ctx, subAccount, apiKey)),

  B13: handler(B13, (params, { world, caller, now }) => ({ tranId: transfer(world, caller, params, now, 'hex').tranId })),

  B14: handler(B14, ({ subAccount }, { world, caller, now }) => {
    const sub = subAccountOf(world, caller, subAccount);
    sub.futuresEnabled = true;
    return [{ subAccount: sub.name, isFuturesEnabled: true, timestamp: String(now) }];
  }),

  B15: handler(B15, ({ startTime, endTime, page, pageSize }, { world, caller }) => {
    const size = pageSize ?? defaultPageSize(B15);
    const result = listRebates(world, caller.uid, { startTime, endTime, page: page ?? 1, pageSize: size });
    return {
      page: page ?? 1,
      totalRecords: result.totalRecords,
      totalPageNum: result.totalPageNum,
      data: result.items.map((r) => ({ asset: r.asset, amount: formatDecimal(r.amount), type: r.type, uid: r.uid, time: dayText(r.day) })),
    };
  }),
} satisfies Readonly<Record<string, Handler>>;
