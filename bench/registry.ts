/**
 * Every benchmark, in the order they run. To add one, write a `*.bench.ts` module exporting a
 * {@link Benchmark} and list it here.
 *
 * @module
 */
import type { Benchmark } from './benchmark.js';
import { budgetBenchmark } from './budget.bench.js';
import { bundleBenchmark } from './bundle.bench.js';
import { decodeBenchmark } from './decode.bench.js';
import { e2eBenchmark } from './e2e.bench.js';
import { handwrittenBenchmark } from './handwritten.bench.js';
import { metricsBenchmark } from './metrics.bench.js';
import { operatorsBenchmark } from './operators.bench.js';
import { peersBenchmark } from './peers.bench.js';
import { restBenchmark } from './rest.bench.js';
import { scaleBenchmark } from './scale.bench.js';
import { thousandBenchmark } from './thousand.bench.js';

/** The registered benchmarks. */
export const benchmarks: readonly Benchmark[] = [
  decodeBenchmark,
  operatorsBenchmark,
  e2eBenchmark,
  metricsBenchmark,
  restBenchmark,
  peersBenchmark,
  scaleBenchmark,
  budgetBenchmark,
  thousandBenchmark,
  bundleBenchmark,
  handwrittenBenchmark,
];
