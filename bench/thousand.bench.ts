/**
 * A thousand sub-accounts in one process, against the simulator's real budget: every account's
 * stream started (listen keys inside the request budget), every balance read by the master at the
 * same time, one trading round delivered exactly once, the heap per connected stream, and the CPU
 * per event against 200 accounts in the same run.
 *
 * @module
 */
import { createClient, type Client, type RequestBudget } from '../src/index.js';
import type { Benchmark, Measure, ResultRow } from './benchmark.js';
import { countingFetch } from './budget-workload.js';
import { startScaleServer } from './scale-streams.js';
import { budgetQuiet, thousandRound } from './thousand-round.js';
import { waitFor } from './wait.js';

const SIZES = {
  full: { accounts: 1000, baseline: 200, orders: 3 },
  quick: { accounts: 100, baseline: 20, orders: 2 },
} as const;
/** The service's budget for listen-key creation from one IP. */
const LIMIT = 500;
const WINDOW_MS = 10_000;
/** Most the time until all are connected may be, as a multiple of the budget's floor. */
const TARGET_RATIO = 1.1;

const measure = (label: string, unit: string, samples: readonly number[]): Measure => ({ label, unit, samples });
const floorOf = (calls: number): number => (Math.ceil(calls / LIMIT) - 1) * WINDOW_MS;
const thousands = (n: number): string => n.toLocaleString('en-US');

/** A time against the budget's floor (no comparison when the floor is 0: everything fits one window). */
function againstFloor(label: string, ms: number, floorMs: number, floorLabel: string, targeted: boolean): ResultRow {
  if (floorMs === 0) return { subject: measure(`${label} (all in one window)`, 'ms', [ms]) };
  const ratio = ms / floorMs;
  return {
    subject: measure(label, 'ms', [ms]),
    baseline: measure(floorLabel, 'ms', [floorMs]),
    ratio: { value: ratio, text: `${ratio.toFixed(3)}x the floor` },
    ...(targeted ? { target: { text: `<= ${TARGET_RATIO}x`, met: ratio <= TARGET_RATIO } } : {}),
  };
}

/** The thousand-accounts benchmark. */
export const thousandBenchmark: Benchmark = {
  name: 'thousand',
  title: 'A thousand sub-accounts in one process, inside the service’s budget',
  description:
    'A simulator in a child process with the service’s request budget (500 per 10 s per endpoint, per IP and per account) ' +
    'and its IP ban holds 1,000 funded sub-accounts of one master, each with its own API key (100 with --quick). The ' +
    'benchmark process makes one client per sub-account and one for the master, all without a `budget` option (so they share ' +
    'the process’s default budget) and with a fetch counting the 429 and 418 answers; then `userDataStreams` over all of them ' +
    '(default options: listen keys paced by the budget alone) and, once all are connected, one round of ' +
    '`pollSubAccountBalances` reading every balance (M8) with the master’s client. Floor: 1,000 listen keys (L1) at 500 ' +
    'per 10 s per IP cannot all be created before 10 s (nor 1,000 M8 reads); ratio: the time over it. Heap per stream: heap (after full collections) with ' +
    'every stream connected minus after all closed, over N. Then every account trades at once (3 orders each) and each ' +
    'account’s events are checked against the simulator’s push log (count and digest, in order). CPU per event: CPU time ' +
    'of this process over the events received, against a round of 200 of the same accounts earlier in the same run.',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const wire = countingFetch();
    const makeClient = (restUrl: string, wsUrl: string, keys: { apiKey: string; secretKey: string }): Client =>
      createClient({ baseUrl: restUrl, wsUrl, apiKey: keys.apiKey, secretKey: keys.secretKey, recvWindow: 60_000, fetch: wire.fetch });
    const server = await startScaleServer(size.accounts, { parent: 'master', serviceBudget: true, client: (info, a) => makeClient(info.restUrl, info.wsUrl, a) });
    const rows: ResultRow[] = [];
    try {
      const master = makeClient(server.info.restUrl, server.info.wsUrl, server.info.master);
      // Made without a `budget`, every client shares the process's default budget.
      const budget: RequestBudget | undefined = master.budget;
      if (budget === undefined) throw new Error('the master client has no request budget');
      const baselineClients = new Map([...server.clients].slice(0, size.baseline));
      const baseline = await thousandRound(server, baselineClients, master, budget, { orders: size.orders, seed: 1, balances: 'none' });
      log(`${size.baseline} accounts: connected in ${baseline.connectMs.toFixed(0)} ms, ${baseline.cpuMicrosPerEvent.toFixed(1)} µs CPU per event`);
      // A fresh window for the full run: wait until the budget counts nothing.
      await budgetQuiet(budget);
      await waitFor('the budget’s windows to pass', () => budget.snapshot().lanes.length === 0, () => undefined, 50);
      const all = await thousandRound(server, server.clients, master, budget, { orders: size.orders, seed: 2, balances: 'after' });
      log(`${size.accounts} accounts: connected in ${all.connectMs.toFixed(0)} ms, balances in ${all.balancesMs?.toFixed(0)} ms, ${all.exact} exact, ${all.cpuMicrosPerEvent.toFixed(1)} µs CPU per event`);
      const floorMs = floorOf(size.accounts);
      rows.push(againstFloor(`${thousands(size.accounts)} sub-accounts: until all connected`, all.connectMs, floorMs, `the budget’s floor (${thousands(size.accounts)} listen keys at 500 per 10 s)`, true));
      rows.push(againstFloor(`${thousands(size.accounts)} balances read by the master (M8), one round`, all.balancesMs ?? NaN, floorMs, 'the budget’s floor (the same for M8)', false));
      rows.push({ subject: measure('heap per connected stream (listen key, socket, supervisor, budget lanes)', 'KB', [all.heapBytes / 1000 / size.accounts]) });
      rows.push({
        subject: measure(`trading round: accounts whose events arrived exactly once, in order (${thousands(all.events)} events)`, 'accounts', [all.exact]),
        target: { text: `all ${thousands(size.accounts)}`, met: all.exact === size.accounts },
      });
      const cpuRatio = all.cpuMicrosPerEvent / baseline.cpuMicrosPerEvent;
      rows.push({
        subject: measure(`CPU of the streaming process per event, ${thousands(size.accounts)} accounts trading`, 'µs', [all.cpuMicrosPerEvent]),
        baseline: measure(`${size.baseline} accounts trading, same run`, 'µs', [baseline.cpuMicrosPerEvent]),
        ratio: { value: cpuRatio, text: `${cpuRatio.toFixed(2)}x the ${size.baseline}-account cost` },
      });
      const refused = (wire.statuses.get(429) ?? 0) + (wire.statuses.get(418) ?? 0);
      rows.push({ subject: measure('429 and 418 answers on the wire, whole run', 'responses', [refused]), target: { text: '0', met: refused === 0 } });
    } finally {
      await server.stop();
    }
    return rows;
  },
};
