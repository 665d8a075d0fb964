/**
 * Balances per account, account type and asset: reads, credits and debits. Every change is
 * announced on `world.events` after it is made.
 *
 * @module
 */
import type { AccountType } from '../params/fields.js';
import { formatDecimal } from '../decimal/fixed.js';
import { SIM_CODES, SimError } from './errors.js';
import type { Balance, BalanceChangeReason, World } from './state.js';

/** One balance line as the outside sees it. */
export interface BalanceView {
  readonly accountType: AccountType;
  readonly asset: string;
  /** Available quantity, decimal text. */
  readonly free: string;
  /** Locked quantity, decimal text. */
  readonly locked: string;
}

/** One balance movement. */
export interface Movement {
  readonly uid: string;
  readonly accountType: AccountType;
  readonly asset: string;
  /** Units of 10^-30, positive. */
  readonly amount: bigint;
  readonly reason: BalanceChangeReason;
  readonly time: number;
}

function line(world: World, uid: string, accountType: AccountType, asset: string): Balance {
  let byType = world.balances.get(uid);
  if (!byType) world.balances.set(uid, (byType = new Map()));
  let byAsset = byType.get(accountType);
  if (!byAsset) byType.set(accountType, (byAsset = new Map()));
  let balance = byAsset.get(asset);
  if (!balance) byAsset.set(asset, (balance = { free: 0n, locked: 0n }));
  return balance;
}

/**
 * The available quantity of one line (zero when the account never held the asset).
 *
 * @example
 * ```ts
 * freeBalance(world, uid, 'SPOT', 'USDT') >= decimal('10');
 * ```
 */
export function freeBalance(world: World, uid: string, accountType: AccountType, asset: string): bigint {
  return world.balances.get(uid)?.get(accountType)?.get(asset)?.free ?? 0n;
}

function announce(world: World, m: Omit<Movement, 'amount'>, balance: Balance, freeChange: bigint, lockedChange: bigint): void {
  world.events.next({
    type: 'balance',
    uid: m.uid,
    accountType: m.accountType,
    asset: m.asset,
    free: formatDecimal(balance.free),
    freeChange: formatDecimal(freeChange),
    locked: formatDecimal(balance.locked),
    lockedChange: formatDecimal(lockedChange),
    reason: m.reason,
    time: m.time,
  });
}

/** A change of both parts of one balance line (locking, unlocking, settling a fill). */
export interface Adjustment extends Omit<Movement, 'amount'> {
  /** Change of the available part, units of 10^-30 (negative to take). */
  readonly freeChange: bigint;
  /** Change of the locked part, units of 10^-30 (negative to release). */
  readonly lockedChange: bigint;
}

/**
 * Changes the available and locked parts of one line at once, announcing one change; throws
 * (changing nothing) when either part would go below zero.
 *
 * @example
 * ```ts
 * // Lock 100 USDT for a buy order.
 * adjust(world, { uid, accountType: 'SPOT', asset: 'USDT', freeChange: -decimal('100'), lockedChange: decimal('100'), reason: 'order-place', time: now });
 * ```
 */
export function adjust(world: World, a: Adjustment): void {
  if (a.freeChange === 0n && a.lockedChange === 0n) return;
  const balance = line(world, a.uid, a.accountType, a.asset);
  if (balance.free + a.freeChange < 0n || balance.locked + a.lockedChange < 0n) {
    throw new SimError(SIM_CODES.insufficientBalance, `Insufficient balance of ${a.asset} in ${a.accountType}`);
  }
  balance.free += a.freeChange;
  balance.locked += a.lockedChange;
  announce(world, a, balance, a.freeChange, a.lockedChange);
}

/**
 * Adds `m.amount` to the available balance.
 *
 * @example
 * ```ts
 * credit(world, { uid, accountType: 'SPOT', asset: 'USDT', amount: decimal('5'), reason: 'fund', time: clock.now() });
 * ```
 */
export function credit(world: World, m: Movement): void {
  const balance = line(world, m.uid, m.accountType, m.asset);
  balance.free += m.amount;
  announce(world, m, balance, m.amount, 0n);
}

/**
 * Throws the insufficient-balance error unless the line holds at least `amount` available.
 *
 * @example
 * ```ts
 * requireFunds(world, uid, 'SPOT', 'BTC', decimal('1'));
 * ```
 */
export function requireFunds(world: World, uid: string, accountType: AccountType, asset: string, amount: bigint): void {
  if (freeBalance(world, uid, accountType, asset) < amount) {
    throw new SimError(SIM_CODES.insufficientBalance, `Insufficient balance of ${asset} in ${accountType}`);
  }
}

/**
 * Takes `m.amount` from the available balance; throws (changing nothing) when it is insufficient.
 *
 * @example
 * ```ts
 * debit(world, { uid, accountType: 'SPOT', asset: 'USDT', amount: decimal('5'), reason: 'withdraw', time: clock.now() });
 * ```
 */
export function debit(world: World, m: Movement): void {
  requireFunds(world, m.uid, m.accountType, m.asset, m.amount);
  const balance = line(world, m.uid, m.accountType, m.asset);
  balance.free -= m.amount;
  announce(world, m, balance, -m.amount, 0n);
}

/**
 * The balance lines of an account, optionally of one account type, sorted by type then asset.
 *
 * @example
 * ```ts
 * balancesOf(world, uid, 'SPOT'); // [{ accountType: 'SPOT', asset: 'BTC', free: '10', locked: '0' }, ...]
 * ```
 */
export function balancesOf(world: World, uid: string, accountType?: AccountType): readonly BalanceView[] {
  const out: BalanceView[] = [];
  for (const [type, byAsset] of world.balances.get(uid) ?? []) {
    if (accountType !== undefined && type !== accountType) continue;
    for (const [asset, b] of byAsset) {
      out.push({ accountType: type, asset, free: formatDecimal(b.free), locked: formatDecimal(b.locked) });
    }
  }
  return out.sort((a, b) => a.accountType.localeCompare(b.accountType) || a.asset.localeCompare(b.asset));
}

/**
 * The sum of each asset over every account and account type (free plus locked), as decimal text.
 *
 * @example
 * ```ts
 * totals(world).get('USDT'); // '200000'
 * ```
 */
export function totals(world: World): ReadonlyMap<string, string> {
  const sums = new Map<string, bigint>();
  for (const byType of world.balances.values()) {
    for (const byAsset of byType.values()) {
      for (const [asset, b] of byAsset) sums.set(asset, (sums.get(asset) ?? 0n) + b.free + b.locked);
    }
  }
  return new Map([...sums].map(([asset, units]) => [asset, formatDecimal(units)]));
}
