/**
 * The request budget against the simulator's real budget: 5,000 signed GETs over 10 endpoints
 * from 100 clients sharing one IP and one budget, counting on the wire every 429 and 418, and the
 * total time against the least the service's limit allows. The same workload without a budget, on
 * a fresh simulator, shows what the budget prevents.
 *
 * @module
 */
import { createRequestBudget } from '../src/index.js';
import type { Benchmark, Measure, ResultRow } from './benchmark.js';
import { callsPerEndpoint, countingFetch, runWorkload } from './budget-workload.js';
import type { BudgetServerInfo } from './budget-sim-server.js';
import { startBenchChild, type BenchChild } from './child-process.js';

const SIZES = {
  full: { masters: 50, limit: 500, windowMs: 10_000 },
  quick: { masters: 10, limit: 60, windowMs: 2_000 },
} as const;
/** Most the total time may be, as a multiple of the least the budget allows. */
const TARGET_RATIO = 1.1;

const measure = (label: string, unit: string, samples: readonly number[]): Measure => ({ label, unit, samples });

function startServer(size: (typeof SIZES)[keyof typeof SIZES]): Promise<BenchChild<BudgetServerInfo>> {
  return startBenchChild<BudgetServerInfo>(new URL('./budget-sim-server.ts', import.meta.url), {
    BUDGET_MASTERS: String(size.masters),
    BUDGET_LIMIT: String(size.limit),
    BUDGET_WINDOW_MS: String(size.windowMs),
  });
}

/** The budget benchmark. */
export const budgetBenchmark: Benchmark = {
  name: 'budget',
  title: 'Request budget: many clients on one IP against the service’s limit',
  description:
    'A simulator in a child process with the service’s request budget (500 requests per 10 s per endpoint, per IP and per ' +
    'account, fixed windows on its clock) and its IP ban. 100 clients (50 master accounts, 50 brokers, each its own key) on ' +
    'one IP share one `createRequestBudget()` (its defaults: the service’s limits, 100 ms safety margin, 64 requests in ' +
    'flight) and make 5,000 signed GETs over 10 endpoints, unevenly: 1,500 on M2 (30 per master), 400 each on M4, M7, M8, ' +
    'L2, B1, B3, B4 and 350 each on B6, B15; every client makes all its calls at once, in a seeded order (the budget ' +
    'queues them and sends the longest backlog first). A fetch wrapped around every ' +
    'client counts the 429 and 418 answers on the wire. The least time the budget allows: the 1,001st M2 call cannot go ' +
    'before two windows after the first, 20 s; ratio: total time over that floor. Without a budget: the same workload ' +
    'from fresh clients with `budget: false` against a fresh simulator (retries off, so each call is sent once). One round ' +
    '(with --quick: 20 clients, 60 per 2 s).',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const rows: ResultRow[] = [];
    const server = await startServer(size);
    const { restUrl, accounts } = server.info;
    const perEndpoint = callsPerEndpoint(accounts);
    const total = [...perEndpoint.values()].reduce((a, b) => a + b, 0);
    const busiest = Math.max(...perEndpoint.values());
    const floorMs = (Math.ceil(busiest / size.limit) - 1) * size.windowMs;
    const wire = countingFetch();
    let elapsedMs: number;
    let failures: Map<string, number>;
    try {
      const budget = createRequestBudget({ windowMs: size.windowMs, ipLimit: size.limit, accountLimit: size.limit });
      const started = performance.now();
      failures = await runWorkload(restUrl, accounts, budget, wire.fetch, 1);
      elapsedMs = performance.now() - started;
    } finally {
      await server.stop();
    }
    const refused = (wire.statuses.get(429) ?? 0) + (wire.statuses.get(418) ?? 0);
    log(`${total} calls in ${(elapsedMs / 1000).toFixed(1)} s (floor ${floorMs / 1000} s); 429: ${wire.statuses.get(429) ?? 0}, 418: ${wire.statuses.get(418) ?? 0}; failed: ${JSON.stringify([...failures])}`);
    if (failures.size > 0) throw new Error(`calls failed: ${JSON.stringify([...failures])}`);
    const ratio = elapsedMs / floorMs;
    rows.push({
      subject: measure(`${total.toLocaleString('en-US')} calls, ${perEndpoint.size} endpoints, ${accounts.length} clients on one IP, shared budget: total time`, 's', [elapsedMs / 1000]),
      baseline: measure(`least the budget allows (${busiest.toLocaleString('en-US')} calls on one endpoint)`, 's', [floorMs / 1000]),
      ratio: { value: ratio, text: `${ratio.toFixed(3)}x the floor` },
      target: { text: `<= ${TARGET_RATIO}x`, met: ratio <= TARGET_RATIO },
    });
    rows.push({
      subject: measure('429 and 418 answers on the wire, shared budget', 'responses', [refused]),
      target: { text: '0', met: refused === 0 },
    });

    const bare = await startServer(size);
    const bareWire = countingFetch();
    try {
      await runWorkload(bare.info.restUrl, bare.info.accounts, false, bareWire.fetch, 1);
    } finally {
      await bare.stop();
    }
    log(`without a budget: 429: ${bareWire.statuses.get(429) ?? 0}, 418: ${bareWire.statuses.get(418) ?? 0}`);
    rows.push({ subject: measure('without a budget (`budget: false`): 429 answers on the wire', 'responses', [bareWire.statuses.get(429) ?? 0]) });
    rows.push({ subject: measure('without a budget: 418 answers (the IP banned)', 'responses', [bareWire.statuses.get(418) ?? 0]) });
    return rows;
  },
};
