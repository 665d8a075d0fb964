/**
 * The request-budget benchmark's workload: 100 clients (50 masters, 50 brokers) on one IP making
 * 5,000 signed GETs over 10 endpoints, unevenly (1,500 on M2, the rest 350 to 400 each), each
 * client making all its calls at once in its own seeded order; and a fetch that counts what came
 * back.
 *
 * @module
 */
import { defer, from, lastValueFrom, mergeMap, type Observable } from 'rxjs';
import {
  brokerGetSubAccountStatus,
  brokerListRebates,
  brokerListSubAccountApiKeys,
  brokerListSubAccounts,
  brokerListUniversalTransfers,
  createClient,
  getSubAccountAssets,
  listListenKeys,
  listSubAccountApiKeys,
  listSubAccounts,
  listUniversalTransfers,
  type Client,
  type FetchLike,
  type OperationId,
  type RequestBudget,
} from '../src/index.js';
import type { BudgetAccount } from './budget-sim-server.js';
import { seededRandom } from './random.js';

/** One kind of call: its operation, how many each client of the kind makes, and the call. */
interface CallKind {
  readonly id: OperationId;
  readonly perClient: number;
  readonly run: (client: Client, subAccount: string) => Observable<unknown>;
}

const SPOT = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

/** Per master client: 30 M2 (1,500 over 50 masters) and 8 each of M4, M7, M8, L2. */
const MASTER_CALLS: readonly CallKind[] = [
  { id: 'M2', perClient: 30, run: (c) => listSubAccounts(c, {}) },
  { id: 'M4', perClient: 8, run: (c, s) => listSubAccountApiKeys(c, { subAccount: s }) },
  { id: 'M7', perClient: 8, run: (c) => listUniversalTransfers(c, SPOT) },
  { id: 'M8', perClient: 8, run: (c, s) => getSubAccountAssets(c, { subAccount: s }) },
  { id: 'L2', perClient: 8, run: (c) => listListenKeys(c) },
];

/** Per broker client: 8 each of B1, B3, B4, 7 each of B6, B15. */
const BROKER_CALLS: readonly CallKind[] = [
  { id: 'B1', perClient: 8, run: (c) => brokerListUniversalTransfers(c, SPOT) },
  { id: 'B3', perClient: 8, run: (c) => brokerListSubAccounts(c, {}) },
  { id: 'B4', perClient: 8, run: (c, s) => brokerGetSubAccountStatus(c, { subAccount: s }) },
  { id: 'B6', perClient: 7, run: (c, s) => brokerListSubAccountApiKeys(c, { subAccount: s }) },
  { id: 'B15', perClient: 7, run: (c) => brokerListRebates(c, {}) },
];

/** What the wire saw. */
export interface WireCounts {
  readonly statuses: Map<number, number>;
  readonly fetch: FetchLike;
}

/**
 * A fetch counting the status of every response.
 *
 * @example
 * ```ts
 * const wire = countingFetch();
 * wire.statuses.get(429); // undefined: none
 * ```
 */
export function countingFetch(): WireCounts {
  const statuses = new Map<number, number>();
  const fetch: FetchLike = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return response;
  };
  return { statuses, fetch };
}

/** The calls per endpoint the workload makes with `accounts`. */
export function callsPerEndpoint(accounts: readonly BudgetAccount[]): Map<OperationId, number> {
  const counts = new Map<OperationId, number>();
  for (const account of accounts) {
    for (const kind of account.kind === 'master' ? MASTER_CALLS : BROKER_CALLS) counts.set(kind.id, (counts.get(kind.id) ?? 0) + kind.perClient);
  }
  return counts;
}

/**
 * Runs the workload: every client makes all its calls at once, in a seeded order (the budget, if
 * any, decides when each goes). Resolves with the calls that failed, counted by error name.
 *
 * @example
 * ```ts
 * const failures = await runWorkload(restUrl, accounts, budget, wire.fetch, 1);
 * ```
 */
export async function runWorkload(
  restUrl: string,
  accounts: readonly BudgetAccount[],
  budget: RequestBudget | false,
  fetch: FetchLike,
  seed: number,
): Promise<Map<string, number>> {
  const failures = new Map<string, number>();
  const random = seededRandom(seed);
  const clientRuns = accounts.map((account) => {
    const client = createClient({ baseUrl: restUrl, apiKey: account.apiKey, secretKey: account.secretKey, fetch, budget, retry: { limit: 0 } });
    const calls = (account.kind === 'master' ? MASTER_CALLS : BROKER_CALLS).flatMap((kind) => Array.from({ length: kind.perClient }, () => kind));
    for (let i = calls.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    return from(calls).pipe(
      mergeMap(
        (kind) =>
          defer(() =>
            lastValueFrom(kind.run(client, account.subAccount), { defaultValue: undefined }).then(
              () => undefined,
              (error: unknown) => {
                const name = error instanceof Error ? error.name : 'unknown';
                failures.set(name, (failures.get(name) ?? 0) + 1);
              },
            ),
          ),
      ),
    );
  });
  await lastValueFrom(from(clientRuns).pipe(mergeMap((run) => run)), { defaultValue: undefined });
  return failures;
}
