/**
 * Keeps the market going for a person to watch: one slow scripted session after another on the
 * simulator, each with a new seed, until stopped.
 */
import type { Simulator } from '../../src/simulator/index.js';

/** Settings of {@link driveMarketSlowly}. */
export interface DriveOptions {
  /** Clock time between two steps (a placement, a fill or a cancel), ms. Default 1500. */
  readonly intervalMs?: number;
  /** Seed of the first session; each next session takes the next seed. Default 1. */
  readonly firstSeed?: number;
  /** Orders per session. Default 12. */
  readonly ordersPerSession?: number;
  /** Told about each finished session. Default: nothing. */
  readonly report?: (line: string) => void;
}

/**
 * Plays sessions for `account` until `stop()` (or a session fails).
 *
 * @example
 * ```ts
 * const driver = driveMarketSlowly(sim, 'browserdemo01', { intervalMs: 1000 });
 * // ...
 * driver.stop();
 * ```
 */
export function driveMarketSlowly(sim: Simulator, account: string, options: DriveOptions = {}): { stop(): void } {
  const report = options.report ?? (() => undefined);
  let stopped = false;
  let current: { stop(): void } | undefined;
  const play = (seed: number): void => {
    const run = sim.market.playSession({ account, orders: options.ordersPerSession ?? 12, seed, intervalMs: options.intervalMs ?? 1500 });
    current = run;
    void run.done.then((summary) => {
      if (stopped) return;
      if (run.error !== undefined) {
        report(`session ${seed} failed: ${run.error instanceof Error ? run.error.message : String(run.error)}`);
        return;
      }
      report(`session ${seed}: ${summary.orderIds.length} orders, ${summary.fills} fills, ${summary.cancels} cancels`);
      play(seed + 1);
    });
  };
  play(options.firstSeed ?? 1);
  return {
    stop() {
      stopped = true;
      current?.stop();
    },
  };
}
