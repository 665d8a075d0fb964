/**
 * A row's own rate per account, in virtual time: A1 `getAccount` goes at most 2 times per second per
 * account (counted from sending until a second after the answer, plus the safety margin), each
 * account apart, besides its weight of 10 on the endpoint's lanes: 50 reads per window from one IP.
 */
import { describe, expect, it } from '@jest/globals';
import { createRequestBudget, getAccount, listOpenOrders } from '../../src/index.js';
import { collect, lanesInUse, reply, VirtualService } from './virtual.js';

const A1_PATH = '/api/v3/account';
const A2_PATH = '/api/v3/openOrders';
const account = (): Response =>
  reply({ canTrade: true, canWithdraw: true, canDeposit: true, updateTime: null, accountType: 'SPOT', balances: [], permissions: ['SPOT'] });

/** At most two in any window of `ms` starting at any time: how the service's per-second count is kept. */
function mostInAnySpan(times: readonly number[], ms: number): number {
  return Math.max(0, ...times.map((start) => times.filter((t) => t >= start && t < start + ms).length));
}

describe('A1: 2 calls per second per account', () => {
  it('lets two go at once, and each later pair a second and the margin after the answers', async () => {
    const service = new VirtualService(account);
    const client = service.client({ budget: createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100 }) });
    const calls = Array.from({ length: 5 }, () => collect(getAccount(client)));
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(A1_PATH)).toEqual([0, 0, 1100, 1100, 2200]);
    expect(calls.every((c) => c.error === undefined && c.values.length === 1)).toBe(true);
  });

  it('counts a slow answer from when it came back, so no second holds three', async () => {
    const service: VirtualService = new VirtualService((_request, n): Response | Promise<Response> => (n === 0 ? service.after(700, account) : account()));
    const client = service.client({ budget: createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 0 }) });
    const calls = Array.from({ length: 4 }, () => collect(getAccount(client)));
    await service.drive(() => calls.every((c) => c.done));
    const times = service.times(A1_PATH);
    expect(times).toEqual([0, 0, 1000, 1700]);
    expect(mostInAnySpan(times, 1000)).toBe(2);
  });

  it('holds each account to its own rate: accounts do not wait for one another’s second', async () => {
    const service = new VirtualService(account);
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100, maxInFlight: Infinity });
    const clients = ['mx0alphaKEY', 'mx0betaKEY', 'mx0gammaKEY'].map((apiKey) => service.client({ apiKey, budget }));
    const calls = clients.flatMap((client) => [collect(getAccount(client)), collect(getAccount(client)), collect(getAccount(client))]);
    await service.drive(() => calls.every((c) => c.done));
    const byKey = (key: string) => service.sent.filter((r) => r.apiKey === key).map((r) => r.at);
    for (const key of ['mx0alphaKEY', 'mx0betaKEY', 'mx0gammaKEY']) expect(byKey(key)).toEqual([0, 0, 1100]);
  });

  it('keeps the weight of 10 too: 50 reads per window from one IP, whichever accounts they are for', async () => {
    const service = new VirtualService(account);
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100, maxInFlight: Infinity });
    const clients = Array.from({ length: 60 }, (_, i) => service.client({ apiKey: `mx0sub${String(i).padStart(3, '0')}KEY`, budget }));
    const calls = clients.map((client) => collect(getAccount(client)));
    await service.drive(() => calls.every((c) => c.done));
    const times = service.times(A1_PATH);
    expect(times.filter((t) => t === 0)).toHaveLength(50);
    expect(times.filter((t) => t === 10_100)).toHaveLength(10);
  });

  it('reads 250 accounts’ balances in 5 windows: 50 at a time, each batch a window and the margin after the last (1,000: 20 windows, ~192 s)', async () => {
    const service = new VirtualService(account);
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100, maxInFlight: Infinity });
    const calls = Array.from({ length: 250 }, (_, i) => collect(getAccount(service.client({ apiKey: `mx0sub${String(i).padStart(4, '0')}KEY`, budget }))));
    await service.drive(() => calls.every((c) => c.done));
    const times = service.times(A1_PATH);
    const batches = [...new Set(times)];
    expect(batches).toEqual(Array.from({ length: 5 }, (_, k) => k * 10_100));
    expect(batches.map((at) => times.filter((t) => t === at).length)).toEqual(Array.from({ length: 5 }, () => 50));
  });

  it('leaves A2, which has no rate of its own, to its weight of 3 alone', async () => {
    const service = new VirtualService(() => reply([]));
    const client = service.client({ budget: createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100 }) });
    const calls = Array.from({ length: 5 }, () => collect(listOpenOrders(client, { symbol: 'BTCUSDT' })));
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(A2_PATH)).toEqual([0, 0, 0, 0, 0]);
  });

  it('shows an account’s A1 lanes in weight while they count, and none once the window is over', async () => {
    const service = new VirtualService(account);
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100 });
    const client = service.client({ budget });
    const call = collect(getAccount(client));
    await service.drive(() => call.done);
    expect(lanesInUse(budget.snapshot()).map((l) => [l.scope, l.endpoint, l.used])).toEqual([
      ['ip', 'A1', 10],
      ['account', 'A1', 10],
    ]);
    await service.runUntil(10_200);
    expect(lanesInUse(budget.snapshot())).toEqual([]);
  });
});
