/**
 * `client.budget` is always there. A client made with `budget: false` gets one of its own that
 * spreads nothing (calls go at once, however many) but still holds its calls through the
 * service's pauses: after a 429 the endpoint's, after a 418 every call, until the pause ends. Its
 * state, like every budget's, lists every endpoint's lane with its limit and what is left. All in
 * virtual time.
 */
import { describe, expect, it } from '@jest/globals';
import { createRequestBudget, endpointTable, getSubAccountAssets, listSubAccounts, RateLimitedError } from '../../src/index.js';
import { banned, collect, reply, tooMany, VirtualService, type Script } from './virtual.js';

const M2_PATH = '/api/v3/sub-account/list';
const M8_PATH = '/api/v3/sub-account/asset';
const ok = (path: string): Response => (path === M8_PATH ? reply({ balances: [] }) : reply({ subAccounts: [] }));

/** A service whose M2 answers the scripted refusals first, then succeeds, and a client made with `budget: false`. */
function setup(refusals: readonly (() => Response)[]) {
  const script: Script = (request, n) => (request.path === M2_PATH && n < refusals.length ? refusals[n]!() : ok(request.path));
  const service = new VirtualService(script);
  return { service, client: service.client({ budget: false }) };
}

describe('a client made with budget: false', () => {
  it('has a budget all the same, that spreads nothing: every call goes at once, counted and shown', async () => {
    const { service, client } = setup([]);
    const calls = Array.from({ length: 30 }, () => collect(listSubAccounts(client, {})));
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual(Array.from({ length: 30 }, () => 0));
    const m2 = client.budget.snapshot().lanes.find((lane) => lane.scope === 'ip' && lane.endpoint === 'M2');
    expect(client.budget.snapshot().spread).toBe(false);
    expect(m2).toMatchObject({ limit: 500, used: 30, left: 470, waiting: 0 });
  });

  it('holds its other calls of the endpoint through a 429’s pause, and lets the other endpoints go', async () => {
    const { service, client } = setup([() => tooMany(2)]);
    const refused = collect(listSubAccounts(client, { limit: 1 }));
    await service.runUntil(1);
    const sameEndpoint = collect(listSubAccounts(client, { limit: 2 }));
    const otherEndpoint = collect(getSubAccountAssets(client, { subAccount: 'strategy01' }));
    await service.drive(() => refused.done && sameEndpoint.done && otherEndpoint.done);
    expect(service.sent.map((r) => [r.path, r.query.get('limit'), r.at])).toEqual([
      [M2_PATH, '1', 0],
      [M8_PATH, null, 1],
      [M2_PATH, '1', 2100],
      [M2_PATH, '2', 2100],
    ]);
    expect([refused.error, sameEndpoint.error, otherEndpoint.error]).toEqual([undefined, undefined, undefined]);
  });

  it('holds every call, on every endpoint, through a 418’s ban', async () => {
    const { service, client } = setup([() => banned(20)]);
    const refused = collect(listSubAccounts(client, {}));
    await service.runUntil(1);
    const otherEndpoint = collect(getSubAccountAssets(client, { subAccount: 'strategy01' }));
    await service.runUntil(20_000);
    expect(service.sent).toHaveLength(1);
    expect(client.budget.snapshot().ipPausedUntil).toBe(20_100);
    await service.drive(() => refused.done && otherEndpoint.done);
    expect(service.sent.map((r) => [r.path, r.at])).toEqual([
      [M2_PATH, 0],
      [M2_PATH, 20_100],
      [M8_PATH, 20_100],
    ]);
  });

  it('fails its other calls at once, nothing sent, during a ban longer than a call may wait (a 2-minute 418)', async () => {
    const { service, client } = setup([() => banned()]);
    const refused = collect(listSubAccounts(client, {}));
    await service.drive(() => refused.done);
    expect(refused.error).toMatchObject({ name: 'ApiError', status: 418 });
    const during = collect(getSubAccountAssets(client, { subAccount: 'strategy01' }));
    expect(during.error).toBeInstanceOf(RateLimitedError);
    expect(during.error).toMatchObject({ scope: 'ip', pausedUntil: 120_100 });
    expect(service.sent).toHaveLength(1);
    // Once the ban is over, calls go again.
    await service.runUntil(120_100);
    const after = collect(getSubAccountAssets(client, { subAccount: 'strategy01' }));
    await service.drive(() => after.done);
    expect(after.error).toBeUndefined();
    expect(service.times(M8_PATH)).toEqual([120_100]);
  });

  it('keeps its pauses to itself: another client is not held by its ban', async () => {
    const { service, client } = setup([() => banned(20)]);
    const other = service.client({ budget: false, apiKey: 'mx0otherKEY' });
    const refused = collect(listSubAccounts(client, {}));
    await service.runUntil(1);
    const free = collect(getSubAccountAssets(other, { subAccount: 'strategy01' }));
    await service.drive(() => free.done);
    expect(service.times(M8_PATH)).toEqual([1]);
    refused.subscription.unsubscribe();
  });
});

describe('a budget’s state', () => {
  it('lists every endpoint’s lane, used or not, with its limit and what is left', () => {
    const service = new VirtualService();
    const budget = createRequestBudget({ scheduler: service.scheduler, ipLimit: 300, endpointLimits: { M2: { ip: 20 } } });
    const ipLanes = budget.snapshot().lanes.filter((lane) => lane.scope === 'ip');
    expect(ipLanes.map((lane) => lane.endpoint)).toEqual(endpointTable.map((row) => row.id));
    expect(ipLanes.find((lane) => lane.endpoint === 'M2')).toMatchObject({ limit: 20, used: 0, left: 20 });
    expect(ipLanes.filter((lane) => lane.endpoint !== 'M2').every((lane) => lane.limit === 300 && lane.left === 300)).toBe(true);
  });

  it('never shows less than nothing left, when requests past the limit were let through (spread: false)', async () => {
    const service = new VirtualService();
    const budget = createRequestBudget({ scheduler: service.scheduler, spread: false, ipLimit: 2 });
    const client = service.client({ budget });
    const calls = Array.from({ length: 5 }, () => collect(listSubAccounts(client, {})));
    await service.drive(() => calls.every((c) => c.done));
    expect(service.times(M2_PATH)).toEqual([0, 0, 0, 0, 0]);
    expect(budget.snapshot().lanes.find((lane) => lane.endpoint === 'M2')).toMatchObject({ limit: 2, used: 5, left: 0 });
  });
});
