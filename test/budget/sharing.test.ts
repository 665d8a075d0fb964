/**
 * One request budget shared by many clients: the IP lane is one for all of them. Clients made
 * without a budget share the process's budget for their service origin and scheduler; each account
 * is counted under its `accountId`, or a hash of its API key.
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { createClient, createRequestBudget, listSubAccounts, ValidationError } from '../../src/index.js';
import { collect, reply, VirtualService } from './virtual.js';

const M2_PATH = '/api/v3/sub-account/list';
const page = (): Response => reply({ subAccounts: [] });

describe('sharing across clients', () => {
  it('clients given one budget share its IP lane: their calls together stay within the limit', async () => {
    const service = new VirtualService(page);
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: 3, safetyMarginMs: 0 });
    const clients = Array.from({ length: 6 }, (_, i) => service.client({ apiKey: `mx0client${i}KEY`, budget }));
    const calls = clients.flatMap((client) => [collect(listSubAccounts(client, {})), collect(listSubAccounts(client, {}))]);
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual([0, 0, 0, 1000, 1000, 1000, 2000, 2000, 2000, 3000, 3000, 3000]);
  });

  it('clients with budgets of their own do not wait for each other', async () => {
    const service = new VirtualService(page);
    const own = (): ReturnType<typeof createRequestBudget> => createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: 1 });
    const calls = [service.client({ budget: own() }), service.client({ budget: own() })].map((client) => collect(listSubAccounts(client, {})));
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual([0, 0]);
  });

  it('clients made without a budget share the process’s one for their origin and scheduler, and no other', () => {
    const scheduler = new VirtualTimeScheduler();
    const make = (baseUrl: string, on = scheduler) => createClient({ baseUrl, scheduler: on, apiKey: 'k', secretKey: 's' });
    const a = make('https://api.mexc.com');
    expect(a.budget).toBeDefined();
    expect(make('https://api.mexc.com/').budget).toBe(a.budget);
    expect(make('http://127.0.0.1:4000').budget).not.toBe(a.budget);
    expect(make('https://api.mexc.com', new VirtualTimeScheduler()).budget).not.toBe(a.budget);
    expect(a.budget.settings).toMatchObject({ windowMs: 10_000, ipLimit: 500, accountLimit: 500, safetyMarginMs: 100, maxInFlight: 64, scheduler });
    const own = createClient({ scheduler, budget: false }).budget;
    expect(own).not.toBe(a.budget);
    expect(own.settings).toMatchObject({ spread: false, maxInFlight: Infinity, scheduler });
  });

  it('counts two API keys of one account as one account only when both clients say so with accountId', async () => {
    const service = new VirtualService(page);
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: 10, accountLimit: 1, safetyMarginMs: 0 });
    const apart = [service.client({ apiKey: 'mx0keyONE', budget }), service.client({ apiKey: 'mx0keyTWO', budget })];
    const twoAccounts = apart.map((client) => collect(listSubAccounts(client, {})));
    await service.drive(() => twoAccounts.every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual([0, 0]);
    const start = service.scheduler.now() + 5000;
    await service.runUntil(start);
    const together = [service.client({ apiKey: 'mx0keyONE', accountId: 'desk01', budget }), service.client({ apiKey: 'mx0keyTWO', accountId: 'desk01', budget })];
    const oneAccount = together.map((client) => collect(listSubAccounts(client, {})));
    await service.drive(() => oneAccount.every((c) => c.done));
    expect(service.times(M2_PATH).slice(2)).toEqual([start, start + 1000]);
  });

  it('names an account by accountId, or by a hash of the key that never shows the key', () => {
    const scheduler = new VirtualTimeScheduler();
    const budget = createRequestBudget({ scheduler });
    const apiKey = 'mx0vglSECRETLOOKINGkey0123456789';
    const call = collect(listSubAccounts(createClient({ apiKey, secretKey: 's', budget, scheduler, fetch: () => new Promise<Response>(() => undefined) }), {}));
    const accounts = budget.snapshot().lanes.filter((lane) => lane.scope === 'account').map((lane) => lane.account);
    expect(accounts).toEqual([expect.stringMatching(/^key#[0-9a-f]+$/)]);
    expect(JSON.stringify(budget.snapshot())).not.toContain(apiKey);
    call.subscription.unsubscribe();
    expect(() => createClient({ accountId: '' })).toThrow(ValidationError);
  });
});

describe('budget settings', () => {
  it('are checked when the budget is made', () => {
    for (const bad of [{ windowMs: 0 }, { ipLimit: 1.5 }, { accountLimit: 0 }, { safetyMarginMs: -1 }, { maxPauseWaitMs: Number.NaN }, { resendsAfterRefusal: -1 }, { stateIntervalMs: 0 }, { maxInFlight: 0 }, { endpointLimits: { M2: { ip: 0 } } }]) {
      expect(() => createRequestBudget(bad)).toThrow(ValidationError);
    }
    expect(createRequestBudget({ endpointLimits: { L1: { ip: 250 } } }).settings.endpointLimits).toEqual({ L1: { ip: 250 } });
  });

  it('give each endpoint its own limits where set', async () => {
    const service = new VirtualService(page);
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: 5, safetyMarginMs: 0, endpointLimits: { M2: { ip: 1 } } });
    const client = service.client({ budget });
    const calls = [collect(listSubAccounts(client, {})), collect(listSubAccounts(client, {}))];
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual([0, 1000]);
  });
});
