/**
 * The thousand benchmark waits for a fresh budget window with `budgetIdle`: a snapshot lists every
 * endpoint's IP lane even when nothing is counted, so idleness is each lane counting nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { budgetIdle } from '../../bench/budget-idle.js';
import { createRequestBudget, type BudgetSnapshot } from '../../src/index.js';

describe('budgetIdle', () => {
  const fresh = createRequestBudget().snapshot();

  it('holds for a budget nobody used, although its snapshot lists lanes', () => {
    expect(fresh.lanes.length).toBeGreaterThan(0);
    expect(budgetIdle(fresh)).toBe(true);
  });

  const [first, ...rest] = fresh.lanes;
  const withFirst = (change: Partial<NonNullable<typeof first>>): BudgetSnapshot => {
    if (first === undefined) throw new Error('no lane');
    return { ...fresh, lanes: [{ ...first, ...change }, ...rest] };
  };

  it.each([
    ['a lane counts a request', withFirst({ used: 1 })],
    ['a request is in flight', withFirst({ inFlight: 1 })],
    ['a lane is paused', withFirst({ pausedUntil: fresh.at + 1000 })],
    ['a call waits', { ...fresh, waiting: 1 }],
    ['the IP is paused', { ...fresh, ipPausedUntil: fresh.at + 1000 }],
  ] as const)('fails while %s', (_, snapshot) => {
    expect(budgetIdle(snapshot)).toBe(false);
  });
});
