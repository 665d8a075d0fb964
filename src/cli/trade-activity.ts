/**
 * Trading for `mexc-rx simulator --trade`: the simulator's market driver trades on each printed
 * account, one paced session after another until stopped, so `mexc-rx stream` in another
 * terminal shows order, deal and account events.
 *
 * @module
 */
import type { SessionRun, Simulator } from '../simulator/index.js';

/** Orders of one session; the next session begins when it is over. */
export const TRADE_SESSION_ORDERS = 100;

/** Settings of {@link startTrading}. */
export interface TradeSettings {
  /** Clock time between two steps of each account's session, ms. */
  readonly paceMs: number;
  /** Seed of the first sessions (account i starts at seed + i; each next session adds the number of accounts). */
  readonly seed: number;
}

/**
 * Starts trading on `accounts` (names) of `sim`; returns a function that stops every session. A
 * session is followed by the next only when it placed all its orders: one stopped early (by this
 * function, or by the simulator's close, which stops every session) or ended by a failing step (an
 * account frozen meanwhile) is the account's last.
 *
 * @example
 * ```ts
 * const stop = startTrading(sim, [sim.master.name, sim.broker.name], { paceMs: 500, seed: 1 });
 * // ... order, deal and account events flow ...
 * stop();
 * ```
 */
export function startTrading(sim: Simulator, accounts: readonly string[], settings: TradeSettings): () => void {
  const runs = new Map<string, SessionRun>();
  let stopped = false;
  const play = (account: string, seed: number): void => {
    if (stopped) return;
    const run = sim.market.playSession({ account, orders: TRADE_SESSION_ORDERS, seed, symbol: 'BTCUSDT', intervalMs: settings.paceMs });
    runs.set(account, run);
    void run.done.then((summary) => {
      if (run.error === undefined && summary.orderIds.length + summary.skipped === TRADE_SESSION_ORDERS) play(account, seed + accounts.length);
    });
  };
  accounts.forEach((account, index) => play(account, settings.seed + index));
  return () => {
    stopped = true;
    for (const run of runs.values()) run.stop();
  };
}
