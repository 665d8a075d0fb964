/**
 * The request budget in virtual time: calls wait in a queue until their endpoint's lanes (this IP,
 * the account) have room; a request counts from the moment it goes until a window after its answer
 * came back (plus the safety margin); accounts take turns on a shared lane.
 */
import { describe, expect, it } from '@jest/globals';
import { firstValueFrom, take, toArray } from 'rxjs';
import { createRequestBudget, getSubAccountAssets, listSubAccountApiKeys, listSubAccounts, type BudgetSnapshot } from '../../src/index.js';
import { collect, lanesInUse, reply, VirtualService } from './virtual.js';

const M2_PATH = '/api/v3/sub-account/list';
const M8_PATH = '/api/v3/sub-account/asset';
const page = (): Response => reply({ subAccounts: [] });
const assets = (): Response => reply({ balances: [] });

/** A budget of `limit` per 1 s window, margin 0 unless given, on the service's scheduler. */
function budgetOf(service: VirtualService, limit: number, extra: Parameters<typeof createRequestBudget>[0] = {}) {
  return createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: limit, accountLimit: limit, safetyMarginMs: 0, ...extra });
}

describe('queueing', () => {
  it('lets the limit go at once and holds the rest until a window after the answers', async () => {
    const service = new VirtualService(() => page());
    const client = service.client({ budget: budgetOf(service, 2, { safetyMarginMs: 100 }) });
    const calls = Array.from({ length: 5 }, () => collect(listSubAccounts(client, {})));
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual([0, 0, 1100, 1100, 2200]);
    expect(calls.every((c) => c.error === undefined && c.values.length === 1)).toBe(true);
  });

  it('counts a slow request until a window after its answer, not after its sending', async () => {
    const service: VirtualService = new VirtualService((_request, n): Response | Promise<Response> => (n === 0 ? service.after(700, page) : page()));
    const client = service.client({ budget: budgetOf(service, 1) });
    const calls = Array.from({ length: 3 }, () => collect(listSubAccounts(client, {})));
    await service.drive(() => calls.every((c) => c.done));
    // Sent at 0, answered at 700: its slot is free at 1700, not at 1000.
    expect(service.times(M2_PATH)).toEqual([0, 1700, 2700]);
  });

  it('keeps each endpoint apart: a full lane on one endpoint holds nothing on another', async () => {
    const service = new VirtualService((request) => (request.path === M8_PATH ? assets() : page()));
    const client = service.client({ budget: budgetOf(service, 1) });
    const m2 = [collect(listSubAccounts(client, {})), collect(listSubAccounts(client, {}))];
    const m8 = collect(getSubAccountAssets(client, { subAccount: 'strategy01' }));
    await service.drive(() => [...m2, m8].every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual([0, 1000]);
    expect(service.times(M8_PATH)).toEqual([0]);
  });

  it('holds an account to its own limit while another account on the same IP goes ahead', async () => {
    const service = new VirtualService(page);
    const budget = budgetOf(service, 10, { accountLimit: 1 });
    const alpha = service.client({ apiKey: 'mx0alphaKEY', budget });
    const beta = service.client({ apiKey: 'mx0betaKEY', budget });
    const calls = [collect(listSubAccounts(alpha, {})), collect(listSubAccounts(alpha, {})), collect(listSubAccounts(beta, {}))];
    await service.drive(() => calls.every((c) => c.done));
    const sent = service.sent.map((r) => [r.apiKey, r.at]);
    expect(sent).toEqual([
      ['mx0alphaKEY', 0],
      ['mx0betaKEY', 0],
      ['mx0alphaKEY', 1000],
    ]);
  });

  it('lets accounts take turns on a shared lane: a flood from one account does not starve another', async () => {
    const service = new VirtualService(page);
    const budget = budgetOf(service, 2);
    const flooder = service.client({ apiKey: 'mx0floodKEY', budget });
    const quiet = service.client({ apiKey: 'mx0quietKEY', budget });
    const flood = Array.from({ length: 8 }, () => collect(listSubAccounts(flooder, {})));
    const late = collect(listSubAccounts(quiet, {}));
    await service.drive(() => [...flood, late].every((c) => c.done));
    // Two go at once (both the flooder's, first in line); the quiet account's one call goes in the next window, not after the whole flood.
    const quietAt = service.sent.find((r) => r.apiKey === 'mx0quietKEY')?.at;
    expect(quietAt).toBe(1000);
    expect(service.times(M2_PATH)).toEqual([0, 0, 1000, 1000, 2000, 2000, 3000, 3000, 4000]);
  });

  it('sends each account’s calls on one endpoint in the order they were made', async () => {
    const service = new VirtualService(page);
    const client = service.client({ budget: budgetOf(service, 1) });
    const calls = [3, 1, 2].map((limit) => collect(listSubAccounts(client, { limit })));
    await service.drive(() => calls.every((c) => c.done));
    expect(service.sent.map((r) => r.query.get('limit'))).toEqual(['3', '1', '2']);
  });

  it('counts a weighted request as that many units', async () => {
    const service = new VirtualService();
    const budget = budgetOf(service, 3);
    const tickets = await firstValueFrom(budget.admit({ endpoint: 'M2', account: 'a', units: 2 }));
    const second = collect(budget.admit({ endpoint: 'M2', account: 'a', units: 2 }));
    await service.runUntil(5000);
    expect(second.done).toBe(false);
    tickets.settle();
    await service.drive(() => second.done);
    expect(budget.snapshot().lanes.find((lane) => lane.endpoint === 'M2')).toMatchObject({ scope: 'ip', used: 2, inFlight: 2, limit: 3, left: 1 });
    expect(service.scheduler.now()).toBe(6000);
  });
});

describe('requests in flight', () => {
  it('are at most maxInFlight; the rest wait, the endpoint with the longest backlog first, the older call on a tie', async () => {
    const M4_PATH = '/api/v3/sub-account/apiKey';
    const answer = (path: string): Response => (path === M8_PATH ? assets() : path === M4_PATH ? reply({ subAccount: [] }) : page());
    const service: VirtualService = new VirtualService((request): Promise<Response> => service.after(100, () => answer(request.path)));
    const client = service.client({ budget: budgetOf(service, 10, { maxInFlight: 1 }) });
    const calls = [
      collect(getSubAccountAssets(client, { subAccount: 'strategy01' })),
      ...[1, 2, 3].map((limit) => collect(listSubAccounts(client, { limit }))),
      collect(listSubAccountApiKeys(client, { subAccount: 'strategy01' })),
    ];
    await service.drive(() => calls.every((c) => c.done));
    expect(service.sent.map((r) => [r.path, r.at])).toEqual([
      [M8_PATH, 0],
      [M2_PATH, 100],
      [M2_PATH, 200],
      [M2_PATH, 300],
      [M4_PATH, 400],
    ]);
  });
});

describe('the state', () => {
  it('shows used, in flight, waiting and pauses per endpoint and scope, and runs nothing while unobserved', async () => {
    const service: VirtualService = new VirtualService((): Promise<Response> => service.after(100, page));
    const budget = budgetOf(service, 1, { stateIntervalMs: 50 });
    const client = service.client({ accountId: 'desk01', budget });
    expect(service.scheduler.actions).toHaveLength(0);
    const calls = [collect(listSubAccounts(client, {})), collect(listSubAccounts(client, {}))];
    const states = collect(budget.state$.pipe(take(2), toArray()));
    await service.runUntil(50);
    expect(states.values[0]?.[1]).toMatchObject({ waiting: 1, ipPausedUntil: undefined, spread: true });
    expect(lanesInUse(states.values[0]?.[1] as BudgetSnapshot)).toEqual([
      { scope: 'ip', endpoint: 'M2', account: undefined, limit: 1, used: 1, left: 0, inFlight: 1, waiting: 1, pausedUntil: undefined },
      { scope: 'account', endpoint: 'M2', account: 'desk01', limit: 1, used: 1, left: 0, inFlight: 1, waiting: 1, pausedUntil: undefined },
    ]);
    await service.drive(() => calls.every((c) => c.done));
    await service.runUntil(service.scheduler.now() + 2000);
    expect(budget.snapshot()).toMatchObject({ at: service.scheduler.now(), ipPausedUntil: undefined, waiting: 0 });
    expect(lanesInUse(budget.snapshot())).toEqual([]);
    // The state's timer is gone with its subscriber: nothing is left on the scheduler.
    expect(service.scheduler.actions).toHaveLength(0);
  });
});
