/**
 * A full repair of many broker sub-accounts at once, against the service's budget on the
 * simulator's fast clock (in this process, so the clients' scheduler is the simulator's clock):
 * each account's `balanceSnapshots({ from: client })` seeds from its own key's `getAccount` (A1,
 * weight 10), then every account gets a gap at the same moment and repairs from `getAccount`
 * again. All clients share one request budget (one IP): at weight 10 of 500 per 10 s, 50 reads per
 * window. Measured on the clock: the time until every account is fresh again, the A1 requests it
 * took, and the 429 and 418 answers.
 *
 * @module
 */
import { Subject, type Subscription } from 'rxjs';
import { balanceSnapshots, createClient, createRequestBudget, type BalanceSnapshot, type FetchLike } from '../src/index.js';
import { startSimulator } from '../src/simulator/index.js';
import type { UserDataEvent } from '../src/stream/user-data-stream.js';
import { createBrokerSubAccounts } from './broker-accounts.js';
import { budgetIdle } from './budget-idle.js';
import { waitFor } from './wait.js';

/** What a full repair measured, in clock time. */
export interface RepairFigures {
  /** From subscription until every account was seeded, clock ms. */
  readonly seedMs: number;
  /** From the gap until every account was fresh again, clock ms. */
  readonly repairMs: number;
  /** A1 requests the repair sent (one per account when none failed). */
  readonly repairRequests: number;
  /** 429 and 418 answers over the whole step. */
  readonly refused: number;
}

/** How many times faster than real time the clock runs. */
const SPEED = 20;
/**
 * Clock ms a request's timestamp may lag: real transit time counts 20 times over, and setting up a
 * thousand accounts at once on a busy machine keeps some requests seconds in flight.
 */
const TIMESTAMP_SLACK_MS = 10 * 60_000;

/** A fetch counting the A1 requests and the refusals. */
function countingA1(): { fetch: FetchLike; a1: () => number; refused: () => number } {
  let a1 = 0;
  let refused = 0;
  const fetch: FetchLike = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname === '/api/v3/account') a1 += 1;
    const response = await globalThis.fetch(input, init);
    if (response.status === 429 || response.status === 418) refused += 1;
    return response;
  };
  return { fetch, a1: () => a1, refused: () => refused };
}

/**
 * Makes `accounts` broker sub-accounts through the API, seeds each one's balances from its own
 * key, gaps all at once, and measures the repair.
 *
 * @example
 * ```ts
 * const { repairMs, repairRequests } = await fullRepair(1000);
 * ```
 */
export async function fullRepair(accounts: number): Promise<RepairFigures> {
  const sim = await startSimulator({ speed: SPEED, timestampSlackMs: TIMESTAMP_SLACK_MS, broker: { balances: { USDT: String(1000 * (accounts + 1)) } } });
  const subscriptions: Subscription[] = [];
  try {
    const budget = createRequestBudget({ scheduler: sim.scheduler });
    const wire = countingA1();
    const clientOf = (keys: { readonly apiKey: string; readonly secretKey: string }) =>
      createClient({ baseUrl: sim.restUrl, apiKey: keys.apiKey, secretKey: keys.secretKey, clock: () => sim.clock.now(), scheduler: sim.scheduler, recvWindow: 60_000, timeout: 60_000, budget, fetch: wire.fetch });
    const names = Array.from({ length: accounts }, (_, i) => `repair${String(i).padStart(5, '0')}`);
    const made = await createBrokerSubAccounts(clientOf(sim.broker), names, { USDT: '1000' });
    const latest = new Map<string, BalanceSnapshot>();
    const streams = made.map((account) => {
      const events = new Subject<UserDataEvent>();
      subscriptions.push(events.pipe(balanceSnapshots({ from: clientOf(account) })).subscribe((snapshot) => latest.set(account.name, snapshot)));
      return events;
    });
    const seededFrom = sim.clock.now();
    const allFresh = (cause: string) => () => latest.size === accounts && [...latest.values()].every((s) => !s.stale && s.cause === cause);
    await waitFor('every account seeded', allFresh('seed'), () => undefined, 5);
    const seedMs = sim.clock.now() - seededFrom;
    const before = wire.a1();
    // Let the seed's reads leave the budget's window, so the repair starts from an empty one.
    await waitFor('the budget to count nothing', () => budgetIdle(budget.snapshot()), () => undefined, 5);
    const gapAt = sim.clock.now();
    for (const events of streams) events.next({ type: 'gap', from: gapAt - 1000, to: gapAt, reason: 'closed-by-server' });
    await waitFor('every account repaired', allFresh('resync'), () => undefined, 5);
    return { seedMs, repairMs: sim.clock.now() - gapAt, repairRequests: wire.a1() - before, refused: wire.refused() };
  } finally {
    for (const s of subscriptions) s.unsubscribe();
    await sim.close();
  }
}
