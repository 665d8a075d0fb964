/**
 * The operators' settings, as a careless user gives them: each bad one is refused when the
 * operator is made (a ValidationError, operation `config`, naming the field and its rule), not when
 * the first event arrives; an explicit `undefined` is "not given". (Each limit's own boundaries:
 * reduce-orders-options.test.ts; `coalesce`: coalesce-window.test.ts; `maxPages`: paginate-edges.test.ts.)
 */
import { describe, expect, it } from '@jest/globals';
import { asapScheduler, of } from 'rxjs';
import { balanceSnapshots, paginate, reduceOrders, listSubAccounts, createClient, type BalanceSnapshotsOptions, type ReduceOrdersOptions } from '../../src/index.js';
import { errorOf } from '../support/harness.js';
import { configIssues, loose } from '../support/settings.js';

const REDUCE_ORDERS: readonly [string, ReduceOrdersOptions, string][] = [
  ['maxTerminalOrders as text', { maxTerminalOrders: loose('1000') }, 'maxTerminalOrders'],
  ['maxTerminalOrders null', { maxTerminalOrders: loose(null) }, 'maxTerminalOrders'],
  ['maxTerminalAgeMs Infinity', { maxTerminalAgeMs: Infinity }, 'maxTerminalAgeMs'],
  ['seed a promise', { seed: loose(Promise.resolve([])) }, 'seed'],
  ['seed an array', { seed: loose([]) }, 'seed'],
  ['resync an Observable', { resync: loose(of([])) }, 'resync'],
  ["refreshListsAllOpenOrders 'yes'", { refreshListsAllOpenOrders: loose('yes') }, 'refreshListsAllOpenOrders'],
  ['scheduler without now', { scheduler: loose({ schedule: () => undefined }) }, 'scheduler'],
  ['coalesce { everyMs: 0 }', { coalesce: { everyMs: 0 } }, 'coalesce'],
  ['coalesce a number', { coalesce: loose(100) }, 'coalesce'],
];

const BALANCE_SNAPSHOTS: readonly [string, BalanceSnapshotsOptions, string][] = [
  ['seed a function', { seed: loose(() => of([])) }, 'seed'],
  ['resync null', { resync: loose(null) }, 'resync'],
  ['refreshListsAllAssets 0', { refreshListsAllAssets: loose(0) }, 'refreshListsAllAssets'],
  ['coalesce { everyMs: NaN }', { coalesce: { everyMs: Number.NaN } }, 'coalesce'],
];

describe('operator settings', () => {
  it.each(REDUCE_ORDERS)('reduceOrders refuses %s when the operator is made', (_name, options, field) => {
    expect(configIssues(() => reduceOrders(options))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it.each(BALANCE_SNAPSHOTS)('balanceSnapshots refuses %s when the operator is made', (_name, options, field) => {
    expect(configIssues(() => balanceSnapshots(options))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it('take an explicit undefined as left out, and good values of every kind', () => {
    expect(() =>
      reduceOrders({ maxTerminalOrders: undefined, maxTerminalAgeMs: undefined, seed: undefined, resync: undefined, refreshListsAllOpenOrders: undefined, scheduler: undefined, coalesce: undefined }),
    ).not.toThrow();
    expect(() => balanceSnapshots({ seed: undefined, resync: undefined, refreshListsAllAssets: undefined, coalesce: undefined })).not.toThrow();
    expect(() => reduceOrders({ maxTerminalOrders: Infinity, seed: of([]), resync: () => of([]), refreshListsAllOpenOrders: false, coalesce: asapScheduler })).not.toThrow();
    expect(() => balanceSnapshots({ seed: of([]), resync: () => of([]), coalesce: { everyMs: 100 } })).not.toThrow();
  });

  it('paginate refuses maxPages as text or null before any request, and takes an explicit undefined', async () => {
    const client = createClient({ apiKey: 'k', secretKey: 's', retry: { limit: 0 }, budget: false, fetch: () => Promise.reject(new Error('refused by the test')) });
    for (const maxPages of ['2', null]) {
      expect(await errorOf(paginate(listSubAccounts, client, {}, { maxPages: loose(maxPages) }))).toMatchObject({
        operation: 'config',
        issues: [{ field: 'maxPages', rule: 'a whole number, 0 or more (or Infinity)' }],
      });
    }
    expect(await errorOf(paginate(listSubAccounts, client, {}, { maxPages: undefined }))).toMatchObject({ name: 'NetworkError' });
  });
});
