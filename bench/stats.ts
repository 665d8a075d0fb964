/**
 * Small statistics and measuring helpers shared by the benchmarks: median, min, max, percentiles,
 * ratios of paired samples, garbage collection when exposed, heap sampling.
 *
 * @module
 */

/** Median, smallest and largest of some samples. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Summarizes samples (at least one).
 *
 * @example
 * ```ts
 * summarize([3, 1, 2]); // { median: 2, min: 1, max: 3 }
 * ```
 */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new RangeError('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

/**
 * The `p`th percentile of sorted values, by linear interpolation between closest ranks.
 *
 * @example
 * ```ts
 * percentile([1, 2, 3, 4], 50); // 2.5
 * ```
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('no values');
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low] as number;
  const b = sorted[high] as number;
  return a + (b - a) * (rank - low);
}

/**
 * The median of the per-round ratios `a[i] / b[i]` (rounds are paired: measured back to back).
 *
 * @example
 * ```ts
 * pairedRatio([2, 4, 6], [1, 2, 2]); // 2
 * ```
 */
export function pairedRatio(a: readonly number[], b: readonly number[]): number {
  return summarize(a.map((value, i) => value / (b[i] as number))).median;
}

/** Whether the process was started with `--expose-gc`. */
export function canCollectGarbage(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function';
}

/**
 * Runs a full garbage collection when `--expose-gc` is on; otherwise does nothing.
 *
 * @example
 * ```ts
 * collectGarbage();
 * const retained = process.memoryUsage().heapUsed;
 * ```
 */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
}

/** Bytes to megabytes (10^6). */
export function megabytes(bytes: number): number {
  return bytes / 1e6;
}

/**
 * Samples `heapUsed` whenever asked, and keeps the peak above the level at creation (after a full
 * collection when exposed).
 *
 * @example
 * ```ts
 * const heap = new HeapSampler();
 * for (const chunk of chunks) { feed(chunk); heap.sample(); }
 * heap.peakMb; // peak heap above the starting level, MB
 * ```
 */
export class HeapSampler {
  private readonly base: number;
  private peak = 0;

  constructor() {
    collectGarbage();
    this.base = process.memoryUsage().heapUsed;
  }

  /** Takes one sample. */
  sample(): void {
    const used = process.memoryUsage().heapUsed - this.base;
    if (used > this.peak) this.peak = used;
  }

  /** Peak heap seen above the starting level, MB. */
  get peakMb(): number {
    return megabytes(this.peak);
  }

  /** Heap now above the starting level, MB, after a full collection when exposed. */
  retainedMb(): number {
    collectGarbage();
    return megabytes(process.memoryUsage().heapUsed - this.base);
  }
}

/**
 * Alternates which of two measurements runs first, round by round (A B, B A, ...), so that neither
 * always pays for the other's leftovers (garbage, cold caches).
 *
 * @example
 * ```ts
 * for (let round = 0; round < 5; round++) await inAlternatingOrder(round, measureLibrary, measureBaseline);
 * ```
 */
export async function inAlternatingOrder(round: number, a: () => void | Promise<void>, b: () => void | Promise<void>): Promise<void> {
  if (round % 2 === 0) {
    await a();
    await b();
  } else {
    await b();
    await a();
  }
}
