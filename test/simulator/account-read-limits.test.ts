/**
 * The account reads' limits on the simulator's manual clock: `GET /api/v3/account` answers 429 past
 * 2 calls per second per account (Retry-After in seconds), and weighs 10 of the IP's 500 per 10 s
 * (so one IP reads at most 50 accounts per window); `GET /api/v3/openOrders` weighs 3. A client
 * whose request budget runs on the simulator's clock never draws that 429, however many reads it
 * is asked for at once.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createRequestBudget, getAccount, listOpenOrders, type FetchLike } from '../../src/index.js';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { until } from '../support/harness.js';
import { apiError, clientOf, rawCall, run, startSim, subAccountKeys } from './helpers.js';

const A1 = { method: 'GET', path: '/api/v3/account' } as const;

let sim: Simulator;
afterEach(() => sim.close());

describe('the simulator keeps the service’s limits of the account reads', () => {
  it('answers the third A1 within one second of one account 429 with Retry-After, and lets it go the next second', async () => {
    sim = await startSim({ ipBan: false });
    const keys = subAccountKeys(sim, sim.broker.name, 'client0001');
    expect((await rawCall(sim, keys, A1)).status).toBe(200);
    sim.clock.advance(999);
    expect((await rawCall(sim, keys, A1)).status).toBe(200);
    const third = await rawCall(sim, keys, A1);
    expect([third.status, third.headers.get('retry-after'), (third.body as { code: unknown }).code]).toEqual([429, '1', SIM_CODES.tooManyRequests]);
    // Another account is counted apart.
    expect((await rawCall(sim, sim.broker, A1)).status).toBe(200);
    sim.clock.advance(1);
    expect((await rawCall(sim, keys, A1)).status).toBe(200);
  });

  it('counts A1 at weight 10 on the IP: the 51st read within 10 s from one IP is refused, whoever’s it is', async () => {
    sim = await startSim({ ipBan: false });
    const accounts = Array.from({ length: 51 }, (_, i) => sim.admin.createAccount('master', `reader${String(i).padStart(4, '0')}`));
    const statuses: number[] = [];
    for (const keys of accounts) statuses.push((await rawCall(sim, keys, A1)).status);
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
    // A2 has its own count on the same IP, at weight 3.
    expect((await rawCall(sim, accounts[0]!, { method: 'GET', path: '/api/v3/openOrders', query: [['symbol', 'BTCUSDT']] })).status).toBe(200);
    sim.clock.advance(10_000);
    expect((await rawCall(sim, accounts[50]!, A1)).status).toBe(200);
  });

  it('counts A2 at weight 3: a budget of 30 per window lets 10 through', async () => {
    sim = await startSim({ ipBan: false, rateLimit: { limit: 30, windowMs: 10_000 } });
    const client = clientOf(sim, sim.master);
    for (let i = 0; i < 10; i++) await run(listOpenOrders(client, { symbol: 'BTCUSDT' }));
    expect((await apiError(listOpenOrders(client, { symbol: 'BTCUSDT' }))).status).toBe(429);
  });
});

/** A fetch that notes the simulator's time of each request and the status of each answer. */
function wire(s: Simulator): { readonly fetch: FetchLike; readonly sentAt: number[]; readonly statuses: number[]; pending: () => number } {
  const sentAt: number[] = [];
  const statuses: number[] = [];
  const fetch: FetchLike = async (input, init) => {
    sentAt.push(s.clock.now());
    const response = await globalThis.fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  return { fetch, sentAt, statuses, pending: () => sentAt.length - statuses.length };
}

describe('a client’s request budget on the simulator’s clock', () => {
  it('spreads eight reads of one account at 2 per second: every answer 200, no second of the simulator’s holds three', async () => {
    sim = await startSim({ ipBan: false });
    const keys = subAccountKeys(sim, sim.broker.name, 'client0001');
    const recorded = wire(sim);
    const budget = createRequestBudget({ scheduler: sim.scheduler });
    const client = clientOf(sim, keys, { budget, scheduler: sim.scheduler, fetch: recorded.fetch, transport: 'fetch' });
    const results: unknown[] = [];
    const failures: unknown[] = [];
    const subscriptions = Array.from({ length: 8 }, () => getAccount(client).subscribe({ next: (a) => results.push(a), error: (e: unknown) => failures.push(e) }));
    // Time moves only when the test moves it, 100 ms at a time, once every answer sent for has come back.
    for (let step = 0; step < 100 && results.length + failures.length < 8; step++) {
      await until(() => recorded.pending() === 0, 5_000);
      await new Promise<void>((resolve) => setImmediate(resolve));
      sim.clock.advance(100);
    }
    subscriptions.forEach((s) => s.unsubscribe());
    expect(failures).toEqual([]);
    expect(results).toHaveLength(8);
    expect(recorded.statuses).toEqual(Array.from({ length: 8 }, () => 200));
    const perSecond = new Map<number, number>();
    for (const at of recorded.sentAt) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBe(2);
    // Four pairs, a second and the margin apart: about 3.3 s of the simulator's time.
    expect(recorded.sentAt[7]! - recorded.sentAt[0]!).toBeGreaterThanOrEqual(3_300);
  });

  it('the same eight reads without a budget draw the simulator’s 429 (the count above can fail)', async () => {
    sim = await startSim({ ipBan: false });
    const keys = subAccountKeys(sim, sim.broker.name, 'client0001');
    const recorded = wire(sim);
    const client = clientOf(sim, keys, { fetch: recorded.fetch, transport: 'fetch' });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => run(getAccount(client))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(recorded.statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
