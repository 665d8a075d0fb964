/** createClient: URLs (https only, plain http to loopback or with allowInsecureHttp), recvWindow, credentials. */
import { describe, expect, it } from '@jest/globals';
import { createClient, listSubAccounts, ValidationError, type ClientConfig } from '../../src/index.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { errorOf, makeClient, resultOf } from '../support/harness.js';
import { operationCase } from '../support/operations.js';

function configError(config: ClientConfig): ValidationError {
  try {
    createClient(config);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('createClient accepted the configuration');
}

/** The URL the client sends an M2 call to. */
async function urlUsed(config: ClientConfig): Promise<string> {
  const fake = fakeFetch(json(operationCase('M2').example));
  await resultOf(listSubAccounts(makeClient(fake.fetch, config), {}));
  return fake.calls[0]?.url ?? '';
}

describe('base URL', () => {
  it('defaults to https://api.mexc.com', async () => {
    expect(await urlUsed({})).toMatch(/^https:\/\/api\.mexc\.com\/api\/v3\/sub-account\/list\?/);
  });

  it.each(['http://api.example.com', 'http://127.0.0.1.evil.example', 'http://10.0.0.5:8080'])('refuses plain %s', (baseUrl) => {
    const error = configError({ baseUrl });
    expect(error.operation).toBe('config');
    expect(error.issues).toContainEqual({ field: 'baseUrl', rule: expect.stringMatching(/https/) });
  });

  it.each(['ftp://api.example.com', 'not a url'])('refuses %s', (baseUrl) => {
    expect(configError({ baseUrl }).issues.map((i) => i.field)).toEqual(['baseUrl']);
  });

  it('accepts plain http to a non-loopback host with allowInsecureHttp, and uses it', async () => {
    expect(await urlUsed({ baseUrl: 'http://api.example.com', allowInsecureHttp: true })).toMatch(/^http:\/\/api\.example\.com\/api\/v3\/sub-account\/list\?/);
  });

  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/api/v3/'],
    ['http://localhost:9000/', 'http://localhost:9000/api/v3/'],
    ['http://[::1]:7000', 'http://[::1]:7000/api/v3/'],
  ])('accepts loopback %s', async (baseUrl, prefix) => {
    expect((await urlUsed({ baseUrl })).startsWith(prefix)).toBe(true);
  });

  it('refuses a plain ws:// stream URL to a non-loopback host, accepts one to loopback', () => {
    expect(configError({ wsUrl: 'ws://stream.example.com/ws' }).issues).toContainEqual({ field: 'wsUrl', rule: expect.stringMatching(/wss/) });
    expect(createClient({ wsUrl: 'ws://127.0.0.1:8081/ws' }).wsUrl).toBe('ws://127.0.0.1:8081/ws');
  });
});

describe('recvWindow', () => {
  it.each([60001, 0, 1.5])('refuses %p', (recvWindow) => {
    expect(configError({ recvWindow }).issues).toContainEqual({ field: 'recvWindow', rule: expect.stringMatching(/60000/) });
  });

  it('accepts 60000', () => {
    expect(createClient({ recvWindow: 60000 }).recvWindow).toBe(60000);
  });
});

describe('credentials', () => {
  it('a signed call without credentials fails validation and sends nothing', async () => {
    const fake = fakeFetch(json({}));
    const error = await errorOf(listSubAccounts(createClient({ fetch: fake.fetch }), {}));
    expect(error).toBeInstanceOf(ValidationError);
    expect(fake.calls).toHaveLength(0);
  });
});
