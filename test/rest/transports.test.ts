/**
 * The two transports (`'ky'`, the default, and `'fetch'`): every operation puts the same request on
 * the wire and gets the same result, and aborts, timeouts, network failures and Retry-After behave
 * the same through either. A transport the client does not know is refused up front.
 */
import { describe, expect, it } from '@jest/globals';
import { createClient, listSubAccounts, NetworkError, TimeoutError, ValidationError, type HttpTransport } from '../../src/index.js';
import { fakeFetch, hang, json, refuse, text, type RecordedRequest } from '../support/fake-fetch.js';
import { errorOf, makeClient, resultOf, SECRET_KEY, until } from '../support/harness.js';
import { operationCase, operationCases } from '../support/operations.js';

const TRANSPORTS: readonly HttpTransport[] = ['ky', 'fetch'];

/** What reached the wire, as plain data (the signal aside). */
function wire(request: RecordedRequest | undefined): unknown {
  if (request === undefined) throw new Error('no request was sent');
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  return { method: request.method, url: request.url, body: request.body, headers };
}

describe('transports', () => {
  it.each(operationCases)('$id: the same request and the same result through ky and through fetch', async (op) => {
    const sent = await Promise.all(
      TRANSPORTS.map(async (transport) => {
        const fake = fakeFetch(json(op.example));
        const result = await resultOf(op.run(makeClient(fake.fetch, { transport })));
        expect(fake.calls).toHaveLength(1);
        return { request: wire(fake.calls[0]), result };
      }),
    );
    expect(sent[1]).toEqual(sent[0]);
  });

  it.each(TRANSPORTS)('%s: unsubscribing aborts the request in flight', async (transport) => {
    const fake = fakeFetch(hang);
    const subscription = listSubAccounts(makeClient(fake.fetch, { transport }), {}).subscribe();
    await until(() => fake.calls.length === 1);
    expect(fake.calls[0]?.signal.aborted).toBe(false);
    subscription.unsubscribe();
    expect(fake.calls[0]?.signal.aborted).toBe(true);
  });

  it.each(TRANSPORTS)('%s: a response that never comes is a TimeoutError, and the request is aborted', async (transport) => {
    const fake = fakeFetch(hang);
    const error = await errorOf(listSubAccounts(makeClient(fake.fetch, { transport, timeout: 20, retry: { limit: 0 } }), {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(fake.calls[0]?.signal.aborted).toBe(true);
  });

  it.each(TRANSPORTS)('%s: a refused connection is a NetworkError with the secret redacted', async (transport) => {
    const fake = fakeFetch(refuse(() => new TypeError(`fetch failed: key ${SECRET_KEY} refused`)));
    const error = await errorOf(listSubAccounts(makeClient(fake.fetch, { transport, retry: { limit: 0 } }), {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(JSON.stringify(error)).not.toContain(SECRET_KEY);
    expect(String((error as Error).message)).not.toContain(SECRET_KEY);
  });

  it.each(TRANSPORTS)('%s: a 429 with Retry-After is retried after the wait it asks for', async (transport) => {
    const op = operationCase('M2');
    const fake = fakeFetch([text('slow down', 429, { 'Retry-After': '0' }), json(op.example)]);
    const result = await resultOf(op.run(makeClient(fake.fetch, { transport })));
    expect(fake.calls).toHaveLength(2);
    expect(result).toEqual(await resultOf(op.run(makeClient(fakeFetch(json(op.example)).fetch))));
  });

  it.each(TRANSPORTS)("%s: a fetch that refuses any `this` but none (workerd's own) is called plainly", async (transport) => {
    const op = operationCase('M2');
    const fake = fakeFetch(json(op.example));
    // Refuses as workerd's fetch does when called as a method of another object.
    const strict = function (this: unknown, input: Request | URL | string, init?: RequestInit): Promise<Response> {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return fake.fetch(input, init);
    };
    const result = await resultOf(op.run(makeClient(strict, { transport, retry: { limit: 0 } })));
    expect(fake.calls).toHaveLength(1);
    expect(result).toEqual(await resultOf(op.run(makeClient(fakeFetch(json(op.example)).fetch))));
  });

  it('refuses a transport it does not know, before sending anything', () => {
    const fake = fakeFetch(json({}));
    const make = (): unknown => createClient({ fetch: fake.fetch, transport: 'curl' as HttpTransport });
    expect(make).toThrow(ValidationError);
    expect(make).toThrow(/transport/);
    expect(fake.calls).toHaveLength(0);
  });
});
