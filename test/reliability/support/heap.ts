/**
 * Heap samples for the soak: `heapUsed` after a full garbage collection when one can be forced
 * (V8's `gc`, exposed at run time through `--expose-gc` set by `v8.setFlagsFromString`), and the
 * median of the first and last quarters of the samples, to tell a flat heap from a growing one.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

function findGc(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

const gc = findGc();

/** Whether samples are taken after a forced collection. */
export const collectsGarbage = gc !== undefined;

/** `heapUsed` in bytes, after a full collection when possible. */
export function heapUsed(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Medians of the first and the last quarter of `samples` (at least 4). */
export function quarterMedians(samples: readonly number[]): { readonly first: number; readonly last: number } {
  if (samples.length < 4) throw new RangeError('at least 4 samples are needed');
  const quarter = Math.floor(samples.length / 4);
  return { first: median(samples.slice(0, quarter)), last: median(samples.slice(-quarter)) };
}
