/**
 * The simulator's IP ban, on its clock: an IP answered 429 `after429s` times within `withinMs` is
 * banned, every request from it answered 418 with `Retry-After`, for 2 minutes at first and twice
 * as long each further time, up to 3 days; a level is forgotten a day after its ban ended.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { listSubAccounts } from '../../src/index.js';
import { banLength, DEFAULT_IP_BAN_RULE } from '../../src/simulator/ip-ban.js';
import { CLIENT_IP_HEADER, SIM_CODES, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';
import { apiError, clientOf, rawCall, startSim, type RawAnswer } from './helpers.js';

const M2 = { method: 'GET', path: '/api/v3/sub-account/list' } as const;
const L1 = { method: 'POST', path: '/api/v3/userDataStream' } as const;
const FROM = (ip: string) => ({ headers: { [CLIENT_IP_HEADER]: ip } });
const MINUTE = 60_000;

let sim: Simulator;
afterEach(() => sim.close());

/** A simulator allowing 1 M2 request per 10 s, and a ban after 3 429s within a minute. */
async function strict(options: SimulatorOptions = {}): Promise<Simulator> {
  sim = await startSim({ trustClientIpHeader: true, rateLimit: { limit: 1, windowMs: 10_000 }, ipBan: { after429s: 3, withinMs: MINUTE }, ...options });
  return sim;
}

/** Requests M2 from `ip` `count` times; the answers' statuses. */
async function hammer(ip: string, count: number): Promise<RawAnswer[]> {
  const answers: RawAnswer[] = [];
  for (let i = 0; i < count; i++) answers.push(await rawCall(sim, sim.master, { ...M2, ...FROM(ip) }));
  return answers;
}

describe('the IP ban', () => {
  it('follows repeated 429s: every endpoint then answers 418 with Retry-After, for 2 minutes', async () => {
    await strict();
    const answers = await hammer('10.0.0.9', 4);
    expect(answers.map((a) => a.status)).toEqual([200, 429, 429, 429]);
    const ban = await rawCall(sim, sim.master, { ...M2, ...FROM('10.0.0.9') });
    expect([ban.status, ban.headers.get('retry-after'), (ban.body as { code: unknown }).code]).toEqual([418, '120', SIM_CODES.ipBanned]);
    const otherEndpoint = await rawCall(sim, sim.master, { ...L1, ...FROM('10.0.0.9') });
    expect(otherEndpoint.status).toBe(418);
    // The client sees an ApiError with the ban's length.
    sim.admin.setClientIp('10.0.0.9');
    const error = await apiError(listSubAccounts(clientOf(sim, sim.master), {}));
    expect([error.status, error.retryAfterMs]).toEqual([418, 120_000]);
    sim.admin.setClientIp(undefined);
    // Another IP goes on.
    expect((await rawCall(sim, sim.master, { ...L1, ...FROM('10.0.0.10') })).status).toBe(200);
    // The ban ends on the simulator's clock.
    sim.clock.advance(2 * MINUTE - 1_000);
    expect((await rawCall(sim, sim.master, { ...L1, ...FROM('10.0.0.9') })).headers.get('retry-after')).toBe('1');
    sim.clock.advance(1_000);
    expect((await rawCall(sim, sim.master, { ...M2, ...FROM('10.0.0.9') })).status).toBe(200);
  });

  it('does not ban for 429s spread wider than withinMs', async () => {
    await strict();
    await hammer('10.0.0.9', 3); // 200, 429, 429
    sim.clock.advance(MINUTE);
    // Two old 429s, out of the period, and two new ones: no ban (with the old ones it would be the third).
    expect((await hammer('10.0.0.9', 3)).map((a) => a.status)).toEqual([200, 429, 429]);
  });

  it('escalates: each ban twice as long as the one before, forgotten a day after the last ended', async () => {
    await strict();
    const lengths: (string | null)[] = [];
    for (let ban = 0; ban < 3; ban++) {
      await hammer('10.0.0.9', 4);
      const answer = await rawCall(sim, sim.master, { ...M2, ...FROM('10.0.0.9') });
      lengths.push(answer.headers.get('retry-after'));
      sim.clock.advance(Number(answer.headers.get('retry-after')) * 1000 + 10_000);
    }
    expect(lengths).toEqual(['120', '240', '480']);
    sim.clock.advance(24 * 60 * MINUTE);
    await hammer('10.0.0.9', 4);
    expect((await rawCall(sim, sim.master, { ...M2, ...FROM('10.0.0.9') })).headers.get('retry-after')).toBe('120');
  });

  it('stops growing at 3 days', () => {
    expect([0, 1, 2, 11, 12, 40, 5000].map((level) => banLength(DEFAULT_IP_BAN_RULE, level))).toEqual([
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      4096 * MINUTE,
      3 * 24 * 60 * MINUTE,
      3 * 24 * 60 * MINUTE,
      3 * 24 * 60 * MINUTE,
    ]);
  });

  it('counts the account scope’s 429s against the IP that got them', async () => {
    await strict({ rateLimit: { limit: 3, windowMs: 10_000 } });
    await hammer('10.0.1.0', 3); // the master's account budget for M2 is spent from one IP
    // From another IP the IP budget has room; the account budget refuses, three times.
    expect((await hammer('10.0.2.0', 3)).map((a) => a.status)).toEqual([429, 429, 429]);
    expect((await rawCall(sim, sim.master, { ...L1, ...FROM('10.0.2.0') })).status).toBe(418);
    expect((await rawCall(sim, sim.master, { ...L1, ...FROM('10.0.1.0') })).status).toBe(200);
  });

  it('is lifted by resetRateLimits, and never happens with ipBan: false', async () => {
    await strict();
    await hammer('10.0.0.9', 4);
    expect((await rawCall(sim, sim.master, { ...L1, ...FROM('10.0.0.9') })).status).toBe(418);
    sim.admin.resetRateLimits();
    expect((await rawCall(sim, sim.master, { ...L1, ...FROM('10.0.0.9') })).status).toBe(200);
    await sim.close();
    await strict({ ipBan: false });
    expect((await hammer('10.0.0.9', 30)).filter((a) => a.status === 418)).toEqual([]);
  });

  it('refuses a banned IP before anything is counted: its requests spend no account’s budget', async () => {
    await strict();
    await hammer('10.0.0.9', 4);
    sim.clock.advance(10_000); // a fresh window, the ban still on
    expect((await hammer('10.0.0.9', 3)).map((a) => a.status)).toEqual([418, 418, 418]);
    expect((await rawCall(sim, sim.master, { ...M2, ...FROM('10.0.0.10') })).status).toBe(200);
  });
});
