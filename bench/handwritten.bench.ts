/**
 * What the project writes by hand that a maintained library could do, measured against that
 * library in the same run: the protobuf reader, the persistent map, decimals,
 * queues, hashing and backoff (the table in docs/architecture.md, "Written by hand"). A piece kept
 * for speed must reach {@link KEEP_RATIO} times the library's rate on its hot path; the page rows
 * give what a piece keeps out of a browser page. The HTTP rows, once the hand-written node:http
 * sender's, now give what the Node sender's contract costs on top of undici, which it sends through.
 *
 * @module
 */
import type { Benchmark, ResultRow } from './benchmark.js';
import { httpRows, KEEP_RATIO } from './handwritten-http.js';
import { hashPairs, mapPair, queuePairs } from './handwritten-data.js';
import type { CpuPair } from './handwritten-pair.js';
import { weightRows } from './handwritten-weights.js';
import { exactJsonPair } from './handwritten-json.js';
import { decimalPairs, protobufPair } from './handwritten-wire.js';
import { inAlternatingOrder, pairedRatio } from './stats.js';

/** Workload sizes, rounds and how long one timed sample lasts, full and quick. */
const SIZES = {
  full: { frames: 2_000, bodies: 1_000, book: 10_000, mapOps: 20_000, decimals: 5_000, queue: 10_000, hashes: 10_000, rounds: 9, sampleMs: 60 },
  quick: { frames: 500, bodies: 200, book: 2_000, mapOps: 4_000, decimals: 1_000, queue: 2_000, hashes: 2_000, rounds: 3, sampleMs: 15 },
};

/** CPU time of this process since `since` (user and system, all its threads), seconds. */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/**
 * Passes of `run` back to back; the rate in operations per second of the process's CPU time (time
 * the core spent on other processes, of which a shared machine has plenty, does not count).
 */
function rate(run: () => number, ops: number, passes: number, sink: { value: number }): number {
  const start = process.cpuUsage();
  let acc = 0;
  for (let pass = 0; pass < passes; pass++) acc += run();
  sink.value += acc;
  return (ops * passes) / Math.max(cpuSeconds(start), 1e-6);
}

/** How many passes of `run` take about `sampleMs` of CPU time, after a warm-up. */
function passesFor(run: () => number, sampleMs: number, sink: { value: number }): number {
  for (let i = 0; i < 5; i++) sink.value += run();
  const start = process.cpuUsage();
  let passes = 0;
  while (cpuSeconds(start) * 1000 < sampleMs / 4) {
    sink.value += run();
    passes += 1;
  }
  return Math.max(1, passes * 4);
}

async function cpuRow(pair: CpuPair, rounds: number, sampleMs: number, log: (line: string) => void): Promise<ResultRow> {
  pair.verify();
  const sink = { value: 0 };
  const oursPasses = passesFor(pair.ours, sampleMs, sink);
  const theirsPasses = passesFor(pair.theirs, sampleMs, sink);
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await inAlternatingOrder(
      round,
      () => void ours.push(rate(pair.ours, pair.ops, oursPasses, sink)),
      () => void theirs.push(rate(pair.theirs, pair.ops, theirsPasses, sink)),
    );
  }
  if (Number.isNaN(sink.value)) throw new Error(`${pair.label}: a pass returned no number`);
  const ratio = pairedRatio(ours, theirs);
  log(`${pair.piece}: ${pair.label}: ${ratio.toFixed(2)}x ${pair.library}`);
  const unit = `${pair.unit}/s`;
  return {
    subject: { label: `${pair.piece}: ${pair.label}`, unit, samples: ours },
    baseline: { label: pair.library, unit, samples: theirs },
    ratio: { value: ratio, text: `${ratio.toFixed(2)}x the library's rate` },
    target: { text: `>= ${KEEP_RATIO}x`, met: ratio >= KEEP_RATIO },
  };
}

/**
 * The pairs timed on the CPU alone, in the order of the table.
 *
 * @example
 * ```ts
 * cpuPairs(true).forEach((pair) => pair.verify());
 * ```
 */
export function cpuPairs(quick: boolean): readonly CpuPair[] {
  const size = quick ? SIZES.quick : SIZES.full;
  return [
    protobufPair(size.frames),
    mapPair(size.book, size.mapOps),
    ...decimalPairs(size.decimals),
    exactJsonPair(size.bodies),
    ...queuePairs(size.queue),
    ...hashPairs(size.hashes),
  ];
}

/** The handwritten benchmark. */
export const handwrittenBenchmark: Benchmark = {
  name: 'handwritten',
  title: 'Written by hand, against the library that could replace it',
  description:
    'Each piece the project writes by hand, and a maintained library doing the same work on the same seeded input, in the ' +
    'same process; before any timing each pair checks that both sides give the same results (for the hash functions, ' +
    'whose results cannot be equal: that both tell every input apart). CPU pairs: each round times a pass of each side, back to back in ' +
    'alternating order, enough passes for about 60 ms of the process\'s CPU time, and the rate is per CPU second (time the cores spent on other processes does not count). The HTTP rows (the Node sender, undici behind the ' +
    "library's contract, against bare undici `Pool#request`: no target, the ratio is what the contract costs): a node:http server in a child process on " +
    '127.0.0.1 answers a GET with the same 1 KB JSON body; each side sends 800 requests a round, 16 in flight, the order ' +
    'rotating from round to round after a warm-up; the hot path is requests per second of the client process\'s CPU time. ' +
    `Ratio: the hand-written piece's rate divided by the library's, median of the per-round ratios; the target (>= ${KEEP_RATIO}x) ` +
    'is what keeps a piece for speed. Page rows: each side alone as a browser page (esbuild, minified, gzipped at level 6; ' +
    '1 KB = 1,000 bytes), one build each.',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const rows: ResultRow[] = [];
    rows.push(...(await httpRows(quick, log)));
    for (const pair of cpuPairs(quick)) rows.push(await cpuRow(pair, size.rounds, size.sampleMs, log));
    rows.push(...(await weightRows(log)));
    return rows;
  },
};
