/**
 * Splitting accounts between workers: each account belongs to exactly one of `workerCount`
 * workers, decided by rendezvous (highest random weight) hashing of the account id. Every worker
 * computes the same answer with no coordination, and when the number of workers changes from N
 * to N+1 only about 1/(N+1) of the accounts move (to the new worker); the rest stay put.
 *
 * @module
 */
import { map, type OperatorFunction } from 'rxjs';
import { ValidationError } from '../errors.js';
import { hash53 } from '../internal/hash.js';

function checkWorkers(workerIndex: number, workerCount: number): void {
  if (!Number.isSafeInteger(workerCount) || workerCount < 1) {
    throw new ValidationError({ operation: 'config', issues: [{ field: 'workerCount', rule: 'a whole number, 1 or more' }] });
  }
  if (!Number.isSafeInteger(workerIndex) || workerIndex < 0 || workerIndex >= workerCount) {
    throw new ValidationError({ operation: 'config', issues: [{ field: 'workerIndex', rule: `a whole number from 0 to ${workerCount - 1}` }] });
  }
}

/**
 * The index of the worker (0 to `workerCount - 1`) that owns `account`.
 *
 * @example
 * ```ts
 * ownerOf('strategy01', 4); // e.g. 2, the same on every worker and every run
 * ```
 */
export function ownerOf(account: string, workerCount: number): number {
  checkWorkers(0, workerCount);
  let best = 0;
  let bestWeight = -1;
  for (let worker = 0; worker < workerCount; worker++) {
    const weight = hash53(`${worker}\u0000${account}`);
    if (weight > bestWeight) {
      best = worker;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Whether worker `workerIndex` of `workerCount` owns `account`.
 *
 * @throws ValidationError when `workerCount` is not a whole number from 1, or `workerIndex` is not in `[0, workerCount)`.
 * @example
 * ```ts
 * const mine = allAccounts.filter((account) => ownsAccount(account, Number(process.env.WORKER_INDEX), 3));
 * ```
 */
export function ownsAccount(account: string, workerIndex: number, workerCount: number): boolean {
  checkWorkers(workerIndex, workerCount);
  return ownerOf(account, workerCount) === workerIndex;
}

/**
 * Keeps the accounts of each set that worker `workerIndex` of `workerCount` owns: put it between
 * the full account set and `userDataStreams` (from `mexc-rx`).
 *
 * @example
 * ```ts
 * userDataStreams(allAccounts$.pipe(ownedAccounts(workerIndex, workerCount)), options);
 * ```
 */
export function ownedAccounts<V>(workerIndex: number, workerCount: number): OperatorFunction<ReadonlyMap<string, V>, ReadonlyMap<string, V>> {
  checkWorkers(workerIndex, workerCount);
  return map((accounts) => new Map([...accounts].filter(([account]) => ownerOf(account, workerCount) === workerIndex)));
}
