/**
 * A thousand sub-accounts in one process, as the service allows them: a broker's (a master holds
 * at most 30), made through the API (B2, keys B5, funding B13), against the simulator's real
 * budget: every account's stream started (listen keys inside the request budget), one trading
 * round delivered exactly once, the heap per connected stream, the CPU per event against 200
 * accounts in the same run, and a full repair of every account's balances from its own key's
 * `getAccount` (on the simulator's fast clock) against the budget's floor.
 *
 * @module
 */
import { createClient, type Client, type RequestBudget } from '../src/index.js';
import type { Benchmark, Measure, ResultRow } from './benchmark.js';
import { budgetIdle } from './budget-idle.js';
import { countingFetch } from './budget-workload.js';
import { startScaleServer } from './scale-streams.js';
import { fullRepair } from './thousand-repair.js';
import { budgetQuiet, thousandRound } from './thousand-round.js';
import { waitFor } from './wait.js';

const SIZES = {
  full: { accounts: 1000, baseline: 200, orders: 3 },
  quick: { accounts: 100, baseline: 20, orders: 2 },
} as const;
/** The service's budget per endpoint from one IP, in units per window. */
const LIMIT = 500;
const WINDOW_MS = 10_000;
/** `getAccount`'s weight: 50 reads per window. */
const ACCOUNT_READ_WEIGHT = 10;
/** Most the time until all are connected may be, as a multiple of the budget's floor. */
const TARGET_RATIO = 1.1;
/** Most a full repair may take, as a multiple of its floor (each window also waits for its answers on a loaded machine). */
const REPAIR_TARGET_RATIO = 1.5;

const measure = (label: string, unit: string, samples: readonly number[]): Measure => ({ label, unit, samples });
const floorOf = (calls: number, perWindow = LIMIT): number => (Math.ceil(calls / perWindow) - 1) * WINDOW_MS;
const thousands = (n: number): string => n.toLocaleString('en-US');

/** A time against the budget's floor (no comparison when the floor is 0: everything fits one window). */
function againstFloor(label: string, ms: number, floorMs: number, floorLabel: string, target: number): ResultRow {
  if (floorMs === 0) return { subject: measure(`${label} (all in one window)`, 'ms', [ms]) };
  const ratio = ms / floorMs;
  return {
    subject: measure(label, 'ms', [ms]),
    baseline: measure(floorLabel, 'ms', [floorMs]),
    ratio: { value: ratio, text: `${ratio.toFixed(3)}x the floor` },
    target: { text: `<= ${target}x`, met: ratio <= target },
  };
}

/** The thousand-accounts benchmark. */
export const thousandBenchmark: Benchmark = {
  name: 'thousand',
  title: 'A thousand broker sub-accounts in one process, inside the service’s budget',
  description:
    'A simulator in a child process with the service’s request budget (500 per 10 s per endpoint, per IP and per account) ' +
    'and its IP ban; its broker makes 1,000 sub-accounts through the API (B2), a key for each (B5) and funds them (B13), ' +
    '100 with --quick (a master holds at most 30). The benchmark process makes one client per sub-account, all without a ' +
    '`budget` option (so they share the process’s default budget) and with a fetch counting the 429 and 418 answers; then ' +
    '`userDataStreams` over all of them (default options: listen keys paced by the budget alone). Floor: 1,000 listen keys ' +
    '(L1) at 500 per 10 s per IP cannot all be created before 10 s; ratio: the time over it. Heap per stream: heap (after ' +
    'full collections) with every stream connected minus after all closed, over N. Then every account trades at once ' +
    '(3 orders each) and each account’s events are checked against the simulator’s push log (count and digest, in order). ' +
    'CPU per event: CPU time of this process over the events received, against a round of 200 of the same accounts earlier ' +
    'in the same run. Full repair: in this process, on a simulator whose clock runs 20 times faster than real time (its ' +
    'scheduler shared by the clients and their one budget), the same number of broker sub-accounts each run ' +
    '`balanceSnapshots({ from: client })`; once all are seeded, every one gets a gap at the same moment and repairs from its ' +
    'own key’s `getAccount` (weight 10: 50 reads per 10 s). Floor: (N / 50 - 1) windows of 10 s; measured in clock time, ' +
    'with the A1 requests the repair sent and the 429 and 418 answers.',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const wire = countingFetch();
    const makeClient = (restUrl: string, wsUrl: string, keys: { apiKey: string; secretKey: string }): Client =>
      createClient({ baseUrl: restUrl, wsUrl, apiKey: keys.apiKey, secretKey: keys.secretKey, recvWindow: 60_000, fetch: wire.fetch });
    const server = await startScaleServer(size.accounts, { parent: 'broker', viaApi: true, serviceBudget: true, client: (info, a) => makeClient(info.restUrl, info.wsUrl, a) });
    const rows: ResultRow[] = [];
    try {
      // Made without a `budget`, every client shares the process's default budget.
      const budget: RequestBudget | undefined = [...server.clients.values()][0]?.budget;
      if (budget === undefined) throw new Error('the clients have no request budget');
      const baselineClients = new Map([...server.clients].slice(0, size.baseline));
      const baseline = await thousandRound(server, baselineClients, budget, { orders: size.orders, seed: 1 });
      log(`${size.baseline} accounts: connected in ${baseline.connectMs.toFixed(0)} ms, ${baseline.cpuMicrosPerEvent.toFixed(1)} µs CPU per event`);
      // A fresh window for the full run: wait until the budget counts nothing.
      await budgetQuiet(budget);
      await waitFor('the budget’s windows to pass', () => budgetIdle(budget.snapshot()), () => undefined, 50);
      const all = await thousandRound(server, server.clients, budget, { orders: size.orders, seed: 2 });
      log(`${size.accounts} accounts: connected in ${all.connectMs.toFixed(0)} ms, ${all.exact} exact, ${all.cpuMicrosPerEvent.toFixed(1)} µs CPU per event`);
      rows.push(againstFloor(`${thousands(size.accounts)} sub-accounts: until all connected`, all.connectMs, floorOf(size.accounts), `the budget’s floor (${thousands(size.accounts)} listen keys at 500 per 10 s)`, TARGET_RATIO));
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
      rows.push({ subject: measure('429 and 418 answers on the wire, streams and trading', 'responses', [refused]), target: { text: '0', met: refused === 0 } });
    } finally {
      await server.stop();
    }
    const repair = await fullRepair(size.accounts);
    log(`${size.accounts} accounts: seeded in ${repair.seedMs} ms, repaired in ${repair.repairMs} ms (clock), ${repair.repairRequests} reads, ${repair.refused} refused`);
    const perWindow = LIMIT / ACCOUNT_READ_WEIGHT;
    rows.push(
      againstFloor(
        `full repair of ${thousands(size.accounts)} accounts’ balances after one gap (getAccount each), clock time`,
        repair.repairMs,
        floorOf(size.accounts, perWindow),
        `the budget’s floor (${thousands(size.accounts)} reads of weight 10 at 500 per 10 s)`,
        REPAIR_TARGET_RATIO,
      ),
    );
    rows.push({
      subject: measure('requests of that repair (A1)', 'requests', [repair.repairRequests]),
      target: { text: `${thousands(size.accounts)}: one read per account`, met: repair.repairRequests === size.accounts },
    });
    rows.push({ subject: measure('429 and 418 answers on the wire, seed and repair', 'responses', [repair.refused]), target: { text: '0', met: repair.refused === 0 } });
    return rows;
  },
};
