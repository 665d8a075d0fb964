/**
 * The rate budget counts per endpoint, per caller IP (every request) and per account (only
 * requests that authenticate: a known key, a valid signature, a timestamp in its window). A flood
 * carrying someone else's public key, from another IP, spends the flooder's IP budget and never
 * makes its owner's calls fail.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { listSubAccounts } from '../../src/index.js';
import { CLIENT_IP_HEADER, SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, rawCall, run, startSim, type Keys, type RawAnswer } from './helpers.js';

const LIMIT = 5;
const M2 = { method: 'GET', path: '/api/v3/sub-account/list' } as const;
const FLOODER = { [CLIENT_IP_HEADER]: '10.6.6.6' };
const BAD_SIGNATURE = 'f'.repeat(64);

let sim: Simulator;

beforeEach(async () => {
  // The floods below run into far more 429s than an IP ban allows: bans have their own tests (ip-ban.test.ts).
  sim = await startSim({ trustClientIpHeader: true, rateLimit: { limit: LIMIT, windowMs: 10_000 }, ipBan: false });
});
afterEach(() => sim.close());

/** `count` M2 requests from the flooder's IP that carry `keys`' public key but do not authenticate. */
async function flood(keys: Keys, count: number): Promise<RawAnswer[]> {
  const answers: RawAnswer[] = [];
  const captured = sim.clock.now();
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    if (kind === 0) answers.push(await rawCall(sim, keys, { ...M2, headers: FLOODER, signature: BAD_SIGNATURE }));
    else if (kind === 1) answers.push(await rawCall(sim, keys, { ...M2, headers: FLOODER, signature: null }));
    // A correctly signed request replayed after its receive window has passed.
    else answers.push(await rawCall(sim, keys, { ...M2, headers: FLOODER, stamp: false, query: [['timestamp', String(captured - 6_000)]] }));
  }
  return answers;
}

describe('a flood with someone else’s public key', () => {
  it('cannot make the key owner’s signed calls fail: it counts against the flooder’s IP only', async () => {
    const answers = await flood(sim.master, 100);
    const codes = answers.map((a) => (a.body as { code: unknown }).code);
    expect(codes.slice(0, 3)).toEqual([SIM_CODES.signatureInvalid, SIM_CODES.parameterInvalid, SIM_CODES.timestampOutsideWindow]);
    expect(answers.slice(LIMIT).every((a) => a.status === 429)).toBe(true);
    await expect(run(listSubAccounts(clientOf(sim, sim.master), {}))).resolves.toBeDefined();
    const signed = await rawCall(sim, sim.master, M2);
    expect(signed.status).toBe(200);
  });

  it('unknown or missing keys count against the IP too', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const unknown = await rawCall(sim, { apiKey: `mx0vnosuchkey${i}`, secretKey: 'x' }, { ...M2, headers: FLOODER });
      expect(unknown.body).toMatchObject({ code: SIM_CODES.invalidAccessKey });
    }
    const noKey = await rawCall(sim, sim.master, { ...M2, headers: FLOODER, noApiKey: true });
    expect(noKey.status).toBe(429);
  });

  it('the flooder’s IP is limited per endpoint, even with its own valid key, until the window passes', async () => {
    await flood(sim.master, LIMIT);
    const own = sim.admin.createAccount('master', 'floodermaster');
    const limited = await rawCall(sim, own, { ...M2, headers: FLOODER });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '10']);
    const otherEndpoint = await rawCall(sim, own, { method: 'POST', path: '/api/v3/userDataStream', headers: FLOODER });
    expect(otherEndpoint.status).toBe(200);
    sim.clock.advance(10_000);
    expect((await rawCall(sim, own, { ...M2, headers: FLOODER })).status).toBe(200);
  });
});

describe('the account budget', () => {
  it('counts authenticated requests from every IP together', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const answer = await rawCall(sim, sim.master, { ...M2, headers: { [CLIENT_IP_HEADER]: `10.0.0.${i + 1}` } });
      expect(answer.status).toBe(200);
    }
    const fresh = await rawCall(sim, sim.master, { ...M2, headers: { [CLIENT_IP_HEADER]: '10.0.0.99' } });
    expect([fresh.status, (fresh.body as { code: unknown }).code]).toEqual([429, SIM_CODES.tooManyRequests]);
    const error = await apiError(listSubAccounts(clientOf(sim, sim.master), {}));
    expect(error.status).toBe(429);
  });
});
