/**
 * What a benchmark is and what it reports. A benchmark is a module exporting one
 * {@link Benchmark}; `registry.ts` lists them, `run.ts` runs them and prints their rows.
 *
 * @module
 */

/** One measured quantity: a sample per round. */
export interface Measure {
  /** What was measured, e.g. `decodeFrame, protobuf frames`. */
  readonly label: string;
  /** Unit of the samples, e.g. `events/s`, `ms`, `MB`. */
  readonly unit: string;
  /** One value per round. */
  readonly samples: readonly number[];
}

/** A goal a row is checked against. */
export interface Target {
  /** The goal in words, e.g. `cost <= 2x bare decode`. */
  readonly text: string;
  /** Whether the measured value meets it. */
  readonly met: boolean;
  /**
   * Whether missing it fails the run (exit status 1, a FAIL line): for figures that do not vary
   * from run to run (a page's size), unlike timings on a shared machine.
   */
  readonly failsRun?: boolean | undefined;
}

/** A line of the results table: the library's figure, side by side with its baseline. */
export interface ResultRow {
  /** The measured subject. */
  readonly subject: Measure;
  /** What the subject is compared with, measured in the same rounds. */
  readonly baseline?: Measure | undefined;
  /** The comparison, e.g. `{ value: 1.4, text: '1.40x cost' }` (median of the per-round ratios). */
  readonly ratio?: { readonly value: number; readonly text: string } | undefined;
  readonly target?: Target | undefined;
}

/** What a benchmark gets from the runner. */
export interface BenchContext {
  /** A short smoke run: fewer rounds, smaller inputs; figures are indicative only. */
  readonly quick: boolean;
  /** Progress output (stderr), one line at a time. */
  readonly log: (line: string) => void;
}

/** A benchmark: a name for `--only`, a title and description for the report, and its run. */
export interface Benchmark {
  /** Short name, used by `--only`. */
  readonly name: string;
  /** Section title in the report. */
  readonly title: string;
  /** One paragraph: the workload, the baseline, how the rounds are run. */
  readonly description: string;
  /** Runs every round and returns the rows. Throws when the workload itself goes wrong. */
  run(context: BenchContext): Promise<readonly ResultRow[]>;
}

/** A benchmark's rows, with how long it took. */
export interface BenchmarkResult {
  readonly benchmark: Benchmark;
  readonly rows: readonly ResultRow[];
  /** Wall time of the benchmark, ms. */
  readonly elapsedMs: number;
}
