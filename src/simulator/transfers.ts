/**
 * Universal transfers (M6, B13) and their history (M7, B1): a transfer moves an asset between the
 * caller (a master or broker account) and its sub-accounts, or between two of its sub-accounts,
 * atomically: every check passes before anything changes.
 *
 * @module
 */
import type { AccountType } from '../params/fields.js';
import { partyOf, requireActive } from './accounts.js';
import { decimal } from '../decimal/fixed.js';
import { SIM_CODES, SimError } from './errors.js';
import { randomHex } from './ids.js';
import { credit, debit, requireFunds } from './ledger.js';
import { pageOf, within } from './paging.js';
import type { Account, TransferRecord, World } from './state.js';

/** A transfer request, as checked by the endpoint table's parameter rules. */
export interface TransferRequest {
  readonly clientTranId?: string | undefined;
  /** Source: omitted means the caller. A name or uid. */
  readonly fromAccount?: string | undefined;
  /** Destination: omitted means the caller. A name or uid. */
  readonly toAccount?: string | undefined;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  readonly asset: string;
  /** Positive decimal text. */
  readonly amount: string;
}

/** How transfer ids look: numeric (M6, as in the docs) or 32 hex digits (B13). */
export type TranIdStyle = 'numeric' | 'hex';

/**
 * Runs a transfer for `caller`; returns the committed record, or throws (changing nothing):
 * 140001 unknown account, 140002 frozen, 10103 same account and type, 10200 clientTranId reused,
 * 10101 insufficient balance.
 *
 * @example
 * ```ts
 * transfer(world, master, { toAccount: 'strategy01', fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '10' }, now, 'numeric');
 * ```
 */
export function transfer(world: World, caller: Account, req: TransferRequest, now: number, style: TranIdStyle): TransferRecord {
  const from = partyOf(world, caller, req.fromAccount);
  const to = partyOf(world, caller, req.toAccount);
  requireActive(from);
  requireActive(to);
  if (from.uid === to.uid && req.fromAccountType === req.toAccountType) {
    throw new SimError(SIM_CODES.transferNotSupported, 'transfer to the same account and account type is not supported');
  }
  if (req.clientTranId !== undefined && world.transfers.some((t) => t.initiatorUid === caller.uid && t.clientTranId === req.clientTranId)) {
    throw new SimError(SIM_CODES.duplicateClientTranId, `clientTranId already used: ${req.clientTranId}`);
  }
  const amount = decimal(req.amount);
  requireFunds(world, from.uid, req.fromAccountType, req.asset, amount);
  debit(world, { uid: from.uid, accountType: req.fromAccountType, asset: req.asset, amount, reason: 'transfer', time: now });
  credit(world, { uid: to.uid, accountType: req.toAccountType, asset: req.asset, amount, reason: 'transfer', time: now });
  const record: TransferRecord = {
    tranId: style === 'hex' ? randomHex(16) : String(world.next('tranId')),
    clientTranId: req.clientTranId,
    initiatorUid: caller.uid,
    fromUid: from.uid,
    toUid: to.uid,
    fromAccountType: req.fromAccountType,
    toAccountType: req.toAccountType,
    asset: req.asset,
    amount,
    status: 'SUCCESS',
    timestamp: now,
    seq: world.next('seq'),
  };
  world.transfers.push(record);
  return record;
}

/** A history query, as checked by the endpoint table's parameter rules. */
export interface TransferQuery {
  readonly clientTranId?: string | undefined;
  readonly fromAccount?: string | undefined;
  readonly toAccount?: string | undefined;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly page?: number | undefined;
  readonly limit?: number | undefined;
}

/**
 * What an omitted `fromAccount`/`toAccount` means in a history query: `caller`, as the spec
 * says ("master account when omitted"), or `any` account.
 */
export type OmittedPartyFilter = 'caller' | 'any';

/**
 * One page of `caller`'s transfers matching `query`, newest first. Party filters take a name or
 * uid of the caller or one of its sub-accounts (140001 otherwise).
 *
 * @example
 * ```ts
 * transferHistory(world, master, { toAccount: 'strategy01', fromAccountType: 'SPOT', toAccountType: 'SPOT' }, 'caller', 500);
 * ```
 */
export function transferHistory(
  world: World,
  caller: Account,
  query: TransferQuery,
  omitted: OmittedPartyFilter,
  defaultLimit: number,
): readonly TransferRecord[] {
  const party = (ref: string | undefined): string | undefined =>
    ref === undefined && omitted === 'any' ? undefined : partyOf(world, caller, ref).uid;
  const fromUid = party(query.fromAccount);
  const toUid = party(query.toAccount);
  const matches = world.transfers.filter(
    (t) =>
      t.initiatorUid === caller.uid &&
      (fromUid === undefined || t.fromUid === fromUid) &&
      (toUid === undefined || t.toUid === toUid) &&
      t.fromAccountType === query.fromAccountType &&
      t.toAccountType === query.toAccountType &&
      (query.clientTranId === undefined || t.clientTranId === query.clientTranId) &&
      within(t.timestamp, query.startTime, query.endTime),
  );
  matches.sort((a, b) => b.timestamp - a.timestamp || b.seq - a.seq);
  return pageOf(matches, query.page ?? 1, query.limit ?? defaultLimit);
}
