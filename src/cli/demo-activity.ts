/**
 * A little market activity for `stream --sim --demo-activity`: the simulator's market driver
 * trades on the streamed account (orders placed, filled in parts, canceled), so the stream has
 * order, deal and account events to show.
 *
 * @module
 */
import type { Simulator } from '../simulator/index.js';

/** Orders one demo session places. */
export const DEMO_ORDERS = 50;
/** Clock time between two steps of the demo session, ms. */
export const DEMO_STEP_MS = 200;

/**
 * Starts a paced trading session for `account` on `sim`; returns a function that stops it.
 *
 * @example
 * ```ts
 * const stop = startDemoActivity(sim, sim.master.name);
 * // ... events flow ...
 * stop();
 * ```
 */
export function startDemoActivity(sim: Simulator, account: string): () => void {
  const run = sim.market.playSession({ account, orders: DEMO_ORDERS, seed: 1, symbol: 'BTCUSDT', intervalMs: DEMO_STEP_MS });
  return () => run.stop();
}
