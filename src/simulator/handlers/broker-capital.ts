/**
 * Handlers of the deposit and withdrawal operations (B8-B12). B8, B9, B10 and B12 act for the
 * sub-account whose key signs the call; B11 is the broker's view over all its sub-accounts.
 *
 * @module
 */
import { B8, B9, B10, B11, B12 } from '../../endpoints/broker.js';
import { subAccountsOf } from '../accounts.js';
import { createDepositAddress, depositAddressesOf, listDeposits, withdraw } from '../capital.js';
import type { DepositAddressRecord } from '../state.js';
import { defaultPageSize, handler, type Handler } from './handler.js';
import { depositShape } from './shapes.js';

const DAY = 86_400_000;

/** Default range of B10: the last 10 days. */
export const B10_DEFAULT_RANGE_MS = 10 * DAY;

/**
 * Start of B11's window: 00:00 UTC three days before `now`'s day.
 *
 * @example
 * ```ts
 * b11WindowStart(Date.UTC(2025, 0, 10, 15)); // Date.UTC(2025, 0, 7)
 * ```
 */
export function b11WindowStart(now: number): number {
  return Math.floor(now / DAY) * DAY - 3 * DAY;
}

const addressShape = (a: DepositAddressRecord): Record<string, unknown> => ({ address: a.address, coin: a.coin, network: a.network, memo: a.memo });

/** B8-B12. */
export const capitalHandlers = {
  B8: handler(B8, ({ coin, network }, { world, caller, now }) => addressShape(createDepositAddress(world, caller, coin, network, now))),

  B9: handler(B9, ({ coin }, { world, caller }) => depositAddressesOf(world, caller, coin).map(addressShape)),

  B10: handler(B10, ({ coin, status, startTime, endTime, limit, page }, { world, caller, now }) =>
    listDeposits(world, new Set([caller.uid]), {
      coin,
      status,
      startTime: startTime ?? now - B10_DEFAULT_RANGE_MS,
      endTime: endTime ?? now,
      page: page ?? 1,
      limit: limit ?? defaultPageSize(B10),
    }).map((d) => depositShape(d, true)),
  ),

  B11: handler(B11, ({ coin, status, startTime, endTime, limit, page }, { world, caller, now }) => {
    const windowStart = b11WindowStart(now);
    const owners = new Set(subAccountsOf(world, caller).map((s) => s.uid));
    return listDeposits(world, owners, {
      coin,
      status,
      startTime: Math.max(startTime ?? windowStart, windowStart),
      endTime: endTime ?? now,
      page: page ?? 1,
      limit: limit ?? defaultPageSize(B11),
    }).map((d) => depositShape(d, false));
  }),

  B12: handler(B12, (params, { world, caller, now }) => ({ id: withdraw(world, caller, params, now).id })),
} satisfies Readonly<Record<string, Handler>>;
