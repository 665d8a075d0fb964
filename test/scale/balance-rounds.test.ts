/**
 * `pollSubAccountBalances` in virtual time: a round reads every sub-account at once through the
 * master's budget, rounds follow each other `everyMs` apart (or at once after a long one), a failed
 * read is reported and the round goes on, and each round reads the newest set of accounts.
 */
import { describe, expect, it } from '@jest/globals';
import { BehaviorSubject } from 'rxjs';
import { ApiError, createClient, createRequestBudget, pollSubAccountBalances, ValidationError, type BalanceReadFailure, type BalanceReading } from '../../src/index.js';
import { collect, reply, VirtualService } from '../budget/virtual.js';

const balances = (account: string) => reply({ balances: [{ asset: 'USDT', free: String(account.length), locked: '0' }] });

describe('pollSubAccountBalances', () => {
  it('reads every sub-account each round, within the budget, a round every everyMs', async () => {
    const service = new VirtualService((request) => balances(request.query.get('subAccount') ?? ''));
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, accountLimit: 2, safetyMarginMs: 0 });
    const master = service.client({ budget });
    const readings = collect(pollSubAccountBalances(master, ['alpha0001', 'beta00002', 'gamma0003'], { everyMs: 5000 }));
    await service.runUntil(12_000);
    readings.subscription.unsubscribe();
    const seen = (readings.values as BalanceReading[]).map((r) => [r.round, r.account, r.at]);
    expect(seen).toEqual([
      [1, 'alpha0001', 0],
      [1, 'beta00002', 0],
      [1, 'gamma0003', 1000],
      [2, 'alpha0001', 5000],
      [2, 'beta00002', 5000],
      [2, 'gamma0003', 6000],
      [3, 'alpha0001', 10_000],
      [3, 'beta00002', 10_000],
      [3, 'gamma0003', 11_000],
    ]);
    expect((readings.values[0] as BalanceReading).balances).toEqual([{ asset: 'USDT', free: '9', locked: '0' }]);
    expect(service.sent.every((r) => r.path === '/api/v3/sub-account/asset')).toBe(true);
  });

  it('follows a round that took longer than everyMs at once, and reports a failed read without stopping', async () => {
    const service = new VirtualService((request) =>
      request.query.get('subAccount') === 'broken001' ? reply({ code: 140001, msg: 'sub-account does not exist' }, 400) : balances('x'),
    );
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 3000, accountLimit: 1, safetyMarginMs: 0 });
    const readings = collect(pollSubAccountBalances(service.client({ budget }), ['alpha0001', 'broken001'], { everyMs: 1000 }));
    await service.runUntil(9000);
    readings.subscription.unsubscribe();
    expect(readings.values.map((r) => [r.round, r.account, r.at])).toEqual([
      [1, 'alpha0001', 0],
      [1, 'broken001', 3000],
      [2, 'alpha0001', 6000],
      [2, 'broken001', 9000],
    ]);
    const failure = readings.values[1] as BalanceReadFailure;
    expect(failure.error).toBeInstanceOf(ApiError);
  });

  it('reads the newest set of sub-accounts each round, and starts with the first set', async () => {
    const service = new VirtualService(() => balances('x'));
    const accounts$ = new BehaviorSubject<readonly string[]>(['alpha0001']);
    const readings = collect(pollSubAccountBalances(service.client({ budget: false }), accounts$, { everyMs: 1000 }));
    await service.runUntil(500);
    accounts$.next(['beta00002', 'gamma0003']);
    await service.runUntil(1500);
    readings.subscription.unsubscribe();
    await service.runUntil(5000);
    expect(readings.values.map((r) => [r.round, r.account])).toEqual([
      [1, 'alpha0001'],
      [2, 'beta00002'],
      [2, 'gamma0003'],
    ]);
    expect(service.sent).toHaveLength(3);
  });

  it('at its shortest period, rounds whose reads all fail at once come a second apart, never in a loop', async () => {
    const service = new VirtualService(() => balances('x'));
    // No credentials: every read fails before anything is sent, and the round ends as it begins.
    const master = createClient({ scheduler: service.scheduler, fetch: service.fetch, transport: 'fetch', budget: false });
    const readings = collect(pollSubAccountBalances(master, ['alpha0001'], { everyMs: 1000 }));
    await service.runUntil(10_000);
    readings.subscription.unsubscribe();
    expect(readings.values.map((r) => r.at)).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000]);
    expect(readings.values.every((r) => 'error' in r && r.error instanceof ValidationError)).toBe(true);
    expect(service.sent).toEqual([]);
  });
});
