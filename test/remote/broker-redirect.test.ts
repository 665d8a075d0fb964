/**
 * A page's call to its broker follows no redirect: it asks its fetch not to (`redirect: 'manual'`,
 * which workerd takes where it refuses 'error'), and a 3XX or an opaque redirect that comes back
 * is refused as not the broker's answer, its Location never read.
 */
import { describe, expect, it } from '@jest/globals';
import { BrokerError } from '../../src/remote/broker-error.js';
import { callBroker } from '../../src/remote/broker-call.js';
import type { FetchLike } from '../../src/http/transport.js';

const url = new URL('https://dashboard.example/api/mexc/listen-key');

describe('a broker call and redirects', () => {
  it('asks for no redirect to be followed, and refuses a 302 to another host without reading its answer', async () => {
    const asked: (RequestRedirect | undefined)[] = [];
    const fetch: FetchLike = async (_input, init) => {
      asked.push(init?.redirect);
      return new Response('{"listenKey":"from-elsewhere"}', { status: 302, headers: { location: 'https://login.evil.example/' } });
    };
    const refused = await callBroker(fetch, { method: 'POST', url }).catch((error: unknown) => error);
    expect(asked).toEqual(['manual']);
    expect(refused).toBeInstanceOf(BrokerError);
    expect(refused).toMatchObject({ status: 302 });
    expect((refused as Error).message).toMatch(/a redirect, which is not the broker's answer/);
    expect((refused as Error).message).not.toMatch(/from-elsewhere|evil/);
  });

  it('refuses the opaque redirect a browser hands back for redirect: manual', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), text: async () => '' } as unknown as Response;
    const refused = await callBroker(async () => opaque, { method: 'PUT', url, body: { listenKey: 'k' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BrokerError);
    expect((refused as Error).message).toMatch(/a redirect/);
  });
});
