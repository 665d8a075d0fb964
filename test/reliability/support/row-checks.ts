/**
 * The checks of a fault-matrix row: the pushes since the stream started held against what it
 * received and the gaps it reported, and its balances and orders against the simulator's.
 * {@link settle} waits for the stream to catch up; {@link expectNothingLost} asserts.
 */
import { expect } from '@jest/globals';
import type { PushRecord } from '../../../src/simulator/index.js';
import type { GapEvent } from '../../../src/stream/lifecycle.js';
import { overlapCopies } from '../../stream-integration/support.js';
import { coverage, type Coverage } from './coverage.js';
import { ACCOUNT, isMarket, MINUTE, ofType, type Row } from './row.js';

/** The pushes since the stream started. */
export function pushesOf(row: Row): PushRecord[] {
  return row.sim.ws.pushes(ACCOUNT).filter((p) => p.seq >= row.firstSeq);
}

/** How the received events compare with the push log and the gaps so far. */
export function coverageOf(row: Row): Coverage {
  return coverage(pushesOf(row), row.events.filter(isMarket), ofType(row, 'gap') as GapEvent[]);
}

/** The pushes since the stream started that gave it copies to deduplicate ({@link overlapCopies}). */
export function overlapCopiesOf(row: Row): PushRecord[] {
  return overlapCopies(pushesOf(row), row.sim.ws.connections({ account: ACCOUNT }));
}

/** An object from entries, its keys sorted (so two of them print the same when equal). */
function sorted(entries: [string, [string, string]][]): Record<string, [string, string]> {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function balancesOfSim(row: Row): Record<string, [string, string]> {
  return sorted(row.sim.admin.balances(ACCOUNT, 'SPOT').map((b) => [b.asset, [b.free, b.locked]]));
}

function balancesOfStream(row: Row): Record<string, [string, string]> {
  return sorted([...(row.snapshots.balances?.balances ?? new Map()).values()].map((b) => [b.asset, [b.free, b.frozen]]));
}

function ordersOfSim(row: Row): Record<string, [string, string]> {
  return sorted(row.sim.market.orders(ACCOUNT).map((o) => [o.orderId, [o.status, o.filledQuantity]]));
}

function ordersOfStream(row: Row): Record<string, [string, string]> {
  return sorted([...(row.snapshots.book?.orders ?? new Map()).values()].map((o) => [o.orderId, [o.status, o.cumulativeQuantity]]));
}

function caughtUp(row: Row): boolean {
  const c = coverageOf(row);
  return (
    c.uncovered.length === 0 &&
    row.snapshots.balances?.stale === false &&
    row.snapshots.book?.stale === false &&
    JSON.stringify(balancesOfStream(row)) === JSON.stringify(balancesOfSim(row)) &&
    JSON.stringify(ordersOfStream(row)) === JSON.stringify(ordersOfSim(row))
  );
}

/**
 * Moves the clock on until every push has arrived or lies in a gap, and both books are fresh and
 * equal the simulator's, or `withinMs` of clock time have passed (then {@link expectNothingLost}
 * says what is missing).
 */
export async function settle(row: Row, withinMs = 10 * MINUTE): Promise<void> {
  await row.drive.until('the stream to catch up', () => caughtUp(row), withinMs).catch(() => undefined);
}

/**
 * The common assertions of every row: no stream error, every received event pushed exactly once,
 * every push received or inside a gap, and balances and orders equal to the simulator's, fresh.
 */
export function expectNothingLost(row: Row): Coverage {
  expect(row.error).toBeUndefined();
  const c = coverageOf(row);
  expect(c.unexpected).toEqual([]);
  expect(c.uncovered).toEqual([]);
  expect(c.pushed).toBeGreaterThan(0);
  expect(row.snapshots.balances?.stale).toBe(false);
  expect(balancesOfStream(row)).toEqual(balancesOfSim(row));
  expect(row.snapshots.book?.stale).toBe(false);
  expect(ordersOfStream(row)).toEqual(ordersOfSim(row));
  return c;
}
