/**
 * Pairs the rows the base tree and the working tree printed, benchmark by benchmark and row by row,
 * and judges each pair: the medians over the runs of each side, the change (positive = worse) and
 * whether it is worse than the threshold allows, and than the runs' own spread: a row whose median
 * moved past the threshold while some run of the head was as good as some run of the base is
 * `within noise`, not `worse` (benchstat's `~`, with the plainest test there is: with three runs a
 * side, the head's being all worse than the base's happens by chance one time in twenty). A row
 * whose medians differ by one step of the figure as printed, or less, is `below resolution`: a
 * figure printed as 0.06 cannot tell a 5% change from rounding (a package's share of a page moves by
 * a few gzipped bytes when anything else in the page changes).
 *
 * @module
 */
import { figureDirection, type Direction } from './direction.js';
import type { PrintedRow, PrintedTable } from './parse-tables.js';

/** The tree a run was made in: the base ref's worktree or the working tree. */
export type Side = 'base' | 'head';

/** One child run of one benchmark: its tables, or why it printed none. */
export interface BenchRun {
  readonly benchmark: string;
  readonly side: Side;
  readonly tables: readonly PrintedTable[];
  /** Why the run failed (the benchmark threw, the process died), when it did. */
  readonly failure?: string | undefined;
}

/** What a compared row came to. */
export type Verdict = 'ok' | 'worse' | 'within noise' | 'below resolution' | 'not judged' | 'only in base' | 'only in head' | 'failed in base' | 'failed in head';

/** One row of the comparison. */
export interface ComparedRow {
  readonly benchmark: string;
  /** The row as printed: label, unit, and the baseline it is set against. */
  readonly row: string;
  /** What was compared: the ratio against the in-run baseline, or the row's own figure. */
  readonly figure: 'ratio' | 'own';
  /** The unit of the compared figure (`x` for a ratio). */
  readonly unit: string;
  readonly direction: Direction;
  readonly baseMedian: number | undefined;
  readonly headMedian: number | undefined;
  /** The compared figure of each run, base and head, in the order they ran. */
  readonly baseRuns: readonly number[];
  readonly headRuns: readonly number[];
  /** Change from base to head in %, positive = worse; undefined when not judged. */
  readonly changePct: number | undefined;
  readonly verdict: Verdict;
}

/** A side of a benchmark where some runs printed no table. */
export interface RunFailure {
  readonly benchmark: string;
  readonly side: Side;
  readonly failed: number;
  readonly runs: number;
  /** The first failure's reason. */
  readonly reason: string;
}

/** Everything the comparison found. */
export interface Comparison {
  readonly rows: readonly ComparedRow[];
  readonly failures: readonly RunFailure[];
  /** The threshold the verdicts used, %. */
  readonly thresholdPct: number;
}

/**
 * The median of `values` (the mean of the middle two for an even count).
 *
 * @example
 * ```ts
 * median([3, 1, 2]); // 2
 * ```
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Figures that vary from run to run (sizes, counts) are written as `#`, so rows pair across runs. */
const shape = (text: string): string => text.replace(/\d[\d,]*(\.\d+)?/g, '#');

/** Keys for a run's rows: label, unit and baseline with their numbers blanked, numbered when repeated. */
function keyedRows(rows: readonly PrintedRow[]): Array<[string, PrintedRow]> {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = `${shape(row.label)} (${row.unit}) vs ${shape(row.baselineLabel ?? '-')}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return [count === 1 ? base : `${base} #${count}`, row];
  });
}

const describeRow = (row: PrintedRow): string => `${row.label} (${row.unit})${row.baselineLabel === undefined ? '' : ` vs ${row.baselineLabel}`}`;

/**
 * The change from `base` to `head` in %, positive when head is worse in `direction`.
 *
 * @example
 * ```ts
 * changePercent(100, 110, 'lower'); // 10 (took 10% longer)
 * changePercent(100, 110, 'higher'); // -10 (10% faster)
 * ```
 */
export function changePercent(base: number, head: number, direction: Direction): number | undefined {
  if (direction === 'unknown' || !Number.isFinite(base) || !Number.isFinite(head)) return undefined;
  if (base === 0) return head === 0 ? 0 : undefined;
  const raw = ((head - base) / Math.abs(base)) * 100;
  return direction === 'lower' ? raw : -raw;
}

/**
 * Whether every run of the head is worse than every run of the base in `direction`: the sides'
 * ranges do not overlap.
 *
 * @example
 * ```ts
 * allRunsWorse([10, 11], [12, 13], 'lower'); // true
 * allRunsWorse([10, 13], [12, 14], 'lower'); // false (a head run beat a base run)
 * ```
 */
export function allRunsWorse(base: readonly number[], head: readonly number[], direction: Direction): boolean {
  if (base.length === 0 || head.length === 0) return false;
  if (direction === 'lower') return Math.min(...head) > Math.max(...base);
  if (direction === 'higher') return Math.max(...head) < Math.min(...base);
  return false;
}

/**
 * Whether two medians differ by no more than `step`, the smallest change their figures can show as
 * printed (with a margin for the binary fractions of decimal steps).
 *
 * @example
 * ```ts
 * belowResolution(0.06, 0.07, 0.01); // true
 * belowResolution(0.06, 0.08, 0.01); // false
 * ```
 */
export function belowResolution(base: number | undefined, head: number | undefined, step: number): boolean {
  if (base === undefined || head === undefined || !(step > 0)) return false;
  return Math.abs(head - base) <= step * (1 + 1e-9);
}

interface Pair {
  readonly row: string;
  readonly base: PrintedRow[];
  readonly head: PrintedRow[];
}

function judge(benchmark: string, pair: Pair, failedSides: ReadonlySet<Side>, thresholdPct: number): ComparedRow {
  const first = pair.head[0] ?? pair.base[0];
  const all = [...pair.base, ...pair.head];
  const byRatio = all.every((row) => row.ratio !== undefined && Number.isFinite(row.ratio));
  const figureOf = (row: PrintedRow): number => (byRatio ? (row.ratio ?? Number.NaN) : row.median);
  const stepOf = (row: PrintedRow): number => (byRatio ? (row.ratioStep ?? 0) : row.medianStep);
  const direction = first === undefined ? 'unknown' : figureDirection({ unit: first.unit, label: first.label, ratioText: byRatio ? first.ratioText : undefined });
  const baseRuns = pair.base.map(figureOf);
  const headRuns = pair.head.map(figureOf);
  const baseMedian = baseRuns.length === 0 ? undefined : median(baseRuns);
  const headMedian = headRuns.length === 0 ? undefined : median(headRuns);
  const changePct = baseMedian === undefined || headMedian === undefined ? undefined : changePercent(baseMedian, headMedian, direction);
  const missing: Side | undefined = pair.base.length === 0 ? 'base' : pair.head.length === 0 ? 'head' : undefined;
  let verdict: Verdict;
  if (missing !== undefined) verdict = failedSides.has(missing) ? `failed in ${missing}` : missing === 'base' ? 'only in head' : 'only in base';
  else if (changePct === undefined) verdict = 'not judged';
  else if (changePct <= thresholdPct) verdict = 'ok';
  else if (belowResolution(baseMedian, headMedian, Math.max(...all.map(stepOf)))) verdict = 'below resolution';
  else verdict = allRunsWorse(baseRuns, headRuns, direction) ? 'worse' : 'within noise';
  const unit = byRatio ? 'x' : (first?.unit ?? '');
  return { benchmark, row: pair.row, figure: byRatio ? 'ratio' : 'own', unit, direction, baseMedian, headMedian, baseRuns, headRuns, changePct, verdict };
}

function failuresOf(benchmark: string, runs: readonly BenchRun[]): RunFailure[] {
  return (['base', 'head'] as const).flatMap((side) => {
    const mine = runs.filter((run) => run.side === side);
    const failed = mine.filter((run) => run.failure !== undefined);
    const reason = failed[0]?.failure;
    return reason === undefined ? [] : [{ benchmark, side, failed: failed.length, runs: mine.length, reason }];
  });
}

/**
 * Pairs and judges the rows of `runs` (any order, any number of runs per side): a row changed by
 * more than `thresholdPct` % for the worse is `below resolution` when the medians differ by one
 * printed step or less, else `worse` when every head run is worse than every base run, else
 * `within noise`.
 *
 * @example
 * ```ts
 * const { rows, failures } = compareRuns(runs, 5);
 * ```
 */
export function compareRuns(runs: readonly BenchRun[], thresholdPct: number): Comparison {
  const benchmarks = [...new Set(runs.map((run) => run.benchmark))];
  const rows: ComparedRow[] = [];
  const failures: RunFailure[] = [];
  for (const benchmark of benchmarks) {
    const mine = runs.filter((run) => run.benchmark === benchmark);
    const benchFailures = failuresOf(benchmark, mine);
    failures.push(...benchFailures);
    const pairs = new Map<string, Pair>();
    // The head's runs first: the rows come out in the working tree's order.
    for (const run of [...mine.filter((r) => r.side === 'head'), ...mine.filter((r) => r.side === 'base')]) {
      for (const [key, row] of keyedRows(run.tables.flatMap((table) => table.rows))) {
        let pair = pairs.get(key);
        if (pair === undefined) pairs.set(key, (pair = { row: describeRow(row), base: [], head: [] }));
        pair[run.side].push(row);
      }
    }
    const failedSides = new Set(benchFailures.filter((f) => f.failed === f.runs).map((f) => f.side));
    for (const pair of pairs.values()) rows.push(judge(benchmark, pair, failedSides, thresholdPct));
  }
  return { rows, failures, thresholdPct };
}
