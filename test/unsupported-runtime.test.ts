/**
 * A runtime the library cannot serve is refused when the client or the stream is made, with an
 * `UnsupportedRuntimeError` naming what is missing: no `fetch` (and no undici), no Web Crypto (and
 * no Node `crypto`) to sign with, no `WebSocket` (and no `ws`). What the user gives in its place
 * (`fetch`, `sign`, `webSocketFactory`) is enough; nothing is refused that could run. The parts are
 * taken away from this Node process (each put back after), and the library is loaded afresh so that
 * it looks again.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type * as Library from '../src/index.js';

const saved = {
  fetch: Object.getOwnPropertyDescriptor(globalThis, 'fetch'),
  crypto: Object.getOwnPropertyDescriptor(globalThis, 'crypto'),
  WebSocket: Object.getOwnPropertyDescriptor(globalThis, 'WebSocket'),
  getBuiltinModule: Object.getOwnPropertyDescriptor(process, 'getBuiltinModule'),
};

afterEach(() => {
  for (const name of ['fetch', 'crypto', 'WebSocket'] as const) {
    const descriptor = saved[name];
    if (descriptor === undefined) Reflect.deleteProperty(globalThis, name);
    else Object.defineProperty(globalThis, name, descriptor);
  }
  if (saved.getBuiltinModule !== undefined) Object.defineProperty(process, 'getBuiltinModule', saved.getBuiltinModule);
});

/** This process without the global `name`. */
function withoutGlobal(name: 'fetch' | 'crypto' | 'WebSocket'): void {
  Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true });
}

/** This process as a runtime that lends none of Node's modules, nor packages through `require`. */
function withoutNodeModules(): void {
  Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true });
}

async function freshLibrary(): Promise<typeof Library> {
  let library: typeof Library | undefined;
  await jest.isolateModulesAsync(async () => {
    library = await import('../src/index.js');
  });
  if (library === undefined) throw new Error('the library did not load');
  return library;
}

function thrown(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const credentials = { apiKey: 'mx0vglApiKey00', secretKey: 'secret-0123456789abcdef' } as const;

describe('a runtime the library cannot serve', () => {
  it('without fetch: createClient is refused naming fetch, and a client given its own fetch is made', async () => {
    withoutGlobal('fetch');
    withoutNodeModules();
    const { createClient, UnsupportedRuntimeError, isMexcError } = await freshLibrary();
    const error = thrown(() => createClient(credentials));
    expect(error).toBeInstanceOf(UnsupportedRuntimeError);
    expect(isMexcError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'UnsupportedRuntimeError', operation: 'createClient', missing: 'fetch' });
    expect(String((error as Error).message)).toMatch(/no fetch.*createClient\(\{ fetch \}\)/);
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(credentials.secretKey);
    const given = createClient({ ...credentials, fetch: () => Promise.reject(new Error('not called')) });
    await given.close();
  });

  it('without Web Crypto or Node crypto: a client with a secret key is refused naming Web Crypto; one with its own sign is made', async () => {
    withoutGlobal('crypto');
    withoutNodeModules();
    const { createClient, hmacSha256Signer, UnsupportedRuntimeError } = await freshLibrary();
    expect(thrown(() => createClient(credentials))).toMatchObject({ name: 'UnsupportedRuntimeError', missing: 'Web Crypto' });
    expect(thrown(() => hmacSha256Signer('k'))).toBeInstanceOf(UnsupportedRuntimeError);
    // A client that signs nothing, or signs elsewhere, needs no crypto.
    await createClient({}).close();
    await createClient({ apiKey: credentials.apiKey, sign: () => Promise.resolve('00') }).close();
  });

  it('without a WebSocket or ws: userDataStream is refused naming WebSocket; one given a factory is made', async () => {
    withoutGlobal('WebSocket');
    withoutNodeModules();
    const { createClient, userDataStream, UnsupportedRuntimeError } = await freshLibrary();
    const client = createClient({ ...credentials, fetch: () => Promise.reject(new Error('not called')) });
    const error = thrown(() => userDataStream(client));
    expect(error).toBeInstanceOf(UnsupportedRuntimeError);
    expect(error).toMatchObject({ operation: 'userDataStream', missing: 'WebSocket' });
    expect(String((error as Error).message)).toContain('webSocketFactory');
    const never = (): never => {
      throw new Error('not opened');
    };
    expect(() => userDataStream(client, { webSocketFactory: never })).not.toThrow();
    await client.close();
  });

  it('with all three, as this Node has, nothing is refused', async () => {
    const { createClient, userDataStream } = await freshLibrary();
    const client = createClient(credentials);
    expect(() => userDataStream(client)).not.toThrow();
    await client.close();
  });
});
