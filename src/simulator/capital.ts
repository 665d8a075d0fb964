/**
 * Deposit addresses (B8, B9), deposit records (B10, B11; seeded by tests through the admin
 * interface) and withdrawals (B12) of sub-accounts.
 *
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import { requireActive } from './accounts.js';
import { decimal } from '../decimal/fixed.js';
import { SIM_CODES, SimError } from './errors.js';
import { randomHex } from './ids.js';
import { credit, debit } from './ledger.js';
import { pageOf, within } from './paging.js';
import type { Account, DepositAddressRecord, DepositRecordState, WithdrawalRecord, World } from './state.js';

/** Deposit status codes that mean the funds arrived (5 SUCCESS, 12 COMPLETED; docs/service.md). */
export const CREDITED_DEPOSIT_STATUSES: ReadonlySet<number> = new Set([5, 12]);

/**
 * Generates a new deposit address of `owner` for a coin on a network.
 *
 * @example
 * ```ts
 * createDepositAddress(world, sub, 'USDT', 'TRC20', now).address;
 * ```
 */
export function createDepositAddress(world: World, owner: Account, coin: string, network: string, now: number): DepositAddressRecord {
  requireActive(owner);
  const record: DepositAddressRecord = { ownerUid: owner.uid, coin, network, address: `0x${randomHex(20)}`, memo: '', createTime: now };
  world.depositAddresses.push(record);
  return record;
}

/**
 * `owner`'s deposit addresses for `coin`, oldest first.
 *
 * @example
 * ```ts
 * depositAddressesOf(world, sub, 'USDT');
 * ```
 */
export function depositAddressesOf(world: World, owner: Account, coin: string): readonly DepositAddressRecord[] {
  return world.depositAddresses.filter((a) => a.ownerUid === owner.uid && a.coin === coin);
}

/** A deposit a test seeds. */
export interface DepositInput {
  readonly coin: string;
  /** Default: the network of the owner's first address for the coin, else `'ERC20'`. */
  readonly network?: string;
  /** Positive decimal text. */
  readonly amount: string;
  /** Status code. Default 5 (SUCCESS). */
  readonly status?: number;
  /** Default: the owner's first address for the coin and network, else a fresh one. */
  readonly address?: string;
  readonly addressTag?: string;
  /** Default: random. */
  readonly txId?: string;
  /** When it happened, epoch ms. Default now. */
  readonly time?: number;
  /** Default 12. */
  readonly unlockConfirm?: number;
  /** Default `'12/12'`. */
  readonly confirmTimes?: string;
  /** Whether it credits the SPOT balance. Default: when the status is 5 or 12. */
  readonly credit?: boolean;
}

/**
 * Records a deposit to `owner` and, when credited, adds it to the SPOT balance.
 *
 * @example
 * ```ts
 * addDeposit(world, sub, { coin: 'USDT', network: 'TRC20', amount: '250' }, now);
 * ```
 */
export function addDeposit(world: World, owner: Account, input: DepositInput, now: number): DepositRecordState {
  const known = world.depositAddresses.find((a) => a.ownerUid === owner.uid && a.coin === input.coin && (input.network === undefined || a.network === input.network));
  const network = input.network ?? known?.network ?? 'ERC20';
  const amount = decimal(input.amount);
  if (amount <= 0n) throw new RangeError('a deposit amount must be positive');
  const status = input.status ?? 5;
  const credited = input.credit ?? CREDITED_DEPOSIT_STATUSES.has(status);
  const record: DepositRecordState = {
    ownerUid: owner.uid,
    coin: input.coin,
    network,
    amount,
    status,
    address: input.address ?? known?.address ?? `0x${randomHex(20)}`,
    addressTag: input.addressTag ?? '',
    txId: input.txId ?? `0x${randomHex(32)}`,
    unlockConfirm: input.unlockConfirm ?? 12,
    confirmTimes: input.confirmTimes ?? '12/12',
    insertTime: input.time ?? now,
    credited,
    seq: world.next('seq'),
  };
  world.deposits.push(record);
  if (credited) credit(world, { uid: owner.uid, accountType: 'SPOT', asset: input.coin, amount, reason: 'deposit', time: now });
  return record;
}

/** A deposit query with its window already settled. */
export interface DepositQuery {
  readonly coin?: string | undefined;
  readonly status?: number | undefined;
  readonly startTime: number;
  readonly endTime: number;
  readonly page: number;
  readonly limit: number;
}

/**
 * One page of the deposits of the accounts `owners`, newest first.
 *
 * @example
 * ```ts
 * listDeposits(world, new Set([sub.uid]), { startTime: now - 10 * DAY, endTime: now, page: 1, limit: 20 });
 * ```
 */
export function listDeposits(world: World, owners: ReadonlySet<string>, q: DepositQuery): readonly DepositRecordState[] {
  const matches = world.deposits.filter(
    (d) =>
      owners.has(d.ownerUid) &&
      (q.coin === undefined || d.coin === q.coin) &&
      (q.status === undefined || d.status === q.status) &&
      within(d.insertTime, q.startTime, q.endTime),
  );
  matches.sort((a, b) => b.insertTime - a.insertTime || b.seq - a.seq);
  return pageOf(matches, q.page, q.limit);
}

/** A withdrawal request, as checked by the endpoint table's parameter rules. */
export interface WithdrawRequest {
  readonly coin: string;
  readonly network: string;
  readonly address: string;
  /** Positive decimal text. */
  readonly amount: string;
  /** The fund password as hex MD5 (32 hex digits), when sent. */
  readonly password?: string | undefined;
  readonly remark?: string | undefined;
}

/**
 * The fund password rule of withdrawals: a sub-account created with a fund password (B2) must send
 * it, matching (either case; compared in constant time); one created without must send none, since
 * a password is what skips the address book (spec B12) and there is none to check it against.
 * Throws 10230 otherwise; the message never shows a password.
 *
 * @example
 * ```ts
 * requireFundPassword(sub, req.password);
 * ```
 */
export function requireFundPassword(owner: Account, given: string | undefined): void {
  const set = owner.fundPassword;
  if (set === undefined && given === undefined) return;
  if (set === undefined) throw new SimError(SIM_CODES.fundPasswordInvalid, 'no fund password is set for this account: send none');
  if (given === undefined) throw new SimError(SIM_CODES.fundPasswordInvalid, 'fund password required');
  const expected = Buffer.from(set, 'utf8');
  const sent = Buffer.from(given.toLowerCase(), 'utf8');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new SimError(SIM_CODES.fundPasswordInvalid, 'fund password incorrect');
  }
}

/**
 * Withdraws from `owner`'s SPOT balance (no fee); throws (changing nothing) 10230 when the fund
 * password rule is broken ({@link requireFundPassword}), 10101 when the balance is short.
 *
 * @example
 * ```ts
 * withdraw(world, sub, { coin: 'USDT', network: 'TRC20', address: 'T...', amount: '5' }, now).id;
 * ```
 */
export function withdraw(world: World, owner: Account, req: WithdrawRequest, now: number): WithdrawalRecord {
  requireActive(owner);
  requireFundPassword(owner, req.password);
  const amount = decimal(req.amount);
  debit(world, { uid: owner.uid, accountType: 'SPOT', asset: req.coin, amount, reason: 'withdraw', time: now });
  const record: WithdrawalRecord = {
    id: randomHex(16),
    ownerUid: owner.uid,
    coin: req.coin,
    network: req.network,
    address: req.address,
    amount,
    remark: req.remark,
    time: now,
  };
  world.withdrawals.push(record);
  return record;
}
