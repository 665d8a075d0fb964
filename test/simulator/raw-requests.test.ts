import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, brokerCreateSubAccount, createListenKey, listSubAccounts } from '../../src/index.js';
import { CLIENT_IP_HEADER, SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, rawCall, run, startSim, T0 } from './helpers.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSim();
  sim.admin.createSubAccount('simmaster', 'strategy01');
});
afterEach(() => sim.close());

describe('requests signed independently of the library (node:crypto + fetch)', () => {
  it('are accepted when signed over the exact query string', async () => {
    const answer = await rawCall(sim, sim.master, {
      method: 'GET',
      path: '/api/v3/sub-account/list',
      query: [['subAccount', 'strategy01'], ['limit', '200'], ['recvWindow', '60000']],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ subAccounts: [{ subAccount: 'strategy01', isFreeze: false, createTime: T0, uid: sim.admin.accountOf('strategy01')?.uid }] });
  });

  it('sign query text with escapes exactly as sent', async () => {
    const answer = await rawCall(sim, sim.master, {
      method: 'POST',
      path: '/api/v3/sub-account/virtualSubAccount',
      query: [['subAccount', 'strategy02'], ['note', "desk: a&b = 'c' ✓ +1"]],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ subAccount: 'strategy02', note: "desk: a&b = 'c' ✓ +1" });
  });

  it('get 700002 with a wrong signature, an uppercase one, or one over other text', async () => {
    const wrong = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', signature: 'ab'.repeat(32) });
    expect([wrong.status, wrong.body]).toEqual([400, { code: SIM_CODES.signatureInvalid, msg: 'Signature for this request is not valid.' }]);
    const ts = String(sim.clock.now());
    const { createHmac } = await import('node:crypto');
    const good = createHmac('sha256', sim.master.secretKey).update(`timestamp=${ts}`).digest('hex');
    const upper = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', query: [['timestamp', ts]], stamp: false, signature: good.toUpperCase() });
    expect(upper.body).toMatchObject({ code: SIM_CODES.signatureInvalid });
    const lower = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', query: [['timestamp', ts]], stamp: false, signature: good });
    expect(lower.status).toBe(200);
    const tampered = await rawCall(sim, sim.master, {
      method: 'GET',
      path: '/api/v3/sub-account/list',
      query: [['timestamp', ts], ['limit', '5']],
      stamp: false,
      signature: good,
    });
    expect(tampered.body).toMatchObject({ code: SIM_CODES.signatureInvalid });
  });

  it('get 400 without the API key header and 700004 without a signature or timestamp', async () => {
    const noKey = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', noApiKey: true });
    expect([noKey.status, noKey.body]).toEqual([400, { code: SIM_CODES.apiKeyRequired, msg: 'api key required' }]);
    const noSignature = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', signature: null });
    expect(noSignature.body).toMatchObject({ code: SIM_CODES.parameterInvalid, msg: expect.stringContaining("'signature'") });
    const noTimestamp = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', stamp: false });
    expect(noTimestamp.body).toMatchObject({ code: SIM_CODES.parameterInvalid, msg: expect.stringContaining("'timestamp'") });
  });

  it('get 700005 for a recvWindow over 60000', async () => {
    const answer = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', query: [['recvWindow', '60001']] });
    expect(answer.body).toMatchObject({ code: SIM_CODES.recvWindowTooLarge });
  });
});

describe('parameter checks of the simulator itself (the endpoint table’s rules)', () => {
  it('refuses a page size over the maximum, naming the field', async () => {
    const cases = [
      ['/api/v3/sub-account/list', [['limit', '201']], sim.master],
      ['/api/v3/capital/sub-account/universalTransfer', [['fromAccountType', 'SPOT'], ['toAccountType', 'SPOT'], ['limit', '501']], sim.master],
      ['/api/v3/broker/sub-account/list', [['limit', '201']], sim.broker],
      ['/api/v3/broker/capital/deposit/subHisrec/getall', [['limit', '1001']], sim.broker],
    ] as const;
    for (const [path, query, keys] of cases) {
      const answer = await rawCall(sim, keys, { method: 'GET', path, query });
      expect([answer.status, answer.body]).toEqual([400, { code: SIM_CODES.parameterInvalid, msg: expect.stringMatching(/^Parameter 'limit' is invalid: integer from 1 to \d+$/) }]);
    }
    const atMax = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', query: [['limit', '200']] });
    expect(atMax.status).toBe(200);
  });

  it('refuses missing, malformed and unknown parameters with codes that fit', async () => {
    const missing = await rawCall(sim, sim.master, { method: 'POST', path: '/api/v3/sub-account/virtualSubAccount', query: [['note', 'n']] });
    expect(missing.body).toMatchObject({ code: SIM_CODES.nameMissing, msg: expect.stringContaining("'subAccount'") });
    const badName = await rawCall(sim, sim.master, { method: 'POST', path: '/api/v3/sub-account/virtualSubAccount', query: [['subAccount', 'x'], ['note', 'n']] });
    expect(badName.body).toMatchObject({ code: SIM_CODES.nameInvalid });
    const noNote = await rawCall(sim, sim.master, { method: 'POST', path: '/api/v3/sub-account/virtualSubAccount', query: [['subAccount', 'strategy09']] });
    expect(noNote.body).toMatchObject({ code: SIM_CODES.noteMissing });
    const badPermission = await rawCall(sim, sim.master, {
      method: 'POST',
      path: '/api/v3/sub-account/apiKey',
      query: [['subAccount', 'strategy01'], ['note', 'n'], ['permissions', 'SPOT_ACCOUNT_READ,FLY']],
    });
    expect(badPermission.body).toMatchObject({ code: SIM_CODES.permissionUnknown, msg: expect.stringContaining("'permissions'") });
    const unknown = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list', query: [['colour', 'red']] });
    expect(unknown.body).toMatchObject({ code: SIM_CODES.parameterInvalid, msg: expect.stringContaining("'colour'") });
    const amount = await rawCall(sim, sim.master, {
      method: 'POST',
      path: '/api/v3/capital/sub-account/universalTransfer',
      query: [['fromAccountType', 'SPOT'], ['toAccountType', 'SPOT'], ['toAccount', 'strategy01'], ['asset', 'USDT'], ['amount', '1e3']],
    });
    expect(amount.body).toMatchObject({ code: SIM_CODES.parameterInvalid, msg: expect.stringMatching(/^Parameter 'amount' is invalid: positive decimal string/) });
    const spotOnly = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/asset', query: [['subAccount', 'strategy01'], ['accountType', 'FUTURES']] });
    expect(spotOnly.body).toMatchObject({ code: SIM_CODES.parameterInvalid, msg: expect.stringContaining("'accountType'") });
  });

  it('reads broker POST/DELETE parameters from the JSON body, and refuses them in the query', async () => {
    const created = await rawCall(sim, sim.broker, {
      method: 'POST',
      path: '/api/v3/broker/sub-account/virtualSubAccount',
      body: { subAccount: 'client0001', note: 'via body' },
    });
    expect(created.body).toEqual({ code: '0', message: '', data: [{ subAccount: 'client0001', note: 'via body', timestamp: String(T0) }] });
    const inQuery = await rawCall(sim, sim.broker, {
      method: 'POST',
      path: '/api/v3/broker/sub-account/virtualSubAccount',
      query: [['subAccount', 'client0002'], ['note', 'n']],
    });
    expect(inQuery.body).toMatchObject({ code: SIM_CODES.parameterInvalid, msg: expect.stringContaining("'subAccount' must be sent in the JSON body") });
    const status = await rawCall(sim, sim.broker, { method: 'GET', path: '/api/v3/broker/sub-account/status', query: [['subAccount', 'client0001']] });
    expect(status.body).toEqual({ status: '1' });
  });
});

describe('signBody option', () => {
  it('checks query text plus body when on: a body-signing client is accepted, a query-only one refused', async () => {
    await sim.close();
    sim = await startSim({ signBody: true });
    const signsBody = clientOf(sim, sim.broker, { signBody: true });
    await expect(run(brokerCreateSubAccount(signsBody, { subAccount: 'client0001', note: 'n' }))).resolves.toMatchObject({ subAccount: 'client0001' });
    const queryOnly = clientOf(sim, sim.broker);
    expect((await apiError(brokerCreateSubAccount(queryOnly, { subAccount: 'client0002', note: 'n' }))).code).toBe(SIM_CODES.signatureInvalid);
    const raw = await rawCall(sim, sim.broker, { method: 'POST', path: '/api/v3/broker/sub-account/futures', body: { subAccount: 'client0001' }, signBody: true });
    expect(raw.body).toMatchObject({ code: '0', data: [{ subAccount: 'client0001', isFuturesEnabled: true }] });
  });

  it('is off by default: the body is not part of the signed text', async () => {
    const signsBody = clientOf(sim, sim.broker, { signBody: true });
    expect((await apiError(brokerCreateSubAccount(signsBody, { subAccount: 'client0001', note: 'n' }))).code).toBe(SIM_CODES.signatureInvalid);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the budget, per endpoint, account and IP, until the window passes', async () => {
    await sim.close();
    sim = await startSim({ rateLimit: { limit: 2, windowMs: 10_000 } });
    const master = clientOf(sim, sim.master);
    await run(listSubAccounts(master, {}));
    sim.clock.advance(2_000);
    await run(listSubAccounts(master, {}));
    const error = await apiError(listSubAccounts(master, {}));
    expect([error.code, error.status, error.retryAfterMs]).toEqual([SIM_CODES.tooManyRequests, 429, 8_000]);
    const raw = await rawCall(sim, sim.master, { method: 'GET', path: '/api/v3/sub-account/list' });
    expect([raw.status, raw.headers.get('retry-after')]).toEqual([429, '8']);
    await expect(run(createListenKey(master))).resolves.toHaveProperty('listenKey');
    // Another account from the same IP shares the IP's budget; from another IP it has its own.
    const other = clientOf(sim, sim.admin.createAccount('master', 'othermaster'));
    expect((await apiError(listSubAccounts(other, {}))).status).toBe(429);
    sim.admin.setClientIp('10.0.0.2');
    await expect(run(listSubAccounts(other, {}))).resolves.toBeDefined();
    sim.admin.setClientIp(undefined);
    sim.clock.advance(8_000);
    await expect(run(listSubAccounts(master, {}))).resolves.toBeDefined();
  });
});

describe('caller IP', () => {
  it('honours the X-Sim-Client-IP header only in test mode', async () => {
    const boundKey = sim.admin.createApiKey('strategy01', { permissions: ['SPOT_ACCOUNT_READ'], ip: ['10.0.0.7'] });
    const asTenSeven = { [CLIENT_IP_HEADER]: '10.0.0.7' };
    const ignored = await rawCall(sim, boundKey, { method: 'POST', path: '/api/v3/userDataStream', headers: asTenSeven });
    expect(ignored.body).toMatchObject({ code: SIM_CODES.ipNotWhitelisted });
    await sim.close();
    sim = await startSim({ trustClientIpHeader: true });
    sim.admin.createSubAccount('simmaster', 'strategy01');
    const key = sim.admin.createApiKey('strategy01', { permissions: ['SPOT_ACCOUNT_READ'], ip: ['10.0.0.7'] });
    const honoured = await rawCall(sim, key, { method: 'POST', path: '/api/v3/userDataStream', headers: asTenSeven });
    expect(honoured.status).toBe(200);
    const loopback = await rawCall(sim, key, { method: 'POST', path: '/api/v3/userDataStream' });
    expect(loopback.body).toMatchObject({ code: SIM_CODES.ipNotWhitelisted, msg: expect.stringContaining('127.0.0.1') });
  });
});

describe('routes', () => {
  it('serves time and ping, and refuses unknown paths and methods', async () => {
    const time = await fetch(`${sim.restUrl}/api/v3/time`);
    expect(await time.json()).toEqual({ serverTime: T0 });
    const ping = await fetch(`${sim.restUrl}/api/v3/ping`);
    expect([ping.status, await ping.json()]).toEqual([200, {}]);
    const unknown = await fetch(`${sim.restUrl}/api/v3/nothing`);
    expect(unknown.status).toBe(404);
    const method = await fetch(`${sim.restUrl}/api/v3/sub-account/list`, { method: 'PUT' });
    expect(method.status).toBe(405);
    expect(sim.wsUrl).toBe(sim.restUrl.replace('http://', 'ws://') + '/ws');
    expect(sim.restUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('a client error on a closed simulator is a network failure, not a hang', async () => {
    const client = clientOf(sim, sim.master);
    await sim.close();
    const error = await run(listSubAccounts(client, {})).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('NetworkError');
  });
});
