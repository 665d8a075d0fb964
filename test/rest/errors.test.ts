/** Failures turned into typed errors: ApiError, HttpError, DecodeError, NetworkError, TimeoutError. */
import { describe, expect, it } from '@jest/globals';
import {
  ApiError,
  brokerCreateSubAccount,
  brokerEnableFutures,
  brokerListSubAccounts,
  createSubAccount,
  createSubAccountApiKey,
  DecodeError,
  HttpError,
  keepAliveListenKey,
  listSubAccountApiKeys,
  listSubAccounts,
  NetworkError,
  TimeoutError,
} from '../../src/index.js';
import { fakeFetch, hang, json, refuse, text } from '../support/fake-fetch.js';
import { errorOf, makeClient } from '../support/harness.js';
import { LISTEN_KEY } from '../support/operations.js';

const noRetry = { retry: { limit: 0 } };
const m3 = { subAccount: 'Alpha0001', note: 'n', permissions: ['SPOT_DEAL_READ'] } as const;

describe('ApiError', () => {
  it('carries a numeric code, the message, the HTTP status and the operation', async () => {
    const fake = fakeFetch(json({ code: 730706, msg: 'api key does not exist' }, 400));
    const error = await errorOf(listSubAccountApiKeys(makeClient(fake.fetch), { subAccount: 'Alpha0001' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', code: 730706, msg: 'api key does not exist', status: 400, operation: 'M4' });
    expect(fake.calls).toHaveLength(1);
  });

  it('turns a numeric code sent as a string into a number ("730708" -> 730708)', async () => {
    const fake = fakeFetch(json({ code: '730708', msg: 'listen key information error' }, 400));
    const error = await errorOf(keepAliveListenKey(makeClient(fake.fetch), { listenKey: LISTEN_KEY }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(730708);
    expect((error as ApiError).msg).toBe('listen key information error');
  });

  it('keeps a code that is not numeric as text', async () => {
    const fake = fakeFetch(json({ code: 'E_BUSY', msg: 'busy' }, 400));
    const error = await errorOf(listSubAccounts(makeClient(fake.fetch), {}));
    expect((error as ApiError).code).toBe('E_BUSY');
  });

  it('is raised for a broker envelope with a non-zero code under HTTP 200', async () => {
    const fake = fakeFetch(json({ code: '730101', message: 'user name already exists', data: null }, 200));
    const error = await errorOf(brokerCreateSubAccount(makeClient(fake.fetch), { subAccount: 'Client0001', note: 'n' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 730101, msg: 'user name already exists', status: 200, operation: 'B2' });
  });

  it('is raised for a numeric non-zero envelope code under HTTP 200', async () => {
    const fake = fakeFetch(json({ code: 140001, message: 'sub-account does not exist', data: [] }, 200));
    const error = await errorOf(brokerEnableFutures(makeClient(fake.fetch), { subAccount: 'Client0001' }));
    expect(error).toMatchObject({ name: 'ApiError', code: 140001, status: 200, operation: 'B14' });
  });
});

describe('HttpError', () => {
  it('is raised for a non-JSON 5XX, with where the request went', async () => {
    const fake = fakeFetch(text('<html>502 Bad Gateway</html>', 502));
    const error = await errorOf(createSubAccount(makeClient(fake.fetch), { subAccount: 'Alpha0001', note: 'n' }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 502,
      operation: 'M1', target: { method: 'POST', path: '/api/v3/sub-account/virtualSubAccount' },
    });
  });

  it('is raised for an empty 404', async () => {
    const fake = fakeFetch(text('', 404));
    const error = await errorOf(listSubAccounts(makeClient(fake.fetch, noRetry), {}));
    expect(error).toMatchObject({ name: 'HttpError', status: 404 });
  });
});

describe('DecodeError', () => {
  it('names the path of a malformed field', async () => {
    const body = { subAccounts: [{ subAccount: 'Alpha0001', isFreeze: false, createTime: 'yesterday', uid: '1' }] };
    const error = await errorOf(listSubAccounts(makeClient(fakeFetch(json(body)).fetch), {}));
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).source).toBe('M2');
    expect((error as DecodeError).paths).toEqual([expect.stringMatching(/^subAccounts\.0\.createTime: expected /)]);
  });

  it('names fields by their path in the body, never by a decoder branch', async () => {
    const body = { subAccount: 'Alpha0001', note: 'n', apiKey: 'mx0pub', secretKey: 's', permissions: 5, creatTime: 1 };
    const error = await errorOf(createSubAccountApiKey(makeClient(fakeFetch(json(body)).fetch), m3));
    expect((error as DecodeError).paths).toEqual([expect.stringMatching(/^permissions: expected /)]);
  });

  it('never shows a value from the body, such as a fresh secret key', async () => {
    const secret = 'LEAKED0SECRET0FROM0BODY0000';
    const body = { subAccount: 'Alpha0001', note: 'n', apiKey: 'mx0PublicKey77', secretKey: secret, permissions: 5, creatTime: 'never' };
    const error = await errorOf(createSubAccountApiKey(makeClient(fakeFetch(json(body)).fetch), m3));
    expect(error).toBeInstanceOf(DecodeError);
    const shown = `${(error as Error).message}\n${JSON.stringify(error)}\n${(error as DecodeError).paths.join('\n')}`;
    for (const value of [secret, 'mx0PublicKey77', 'never']) expect(shown).not.toContain(value);
  });

  it('does not show a wrongly typed secret either', async () => {
    const body = { subAccount: 'Alpha0001', note: 'n', apiKey: 'mx0pub', secretKey: 987654321987654, permissions: 'SPOT_DEAL_READ', creatTime: 1 };
    const error = await errorOf(createSubAccountApiKey(makeClient(fakeFetch(json(body)).fetch), m3));
    expect((error as DecodeError).paths).toEqual([expect.stringMatching(/^secretKey: expected /)]);
    expect((error as Error).message).not.toContain('987654321987654');
  });

  it('is raised for a 200 whose body is not JSON', async () => {
    const error = await errorOf(listSubAccounts(makeClient(fakeFetch(text('{"subAccounts":[', 200)).fetch), {}));
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).paths).toEqual([expect.stringMatching(/^\(root\)/)]);
  });

  it('is raised for a successful envelope that holds no data', async () => {
    const error = await errorOf(brokerListSubAccounts(makeClient(fakeFetch(json({ code: '0', message: '' })).fetch), {}));
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).paths).toEqual([expect.stringMatching(/^data/)]);
  });
});

describe('NetworkError and TimeoutError', () => {
  it('NetworkError when fetch rejects, with the cause kept', async () => {
    const fake = fakeFetch(refuse(() => new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 10.1.2.3:443') })));
    const error = await errorOf(createSubAccount(makeClient(fake.fetch), { subAccount: 'Alpha0001', note: 'n' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ operation: 'M1', target: { method: 'POST', path: '/api/v3/sub-account/virtualSubAccount' } });
    expect((error as Error).message).toContain('fetch failed');
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(((error as Error).cause as Error).message).toContain('ECONNREFUSED');
    expect(fake.calls).toHaveLength(1);
  });

  it('TimeoutError when fetch never answers within the client timeout', async () => {
    const fake = fakeFetch(hang);
    const error = await errorOf(createSubAccount(makeClient(fake.fetch, { timeout: 25 }), { subAccount: 'Alpha0001', note: 'n' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 25, operation: 'M1', target: { method: 'POST' } });
    expect(fake.calls[0]?.signal.aborted).toBe(true);
  });

  it('TimeoutError honours a per-call timeout', async () => {
    const fake = fakeFetch(hang);
    const error = await errorOf(listSubAccounts(makeClient(fake.fetch, noRetry), {}, { timeout: 15 }));
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 15 });
    expect(fake.calls).toHaveLength(1);
  });
});
