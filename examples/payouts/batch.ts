/**
 * The batch a broker back office pays: one payout to each of its 25 sub-accounts, each under a key
 * of its own made of the batch's date and the payee (`payout-2026-12-06-client0007`), so the same
 * batch started again, in this process or another, names the same payouts.
 */

/** One payout of the batch. */
export interface Payout {
  /** The idempotency key: `payout-<date>-<account>`. */
  readonly key: string;
  /** The broker's sub-account paid. */
  readonly account: string;
  /** USDT paid, a decimal string. */
  readonly amount: string;
}

/** Sub-accounts paid by a batch. */
export const PAYEES = 25;

/**
 * The names of the batch's payees: `client0001` to `client0025`.
 *
 * @example
 * ```ts
 * payeeNames()[6]; // 'client0007'
 * ```
 */
export function payeeNames(): string[] {
  return Array.from({ length: PAYEES }, (_, index) => `client${String(index + 1).padStart(4, '0')}`);
}

/**
 * The batch of `date` (`YYYY-MM-DD`): payee number n is paid 10 × n USDT.
 *
 * @example
 * ```ts
 * payoutBatch('2026-12-06')[6]; // { key: 'payout-2026-12-06-client0007', account: 'client0007', amount: '70' }
 * ```
 */
export function payoutBatch(date: string): Payout[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`date: YYYY-MM-DD, not ${date}`);
  return payeeNames().map((account, index) => ({ key: `payout-${date}-${account}`, account, amount: String(10 * (index + 1)) }));
}
