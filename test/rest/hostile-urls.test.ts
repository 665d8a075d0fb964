/**
 * Secrets in URLs never reach an error: a password in a base URL (`http://user:password@host`),
 * or in the URL of a proxy a custom `fetch` goes through, is not printed by any error message,
 * cause, stack or `RequestTarget`. `createClient` refuses such a base URL when the client is made;
 * this holds even for a call made some other way (the executor given one directly), on every
 * transport, against a real server on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { asyncScheduler } from 'rxjs';
import { createClient, NetworkError, type FetchLike, type HttpTransport } from '../../src/index.js';
import { M2 } from '../../src/endpoints/master.js';
import { ownPausesOnlyBudget } from '../../src/budget/shared.js';
import { createExecutor } from '../../src/http/execute.js';
import { resolveRetryOptions } from '../../src/http/retry-policy.js';
import { hmacSha256Signer } from '../../src/http/sign.js';
import { redactor } from '../../src/redact.js';
import { API_KEY, errorOf, NOW, SECRET_KEY } from '../support/harness.js';
import { startServer, type HostileServer } from '../support/hostile-server.js';

const PASSWORD = 'Hunter2xPASSWORDx77';
const USER = 'mallory-the-user';

const WAYS: readonly (readonly [string, { transport: HttpTransport; fetch?: FetchLike }])[] = [
  ['ky over undici (the default)', { transport: 'ky' }],
  ['fetch transport over undici', { transport: 'fetch' }],
  ['ky with fetch: globalThis.fetch', { transport: 'ky', fetch: (input, init) => globalThis.fetch(input, init) }],
  ['fetch transport with fetch: globalThis.fetch', { transport: 'fetch', fetch: (input, init) => globalThis.fetch(input, init) }],
];

/** Everything an error shows: message, stack, its JSON, and each cause's message and stack. */
function everythingShown(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) parts.push(e.name, e.message, String(e.stack), JSON.stringify(e));
  return parts.join('\n');
}

function expectNoUserinfo(error: unknown): void {
  const shown = everythingShown(error);
  expect(shown).not.toContain(PASSWORD);
  expect(shown).not.toContain(encodeURIComponent(PASSWORD));
  expect(shown).not.toContain(USER);
}

/** A call made without createClient: the executor, given a base URL with userinfo. */
function callWithBaseUrl(baseUrl: string, way: { transport: HttpTransport; fetch?: FetchLike }) {
  const call = createExecutor({
    baseUrl,
    apiKey: API_KEY,
    sign: hmacSha256Signer(SECRET_KEY),
    recvWindow: 5000,
    timeout: 2000,
    signBody: false,
    fetch: way.fetch,
    transport: way.transport,
    clock: () => NOW,
    scheduler: asyncScheduler,
    retry: resolveRetryOptions({ limit: 0 }),
    random: Math.random,
    redact: redactor([API_KEY, SECRET_KEY]),
    budget: ownPausesOnlyBudget(asyncScheduler),
    budgetAccount: 'test',
    metrics: undefined,
  });
  return call(M2, {});
}

let server: HostileServer;

beforeEach(async () => {
  server = await startServer((_request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end(`<h1>bad gateway for ${USER}:${PASSWORD}</h1>`);
  });
});

afterEach(async () => {
  await server.close();
});

describe.each(WAYS)('a base URL with a password, %s', (_way, way) => {
  it('no error of the call prints the password, the user or the userinfo', async () => {
    const url = new URL(server.url);
    const error = await errorOf(callWithBaseUrl(`http://${USER}:${PASSWORD}@${url.host}`, way));
    expect(error).toMatchObject({ operation: 'M2', target: { path: '/api/v3/sub-account/list' } });
    expectNoUserinfo(error);
  });

  it('nor when the host refuses the connection', async () => {
    const url = new URL(server.url);
    // The next server starts before this one closes, so the OS cannot hand it this port again
    // (which made the call reach it and fail to decode instead of being refused).
    const next = await startServer();
    await server.close();
    server = next;
    const error = await errorOf(callWithBaseUrl(`http://${USER}:${encodeURIComponent(PASSWORD)}@${url.host}`, way));
    expect(error).toBeInstanceOf(NetworkError);
    expectNoUserinfo(error);
  });
});

describe('a custom fetch whose error quotes a proxy URL with a password', () => {
  const proxied: FetchLike = () => Promise.reject(new TypeError(`connect ECONNREFUSED via http://${USER}:${PASSWORD}@127.0.0.1:3128/ (proxy)`));

  it.each(['ky', 'fetch'] as const)('through %s: the NetworkError and its cause print neither the user nor the password', async (transport) => {
    const client = createClient({ baseUrl: server.url, apiKey: API_KEY, secretKey: SECRET_KEY, clock: () => NOW, transport, fetch: proxied, retry: { limit: 0 }, budget: false });
    const error = await errorOf(client.call(M2, {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toContain('127.0.0.1:3128');
    expectNoUserinfo(error);
  });

  it('a userinfo with an @ in its password goes whole', async () => {
    const atPassword: FetchLike = () => Promise.reject(new Error(`refused: https://${USER}:p@ss${PASSWORD}@proxy.example:8080/x`));
    const client = createClient({ baseUrl: server.url, apiKey: API_KEY, secretKey: SECRET_KEY, fetch: atPassword, retry: { limit: 0 }, budget: false });
    const error = await errorOf(client.call(M2, {}));
    expect((error as Error).message).toContain('https://[redacted]@proxy.example:8080/x');
    expectNoUserinfo(error);
  });
});
