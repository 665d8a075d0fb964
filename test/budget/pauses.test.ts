/**
 * The service has the last word: a 429 pauses its endpoint for every client of the budget for the
 * `Retry-After` it gives, a 418 pauses every call from the IP; the refused call goes again, first,
 * once the pause is over; a pause longer than a call may wait fails calls at once, with nothing
 * sent. All in virtual time.
 */
import { describe, expect, it } from '@jest/globals';
import { ApiError, createRequestBudget, getSubAccountAssets, listSubAccounts, RateLimitedError, type RequestBudgetOptions } from '../../src/index.js';
import { banned, collect, lanesInUse, reply, tooMany, VirtualService, type Script } from './virtual.js';

const M2_PATH = '/api/v3/sub-account/list';
const M8_PATH = '/api/v3/sub-account/asset';
const ok = (path: string): Response => (path === M8_PATH ? reply({ balances: [] }) : reply({ subAccounts: [] }));

/** A service whose M2 answers the scripted refusals first, then succeeds; two clients sharing one budget. */
function setup(refusals: readonly (() => Response)[], options: RequestBudgetOptions = {}) {
  const script: Script = (request, n) => (request.path === M2_PATH && n < refusals.length ? refusals[n]!() : ok(request.path));
  const service = new VirtualService(script);
  const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100, ...options });
  return { service, budget, alpha: service.client({ apiKey: 'mx0alphaKEY', budget }), beta: service.client({ apiKey: 'mx0betaKEY', budget }) };
}

describe('a 429', () => {
  it('pauses its endpoint for everyone sharing the budget for Retry-After, then the refused call goes again, first', async () => {
    const { service, budget, alpha, beta } = setup([() => tooMany(2)]);
    const refused = collect(listSubAccounts(alpha, { limit: 1 }));
    await service.runUntil(1);
    const other = collect(listSubAccounts(beta, { limit: 2 }));
    const otherEndpoint = collect(getSubAccountAssets(beta, { subAccount: 'strategy01' }));
    await service.runUntil(10);
    expect(lanesInUse(budget.snapshot())[0]).toMatchObject({ scope: 'ip', endpoint: 'M2', pausedUntil: 2100, waiting: 2 });
    await service.drive(() => refused.done && other.done && otherEndpoint.done);
    expect(service.sent.map((r) => [r.path, r.query.get('limit'), r.at])).toEqual([
      [M2_PATH, '1', 0],
      [M8_PATH, null, 1],
      [M2_PATH, '1', 2100],
      [M2_PATH, '2', 2100],
    ]);
    expect(refused.error).toBeUndefined();
    expect(other.error).toBeUndefined();
  });

  it('without Retry-After pauses for one window', async () => {
    const { service, alpha } = setup([() => tooMany()], { windowMs: 3000 });
    const call = collect(listSubAccounts(alpha, {}));
    await service.drive(() => call.done);
    expect(service.times(M2_PATH)).toEqual([0, 3100]);
  });

  it('is not hammered: the call goes again at most resendsAfterRefusal times, then fails with the last refusal', async () => {
    const { service, alpha } = setup([() => tooMany(1), () => tooMany(1), () => tooMany(1), () => tooMany(1)], { resendsAfterRefusal: 2 });
    const call = collect(listSubAccounts(alpha, {}));
    await service.drive(() => call.done);
    expect(service.times(M2_PATH)).toEqual([0, 1100, 2200]);
    expect(call.error).toBeInstanceOf(ApiError);
    expect(call.error).toMatchObject({ status: 429 });
  });

  it('longer than maxPauseWaitMs fails the refused call with its ApiError and the waiting ones with RateLimitedError, nothing sent', async () => {
    const { service, budget, alpha, beta } = setup([() => tooMany(60)], { maxPauseWaitMs: 30_000 });
    const refused = collect(listSubAccounts(alpha, {}));
    await service.runUntil(1);
    const afterwards = collect(listSubAccounts(beta, {}));
    await service.drive(() => refused.done && afterwards.done);
    expect(refused.error).toMatchObject({ name: 'ApiError', status: 429, retryAfterMs: 60_000 });
    expect(afterwards.error).toBeInstanceOf(RateLimitedError);
    expect(afterwards.error).toMatchObject({ operation: 'M2', scope: 'endpoint', pausedUntil: 60_100 });
    expect(service.times(M2_PATH)).toEqual([0]);
    // Once the pause is over, calls go again.
    await service.runUntil(60_100);
    const later = collect(listSubAccounts(beta, {}));
    await service.drive(() => later.done);
    expect(later.error).toBeUndefined();
    expect(budget.snapshot().lanes.find((lane) => lane.endpoint === 'M2')?.pausedUntil).toBeUndefined();
  });
});

describe('a 418', () => {
  it('pauses every call from the IP, on every endpoint, for the ban it states', async () => {
    const { service, alpha, beta } = setup([() => banned(20)], { maxPauseWaitMs: 60_000 });
    const refused = collect(listSubAccounts(alpha, {}));
    await service.runUntil(1);
    const otherEndpoint = collect(getSubAccountAssets(beta, { subAccount: 'strategy01' }));
    await service.drive(() => refused.done && otherEndpoint.done);
    expect(service.sent.map((r) => [r.path, r.at])).toEqual([
      [M2_PATH, 0],
      [M2_PATH, 20_100],
      [M8_PATH, 20_100],
    ]);
  });

  it('longer than a call may wait (the default 30 s, a 2-minute ban) fails every call at once with nothing sent', async () => {
    const { service, budget, alpha, beta } = setup([() => banned()]);
    const refused = collect(listSubAccounts(alpha, {}));
    await service.drive(() => refused.done);
    expect(refused.error).toMatchObject({ name: 'ApiError', status: 418 });
    const during = collect(getSubAccountAssets(beta, { subAccount: 'strategy01' }));
    expect(during.error).toBeInstanceOf(RateLimitedError);
    expect(during.error).toMatchObject({ scope: 'ip', pausedUntil: 120_100 });
    expect(budget.snapshot().ipPausedUntil).toBe(120_100);
    expect(service.sent).toHaveLength(1);
  });

  it('fails calls already waiting when a long ban begins, with nothing sent', async () => {
    const { service, alpha, beta } = setup([() => banned(600)], { ipLimit: 1 });
    const refused = collect(listSubAccounts(alpha, {}));
    const waiting = collect(listSubAccounts(beta, {}));
    await service.drive(() => refused.done && waiting.done);
    expect(waiting.error).toBeInstanceOf(RateLimitedError);
    expect(service.sent).toHaveLength(1);
  });
});

describe('with a budget, the retry policy leaves 429 and 418 to the budget', () => {
  it('a refused idempotent call is sent once per pause, not also retried', async () => {
    const { service, alpha } = setup([() => tooMany(1), () => tooMany(1)], { resendsAfterRefusal: 1 });
    const call = collect(listSubAccounts(alpha, {}));
    await service.drive(() => call.done);
    expect(service.times(M2_PATH)).toEqual([0, 1100]);
    expect(call.error).toMatchObject({ status: 429 });
  });

  it('a 5XX after a refused call was sent again is the retry policy’s: never sent again by the budget', async () => {
    const answers = [() => tooMany(1), () => reply({ code: 500, msg: 'busy' }, 503, { 'Retry-After': '1' })];
    const service = new VirtualService((request, n) => (n < 3 ? answers[Math.min(n, 1)]!() : ok(request.path)));
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100 });
    const call = collect(listSubAccounts(service.client({ budget, retry: { limit: 1 } }), {}));
    await service.drive(() => call.done);
    // 429, sent again after its pause: 503; retried once by the policy a second later: 503, the end.
    expect(service.times(M2_PATH)).toEqual([0, 1100, 2100]);
    expect(call.error).toMatchObject({ status: 503 });
  });

  it('a 5XX is still retried by the retry policy, each attempt counted by the budget', async () => {
    const service = new VirtualService((request, n) => (n === 0 ? reply({ code: 500, msg: 'busy' }, 503, { 'Retry-After': '1' }) : ok(request.path)));
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 0 });
    const call = collect(listSubAccounts(service.client({ budget }), {}));
    await service.drive(() => call.done);
    expect(call.error).toBeUndefined();
    expect(service.times(M2_PATH)).toEqual([0, 1000]);
  });
});
