/**
 * A hostile server on 127.0.0.1 answers with a redirect whose `Location` names another origin (a
 * second server). Followed, the redirect would carry the api key header and the signed query
 * (replayable within `recvWindow`) there. On every transport and every `fetch` (undici through
 * ky or directly, and `fetch: globalThis.fetch` through ky or directly) the other origin receives
 * nothing, and the call fails with an HttpError naming the status.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createClient,
  HttpError,
  listSubAccounts,
  UnknownOutcomeError,
  type ClientConfig,
  type FetchLike,
  type HttpTransport,
} from '../../src/index.js';
import { API_KEY, errorOf, NOW, SECRET_KEY } from '../support/harness.js';
import { json, startServer, type Handler, type HostileServer } from '../support/hostile-server.js';
import { operationCase } from '../support/operations.js';

const STATUSES = [301, 302, 303, 307, 308] as const;

/** Each way a request can leave: the transport, and whether the client was given Node's global fetch. */
const WAYS: readonly (readonly [string, { transport: HttpTransport; fetch?: FetchLike }])[] = [
  ['ky over undici (the default)', { transport: 'ky' }],
  ['fetch transport over undici', { transport: 'fetch' }],
  ['ky with fetch: globalThis.fetch', { transport: 'ky', fetch: (input, init) => globalThis.fetch(input, init) }],
  ['fetch transport with fetch: globalThis.fetch', { transport: 'fetch', fetch: (input, init) => globalThis.fetch(input, init) }],
];

const redirectTo =
  (status: number, location: () => string): Handler =>
  (_request, response) => {
    response.writeHead(status, { location: location(), 'content-type': 'text/plain' });
    response.end('moved');
  };

let service: HostileServer;
let elsewhere: HostileServer;

beforeEach(async () => {
  service = await startServer();
  elsewhere = await startServer(json({ subAccounts: [{ subAccount: 'Mallory01', isFreeze: false, createTime: 1, uid: '6' }] }));
});

afterEach(async () => {
  await Promise.all([service.close(), elsewhere.close()]);
});

function client(config: ClientConfig): ReturnType<typeof createClient> {
  return createClient({ baseUrl: service.url, apiKey: API_KEY, secretKey: SECRET_KEY, clock: () => NOW, budget: false, ...config });
}

describe.each(WAYS)('a redirect to another origin, %s', (_way, config) => {
  it.each(STATUSES)('%d is an HttpError naming the status, and the other origin receives nothing', async (status) => {
    service.handler = redirectTo(status, () => `${elsewhere.url}/collect?from=redirect`);
    const error = await errorOf(listSubAccounts(client(config), { limit: 10 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, redirect: 'refused', operation: 'M2', target: { method: 'GET', path: '/api/v3/sub-account/list' } });
    expect((error as HttpError).message).toContain(`HTTP ${status}`);
    expect((error as HttpError).message).not.toContain(elsewhere.url);
    expect(elsewhere.received).toHaveLength(0);
    expect(service.received).toHaveLength(1);
  });

  it.each([307, 308] as const)('%d on a transfer (POST) is refused: nothing replayed elsewhere, and the transfer is not an unknown outcome', async (status) => {
    service.handler = redirectTo(status, () => `${elsewhere.url}/api/v3/capital/sub-account/universalTransfer`);
    const error = await errorOf(operationCase('M6').run(client(config)));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, redirect: 'refused' });
    expect(elsewhere.received).toHaveLength(0);
  });
});

describe('a fetch that follows redirects anyway', () => {
  /** A custom fetch (a proxy, a wrapper) that overrides `redirect: 'manual'`: the library cannot stop it sending. */
  const following: FetchLike = (input, init) => globalThis.fetch(input instanceof Request ? new Request(input, { redirect: 'follow' }) : input, { ...init, redirect: 'follow' });

  it.each(['ky', 'fetch'] as const)('through %s: the answer it brings back from elsewhere is refused, never returned', async (transport) => {
    service.handler = redirectTo(307, () => `${elsewhere.url}/api/v3/sub-account/list`);
    const error = await errorOf(listSubAccounts(client({ transport, fetch: following }), {}));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 200, redirect: 'followed' });
    expect(elsewhere.received).toHaveLength(1);
  });

  it('on a transfer, the outcome is unknown (the request may have been acted on where it led)', async () => {
    service.handler = redirectTo(307, () => `${elsewhere.url}/api/v3/capital/sub-account/universalTransfer`);
    const error = await errorOf(operationCase('M6').run(client({ transport: 'fetch', fetch: following })));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as UnknownOutcomeError).cause).toMatchObject({ name: 'HttpError', redirect: 'followed' });
  });
});

describe('a browser’s fetch, which hides a redirect it did not follow', () => {
  /** What a browser's fetch gives for `redirect: 'manual'`: an opaque answer, status 0, type `opaqueredirect`. */
  const browserLike: FetchLike = async (input, init) => {
    const real = await globalThis.fetch(input, init);
    if (real.status < 300 || real.status >= 400) return real;
    await real.body?.cancel();
    return Object.defineProperties(new Response(null, { status: 200 }), { status: { value: 0 }, type: { value: 'opaqueredirect' }, ok: { value: false } });
  };

  it.each(['ky', 'fetch'] as const)('through %s: an HttpError says a redirect was refused, and the other origin receives nothing', async (transport) => {
    service.handler = redirectTo(302, () => `${elsewhere.url}/collect`);
    const error = await errorOf(listSubAccounts(client({ transport, fetch: browserLike }), {}));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, redirect: 'refused' });
    expect((error as HttpError).message).toContain('redirect refused');
    expect(elsewhere.received).toHaveLength(0);
  });
});
