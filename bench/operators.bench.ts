/**
 * The state operators over long event streams: throughput and peak heap of `reduceOrders` and
 * `balanceSnapshots` over a million events against a bare mutable fold; `reduceOrders`'s cost per
 * event with 1k, 100k and 1M open orders held; and the heap along a ten-million-event run.
 *
 * @module
 */
import type { OperatorFunction } from 'rxjs';
import { balanceSnapshots } from '../src/operators/balance-snapshots.js';
import { reduceOrders } from '../src/operators/reduce-orders.js';
import type { UserDataEvent } from '../src/stream/user-data-stream.js';
import type { Benchmark, ResultRow } from './benchmark.js';
import { MarketWorkload } from './generators.js';
import { bareFold, feedTimed, openPipeline } from './pipeline.js';
import { collectGarbage, HeapSampler, megabytes, pairedRatio, summarize } from './stats.js';
import { formatNumber } from './table.js';

interface Sizes {
  /** Events of each throughput pass, and passes. */
  readonly events: number;
  readonly rounds: number;
  /** Open orders held, smallest first; windows of activity timed at each. */
  readonly held: readonly number[];
  readonly window: number;
  readonly windows: number;
  /** Events of the long run, and how often its heap is measured. */
  readonly long: number;
  readonly checkpoint: number;
}

const SIZES: { readonly full: Sizes; readonly quick: Sizes } = {
  full: { events: 1e6, rounds: 3, held: [1e3, 1e5, 1e6], window: 2e5, windows: 3, long: 1e7, checkpoint: 1e6 },
  quick: { events: 2e5, rounds: 2, held: [1e3, 1e5], window: 5e4, windows: 2, long: 1e6, checkpoint: 1e5 },
};

/** Most the per-event cost may grow from 1k to the largest number of open orders held. */
const TARGET_HELD_GROWTH = 2;
/** Most the heap may grow between the first checkpoint and the end of the long run. */
const TARGET_HEAP_GROWTH = 1.25;
const SEED = 11;

type Operator = OperatorFunction<UserDataEvent, unknown>;
type Log = (line: string) => void;

const millions = (n: number): string => `${formatNumber(n / 1e6)}M`;

/**
 * One pass over `count` events of a fresh workload, fed to the operator and to the bare fold chunk
 * by chunk: events/s of each, and the peak heap above the start, MB.
 */
function throughputPass(operator: Operator, baseline: Operator, count: number): { rate: number; bareRate: number; peakMb: number } {
  const workload = new MarketWorkload({ seed: SEED });
  const heap = new HeapSampler();
  const library = openPipeline([operator]);
  const bare = openPipeline([baseline]);
  const [ms = 0, bareMs = 0] = feedTimed([library, bare], workload.events(count), count, { heap });
  library.close();
  bare.close();
  return { rate: count / (ms / 1000), bareRate: count / (bareMs / 1000), peakMb: heap.peakMb };
}

function throughputRows(name: string, operator: () => Operator, baseline: () => Operator, sizes: Sizes, log: Log): ResultRow[] {
  const passes = Array.from({ length: sizes.rounds }, (_, round) => {
    const pass = throughputPass(operator(), baseline(), sizes.events);
    log(`${name} round ${round + 1}: ${formatNumber(pass.rate)} events/s, peak heap ${formatNumber(pass.peakMb)} MB`);
    return pass;
  });
  const rates = passes.map((p) => p.rate);
  const bareRates = passes.map((p) => p.bareRate);
  const cost = pairedRatio(bareRates, rates);
  return [
    {
      subject: { label: `${name}, ${millions(sizes.events)}-event mix`, unit: 'events/s', samples: rates },
      baseline: { label: 'bare fold', unit: 'events/s', samples: bareRates },
      ratio: { value: cost, text: `${cost.toFixed(1)}x the bare cost` },
    },
    { subject: { label: `${name}, peak heap over the run`, unit: 'MB', samples: passes.map((p) => p.peakMb) } },
  ];
}

/** Per-event CPU cost (ns) of windows of the activity mix, after `held` idle open orders are loaded. */
function heldRun(operator: Operator, held: number, sizes: Sizes): { costs: number[]; heldMb: number } {
  const workload = new MarketWorkload({ seed: SEED });
  const heap = new HeapSampler();
  const pipeline = openPipeline([operator]);
  feedTimed([pipeline], workload.idleOrders(held), held);
  const heldMb = heap.retainedMb();
  const activity = workload.events(Number.MAX_SAFE_INTEGER);
  feedTimed([pipeline], activity, sizes.window / 10);
  const costs: number[] = [];
  for (let w = 0; w < sizes.windows; w++) {
    const [ms = 0] = feedTimed([pipeline], activity, sizes.window, { clock: 'cpu' });
    costs.push((ms * 1e6) / sizes.window);
  }
  pipeline.close();
  collectGarbage();
  return { costs, heldMb };
}

function heldRows(sizes: Sizes, log: Log): ResultRow[] {
  const runs = sizes.held.map((held) => {
    const library = heldRun(reduceOrders(), held, sizes);
    const bare = heldRun(bareFold('orders'), held, sizes);
    const median = summarize(library.costs).median;
    log(`reduceOrders, ${formatNumber(held)} held: ${formatNumber(median)} CPU ns/event, book ${formatNumber(library.heldMb)} MB`);
    return { held, library, bare };
  });
  const rows: ResultRow[] = runs.map(({ held, library, bare }) => {
    const cost = pairedRatio(library.costs, bare.costs);
    const label = `reduceOrders, ${formatNumber(held)} open orders held (book: ${formatNumber(library.heldMb)} MB)`;
    return {
      subject: { label, unit: 'CPU ns/event', samples: library.costs },
      baseline: { label: 'bare fold', unit: 'CPU ns/event', samples: bare.costs },
      ratio: { value: cost, text: `${cost.toFixed(1)}x the bare cost` },
    };
  });
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (first && last && last !== first) {
    const growth = last.library.costs.map((cost, i) => cost / (first.library.costs[i] as number));
    const bareGrowth = last.bare.costs.map((cost, i) => cost / (first.bare.costs[i] as number));
    const median = summarize(growth).median;
    rows.push({
      subject: {
        label: `reduceOrders per-event cost, ${formatNumber(last.held)} vs ${formatNumber(first.held)} held`,
        unit: 'x',
        samples: growth,
      },
      baseline: { label: 'bare fold', unit: 'x', samples: bareGrowth },
      ratio: { value: median, text: `${median.toFixed(2)}x` },
      target: { text: `<= ${TARGET_HELD_GROWTH}x`, met: median <= TARGET_HELD_GROWTH },
    });
  }
  return rows;
}

/** Both operators on one stream of `sizes.long` events; retained heap and rate at each checkpoint. */
function longRows(sizes: Sizes, log: Log): ResultRow[] {
  const workload = new MarketWorkload({ seed: SEED + 1 });
  const heap = new HeapSampler();
  const pipeline = openPipeline([reduceOrders(), balanceSnapshots()]);
  const source = workload.events(sizes.long);
  const retained: number[] = [];
  const rates: number[] = [];
  for (let fed = sizes.checkpoint; fed <= sizes.long; fed += sizes.checkpoint) {
    const [ms = 0] = feedTimed([pipeline], source, sizes.checkpoint, { heap });
    const rate = sizes.checkpoint / (ms / 1000);
    const mb = heap.retainedMb();
    rates.push(rate);
    retained.push(mb);
    log(`long run, ${millions(fed)} events: ${formatNumber(rate)} events/s, heap ${formatNumber(mb)} MB`);
  }
  const peakMb = heap.peakMb;
  pipeline.close();
  const first = retained[0] as number;
  const end = retained[retained.length - 1] as number;
  const growth = end / first;
  const run = `reduceOrders + balanceSnapshots, ${millions(sizes.long)} events`;
  const each = millions(sizes.checkpoint);
  return [
    { subject: { label: `${run}: rate per ${each}`, unit: 'events/s', samples: rates } },
    {
      subject: { label: `${run}: heap after each ${each}`, unit: 'MB', samples: retained },
      ratio: {
        value: growth,
        text: `end ${formatNumber(end)} MB / first ${formatNumber(first)} MB = ${growth.toFixed(2)}x; peak ${formatNumber(peakMb)} MB`,
      },
      target: { text: `<= ${TARGET_HEAP_GROWTH}x (bounded)`, met: growth <= TARGET_HEAP_GROWTH },
    },
  ];
}

/** The operators benchmark. */
export const operatorsBenchmark: Benchmark = {
  name: 'operators',
  title: 'State operators',
  description:
    'A seeded trading workload (bench/generators.ts): about 1,000 open orders at a time, placed, partly and fully ' +
    'filled and canceled, with their deals and balance changes (orders 34%, deals 16%, account 50% of events), 1% ' +
    'delivered twice. Events are made in chunks of 1,000 between timed stretches and pushed through a Subject into ' +
    'the operator, whose latest snapshot is kept. Baseline: a bare mutable fold (`scan` into a Map of the latest ' +
    'event per order or asset), fed the same chunks in the same pass (the two take turns going first). Peak heap: ' +
    '`heapUsed` above the level before the pass (after a full collection), sampled after every chunk; the bare ' +
    "fold's Map (under 1 MB) is included. Open orders held: that many resting orders are loaded first (book: the " +
    'heap they retain), then windows of the same activity are timed (rounds: windows), so only the size of the book ' +
    "differs; timed in CPU time of the process (all its threads, so the collector's helpers count; time the core " +
    'spent on other processes does not), as the sizes are measured minutes apart. Long run: both operators on one ' +
    'stream, the heap measured after a full collection at every checkpoint (rounds: checkpoints).',
  run({ quick, log }) {
    const sizes = quick ? SIZES.quick : SIZES.full;
    const rows: ResultRow[] = [
      ...throughputRows('reduceOrders', () => reduceOrders(), () => bareFold('orders'), sizes, log),
      ...throughputRows('balanceSnapshots', () => balanceSnapshots(), () => bareFold('balances'), sizes, log),
      ...heldRows(sizes, log),
      ...longRows(sizes, log),
    ];
    log(`heap now ${formatNumber(megabytes(process.memoryUsage().heapUsed))} MB`);
    return Promise.resolve(rows);
  },
};
