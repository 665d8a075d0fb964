/**
 * What freezing the snapshots costs: `reduceOrders` and `balanceSnapshots` together over the same
 * seeded event mix, as built (entries, fills and lists frozen where they are made), and with
 * `Object.freeze` made a no-op for the pass (the same code, nothing frozen), in the same rounds.
 *
 * @module
 */
import { balanceSnapshots } from '../src/operators/balance-snapshots.js';
import { reduceOrders } from '../src/operators/reduce-orders.js';
import type { Benchmark, ResultRow } from './benchmark.js';
import { MarketWorkload } from './generators.js';
import { feedTimed, openPipeline } from './pipeline.js';
import { collectGarbage, inAlternatingOrder, pairedRatio } from './stats.js';
import { formatNumber } from './table.js';

const SIZES = { full: { events: 1e6, rounds: 5 }, quick: { events: 2e5, rounds: 3 } } as const;
/** Most the frozen pipeline may cost over the unfrozen one. */
const TARGET_RATIO = 1.05;
const SEED = 11;

/** Events/s of one pass over `count` events through both state operators. */
function pass(count: number, freeze: boolean): number {
  const workload = new MarketWorkload({ seed: SEED });
  const original = Object.freeze;
  // The "without" pass: the same code with freezing undone, restored whatever happens.
  if (!freeze) Object.freeze = <T>(value: T): T => value;
  try {
    collectGarbage();
    const pipeline = openPipeline([reduceOrders(), balanceSnapshots()]);
    const [ms = 0] = feedTimed([pipeline], workload.events(count), count);
    pipeline.close();
    return count / (ms / 1000);
  } finally {
    Object.freeze = original;
  }
}

/** The snapshots' freezing cost, as the state pipeline's throughput with and without it. */
export const freezeBenchmark: Benchmark = {
  name: 'freeze',
  title: 'Frozen snapshots',
  description:
    'The state pipeline (`reduceOrders` and `balanceSnapshots` on one stream) over the seeded trading workload of ' +
    'the state operators benchmark, as built, against the same pipeline with `Object.freeze` made a no-op for the ' +
    'pass (nothing frozen). Each round runs one pass of each over a fresh copy of the same events, the two taking ' +
    'turns going first. Ratio: unfrozen events/s over frozen events/s, median of the rounds.',
  async run({ quick, log }): Promise<readonly ResultRow[]> {
    const { events, rounds } = quick ? SIZES.quick : SIZES.full;
    const frozen: number[] = [];
    const unfrozen: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await inAlternatingOrder(
        round,
        () => void frozen.push(pass(events, true)),
        () => void unfrozen.push(pass(events, false)),
      );
      log(`round ${round + 1}: frozen ${formatNumber(frozen[round] ?? 0)} events/s, unfrozen ${formatNumber(unfrozen[round] ?? 0)} events/s`);
    }
    const cost = pairedRatio(unfrozen, frozen);
    return [
      {
        subject: { label: `state pipeline, snapshots frozen, ${formatNumber(events)} events`, unit: 'events/s', samples: frozen },
        baseline: { label: 'same pipeline, nothing frozen', unit: 'events/s', samples: unfrozen },
        ratio: { value: cost, text: `${cost.toFixed(3)}x the unfrozen cost` },
        target: { text: `<= ${TARGET_RATIO}x`, met: cost <= TARGET_RATIO },
      },
    ];
  },
};
