/**
 * The longest event-loop delay since the last look, from Node's `monitorEventLoopDelay`
 * (`node:perf_hooks`); where the runtime has none, no delay is measured. The module is reached when
 * the measuring starts, never by an `import`: a Worker without `nodejs_compat` has no
 * `node:perf_hooks`, and a module importing it would not load there at all.
 *
 * @module
 */
import type { IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { builtinModule } from '../../internal/node-require.js';

/** Sampling period of the monitor, ms: delays are measured to about this much. */
const RESOLUTION_MS = 20;

/** Measures event-loop delay between looks. */
export interface EventLoopDelay {
  /**
   * The longest delay since the previous call (or since made), ms; `undefined` where nothing is
   * measured. Starts the next period, whose first sample (one resolution, 20 ms) Node's histogram
   * does not take once reset: a block that begins within it goes unseen.
   */
  takeMaxMs(): number | undefined;
  /** Stops measuring. */
  close(): void;
}

/**
 * Starts measuring the event loop's delay.
 *
 * @example
 * ```ts
 * const delay = measureEventLoopDelay();
 * // later
 * delay.takeMaxMs(); // 3.1
 * delay.close();
 * ```
 */
export function measureEventLoopDelay(): EventLoopDelay {
  let histogram: IntervalHistogram | undefined;
  try {
    const monitor = builtinModule<{ monitorEventLoopDelay: typeof monitorEventLoopDelay }>('node:perf_hooks')?.monitorEventLoopDelay;
    histogram = monitor?.({ resolution: RESOLUTION_MS });
    histogram?.enable();
  } catch {
    // A runtime with node:perf_hooks but without a working monitor: liveness is then the answer alone.
    histogram = undefined;
  }
  return {
    takeMaxMs() {
      if (histogram === undefined) return undefined;
      // No sample yet (a look within the first period): nothing measured, nothing wrong.
      const max = histogram.count === 0 ? 0 : histogram.max / 1e6;
      histogram.reset();
      return max;
    },
    close() {
      histogram?.disable();
      histogram = undefined;
    },
  };
}
