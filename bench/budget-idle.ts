/**
 * Whether a request budget counts nothing: the benchmarks that need a fresh window wait for it.
 *
 * @module
 */
import type { BudgetSnapshot } from '../src/index.js';

/**
 * Whether `snapshot` shows a budget with nothing counted, in flight, waiting or paused. The
 * snapshot lists every endpoint's IP lane, used or not, so an empty list is not the test: each
 * lane must count nothing.
 *
 * @example
 * ```ts
 * await waitFor('the budget’s windows to pass', () => budgetIdle(budget.snapshot()));
 * ```
 */
export function budgetIdle(snapshot: BudgetSnapshot): boolean {
  return (
    snapshot.waiting === 0 &&
    snapshot.ipPausedUntil === undefined &&
    snapshot.lanes.every((lane) => lane.used === 0 && lane.inFlight === 0 && lane.pausedUntil === undefined)
  );
}
