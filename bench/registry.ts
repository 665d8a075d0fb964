/**
 * Every benchmark, in the order they run. To add one, write a `*.bench.ts` module exporting a
 * {@link Benchmark} and add a line here: its name, and how to load its module.
 *
 * Modules load only when their benchmark runs: a process running one benchmark holds only that
 * benchmark's code, so what another benchmark imports (undici, the simulator, the peers' packages)
 * does not move its heap figures, nor the garbage collector's limits they depend on. (Loaded all at
 * once, two modules registered after the base of a comparison moved `balanceSnapshots`' peak heap
 * from 95 to 110 MB with the operator unchanged.)
 *
 * @module
 */
import type { Benchmark } from './benchmark.js';

/** A registered benchmark: the name `--only` picks it by, and its module, loaded when it runs. */
export interface RegisteredBenchmark {
  readonly name: string;
  load(): Promise<Benchmark>;
}

/** The registered benchmarks (one line each: `bench:compare` reads and edits these lines). */
export const benchmarks: readonly RegisteredBenchmark[] = [
  { name: 'decode', load: async () => (await import('./decode.bench.js')).decodeBenchmark },
  { name: 'operators', load: async () => (await import('./operators.bench.js')).operatorsBenchmark },
  { name: 'freeze', load: async () => (await import('./freeze.bench.js')).freezeBenchmark },
  { name: 'e2e', load: async () => (await import('./e2e.bench.js')).e2eBenchmark },
  { name: 'metrics', load: async () => (await import('./metrics.bench.js')).metricsBenchmark },
  { name: 'rest', load: async () => (await import('./rest.bench.js')).restBenchmark },
  { name: 'peers', load: async () => (await import('./peers.bench.js')).peersBenchmark },
  { name: 'scale', load: async () => (await import('./scale.bench.js')).scaleBenchmark },
  { name: 'budget', load: async () => (await import('./budget.bench.js')).budgetBenchmark },
  { name: 'thousand', load: async () => (await import('./thousand.bench.js')).thousandBenchmark },
  { name: 'bundle', load: async () => (await import('./bundle.bench.js')).bundleBenchmark },
  { name: 'handwritten', load: async () => (await import('./handwritten.bench.js')).handwrittenBenchmark },
  { name: 'journal', load: async () => (await import('./journal.bench.js')).journalBenchmark },
  { name: 'import-time', load: async () => (await import('./import-time.bench.js')).importTimeBenchmark },
];
