/**
 * createRequestBudget's settings, as a careless user gives them: each bad one is refused when the
 * budget is made (a ValidationError, operation `config`, naming the field and its rule); an
 * explicit `undefined` is "not given". A window of weeks is allowed: its timer waits in steps
 * (long-window.test.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { createRequestBudget, type RequestBudgetOptions } from '../../src/index.js';
import { configIssues, loose } from '../support/settings.js';

const CARELESS: readonly [string, RequestBudgetOptions, string][] = [
  ['windowMs Infinity', { windowMs: Infinity }, 'windowMs'],
  ['windowMs as text', { windowMs: loose('10000') }, 'windowMs'],
  ['windowMs 0', { windowMs: 0 }, 'windowMs'],
  ['ipLimit 0', { ipLimit: 0 }, 'ipLimit'],
  ['ipLimit Infinity', { ipLimit: Infinity }, 'ipLimit'],
  ['accountLimit null', { accountLimit: loose(null) }, 'accountLimit'],
  ['an endpoint limit of an unknown operation', { endpointLimits: loose({ X9: { ip: 10 } }) }, 'endpointLimits'],
  ['an endpoint limit of 0', { endpointLimits: { M2: { ip: 0 } } }, 'endpointLimits'],
  ['an endpoint limit null', { endpointLimits: loose({ L1: null }) }, 'endpointLimits'],
  ['endpointLimits a list', { endpointLimits: loose([{ ip: 1 }]) }, 'endpointLimits'],
  ['safetyMarginMs -1', { safetyMarginMs: -1 }, 'safetyMarginMs'],
  ['maxPauseWaitMs NaN', { maxPauseWaitMs: Number.NaN }, 'maxPauseWaitMs'],
  ['resendsAfterRefusal Infinity', { resendsAfterRefusal: Infinity }, 'resendsAfterRefusal'],
  ['maxInFlight 0', { maxInFlight: 0 }, 'maxInFlight'],
  ['scheduler not a scheduler', { scheduler: loose({}) }, 'scheduler'],
  ['stateIntervalMs 0', { stateIntervalMs: 0 }, 'stateIntervalMs'],
  ['stateIntervalMs of a nanosecond (a snapshot loop)', { stateIntervalMs: 1e-9 }, 'stateIntervalMs'],
  ['stateIntervalMs 9', { stateIntervalMs: 9 }, 'stateIntervalMs'],
];

describe('createRequestBudget settings', () => {
  it.each(CARELESS)('refuses %s when the budget is made, naming the field and its rule', (_name, options, field) => {
    expect(configIssues(() => createRequestBudget(options))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it('names the operation ids an endpoint limit may have', () => {
    expect(configIssues(() => createRequestBudget({ endpointLimits: loose({ X9: { ip: 10 } }) }))[0]?.rule).toBe(
      'limits by operation id (M1 to M8, B1 to B15, L1 to L4), each { ip, account } a whole number, 1 or more',
    );
  });

  it('takes an explicit undefined as left out, Infinity where it means no bound, and a window of weeks', () => {
    const budget = createRequestBudget({ windowMs: undefined, ipLimit: undefined, endpointLimits: { L1: { ip: undefined, account: 5 } }, maxInFlight: Infinity, scheduler: undefined });
    expect(budget.settings).toMatchObject({ windowMs: 10_000, ipLimit: 500, maxInFlight: Infinity, endpointLimits: { L1: { account: 5 } } });
    expect(createRequestBudget({ windowMs: 29 * 86_400_000, scheduler: new VirtualTimeScheduler() }).settings.windowMs).toBe(29 * 86_400_000);
  });

  it('at the shortest state$ period, 10 ms, a second of virtual time holds a hundred snapshots, not a loop', () => {
    const scheduler = new VirtualTimeScheduler();
    const budget = createRequestBudget({ scheduler, stateIntervalMs: 10 });
    let snapshots = 0;
    const subscription = budget.state$.subscribe(() => (snapshots += 1));
    scheduler.schedule(() => subscription.unsubscribe(), 1000);
    scheduler.flush();
    expect(snapshots).toBeGreaterThanOrEqual(100);
    expect(snapshots).toBeLessThanOrEqual(101);
  });
});
