/**
 * The balance of one asset as {@link balanceSnapshots} holds it, the seed shape, and the rule that
 * decides whether an account event is newer than what is held.
 *
 * @module
 */
import type { AccountEvent } from '../../stream/events.js';
import { addDecimal, compareDecimal, subtractDecimal } from '../../decimal/arithmetic.js';

/** One asset's balance. */
export interface AssetBalanceState {
  /** Asset name, e.g. `USDT`. */
  readonly asset: string;
  /** AVAILABLE balance, decimal text (`AccountEvent.free`, the wire's `balanceAmount`; a seed's `free`). */
  readonly free: string;
  /** Frozen balance, decimal text (`AccountEvent.frozen`; a seed's `locked`). */
  readonly frozen: string;
  /** `free + frozen`, computed exactly, decimal text. */
  readonly total: string;
  /**
   * Settlement time of the account event this balance comes from, epoch ms; `undefined` when it
   * comes from a seed or resync and no event has changed it since.
   */
  readonly updatedAt: number | undefined;
}

/** A balance from elsewhere (M8 `getSubAccountAssets` returns these): `locked` is the frozen part. */
export interface BalanceSeed {
  readonly asset: string;
  /** Available quantity, decimal text. */
  readonly free: string;
  /** Locked (frozen) quantity, decimal text. */
  readonly locked: string;
}

/**
 * The balance an account event leaves, with its total.
 *
 * @example
 * ```ts
 * balanceOfEvent({ ...event, asset: 'USDT', free: '0.1', frozen: '0.2', time: 5 }).total; // '0.3'
 * ```
 */
export function balanceOfEvent(event: AccountEvent): AssetBalanceState {
  return Object.freeze({ asset: event.asset, free: event.free, frozen: event.frozen, total: addDecimal(event.free, event.frozen), updatedAt: event.time });
}

/**
 * The balance a seed entry gives, with its total.
 *
 * @example
 * ```ts
 * balanceOfSeed({ asset: 'MX', free: '1.5', locked: '0.5' }); // { asset: 'MX', free: '1.5', frozen: '0.5', total: '2', updatedAt: undefined }
 * ```
 */
export function balanceOfSeed(seed: BalanceSeed): AssetBalanceState {
  return Object.freeze({ asset: seed.asset, free: seed.free, frozen: seed.locked, total: addDecimal(seed.free, seed.locked), updatedAt: undefined });
}

function sameAmounts(aFree: string, aFrozen: string, bFree: string, bFrozen: string): boolean {
  return compareDecimal(aFree, bFree) === 0 && compareDecimal(aFrozen, bFrozen) === 0;
}

/** The balance just before an event: its amounts minus its changes. */
function before(event: AccountEvent): readonly [string, string] {
  return [subtractDecimal(event.free, event.freeChange), subtractDecimal(event.frozen, event.frozenChange)];
}

/**
 * Whether `next` should replace a balance last set by `last` (both events of one asset): a later
 * settlement time wins, an earlier one loses. At the same millisecond the events' changes decide:
 * `next` is applied when it follows `last` (its balance before the change is `last`'s balance
 * after it) and dropped when it precedes `last` or repeats it; otherwise arrival order decides.
 *
 * @example
 * ```ts
 * isNewerAccountEvent({ ...e, time: 2 }, { ...e, time: 1 }); // true
 * isNewerAccountEvent({ ...e, time: 1 }, { ...e, time: 2 }); // false: late, would regress
 * ```
 */
export function isNewerAccountEvent(next: AccountEvent, last: AccountEvent): boolean {
  if (next.time !== last.time) return next.time > last.time;
  const [nextFree, nextFrozen] = before(next);
  if (sameAmounts(nextFree, nextFrozen, last.free, last.frozen)) return !sameAmounts(next.free, next.frozen, last.free, last.frozen);
  const [lastFree, lastFrozen] = before(last);
  if (sameAmounts(lastFree, lastFrozen, next.free, next.frozen)) return false;
  return !sameAmounts(next.free, next.frozen, last.free, last.frozen);
}
