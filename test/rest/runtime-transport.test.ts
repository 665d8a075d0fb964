/**
 * What puts a request on the wire when a client is given no `fetch` (`transmit` without one)
 * depends on the runtime: a Node with `process.getBuiltinModule` (every Node the package supports,
 * 20.18.1 and later) sends through undici; a Node without it, or a runtime that only looks like Node
 * (Bun and Deno report `process.versions.node` too), sends through the global `fetch`. Every Node
 * the suite runs on (CI runs the fast tier on each current LTS) has `getBuiltinModule`, so both sides are tested on each:
 * the other side is made by taking it away, or by adding Bun's or Deno's mark, before a fresh copy
 * of the module decides (it decides once per process, at the first request).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import * as TransportModule from '../../src/http/transport.js';
import type * as Transport from '../../src/http/transport.js';

type Runtime = 'Node' | 'Node without getBuiltinModule' | 'Node without undici' | 'Bun' | 'Deno';

const RUNTIMES: readonly [Runtime, 'undici' | 'fetch'][] = [
  ['Node', 'undici'],
  ['Node without getBuiltinModule', 'fetch'],
  // A Node bundle that inlined the library's dependencies left undici out: slower, never failing.
  ['Node without undici', 'fetch'],
  ['Bun', 'fetch'],
  ['Deno', 'fetch'],
];

let server: Server;
let url: string;
let requests: number;
let fetchCalls: number;
const globalFetch = globalThis.fetch;
const versions = Object.getOwnPropertyDescriptor(process, 'versions');
const getBuiltinModule = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');

beforeEach(async () => {
  requests = 0;
  server = createServer((request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"sent":true}'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fetchCalls = 0;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    fetchCalls += 1;
    return globalFetch(...args);
  };
});

afterEach(async () => {
  globalThis.fetch = globalFetch;
  if (versions !== undefined) Object.defineProperty(process, 'versions', versions);
  if (getBuiltinModule !== undefined) Object.defineProperty(process, 'getBuiltinModule', getBuiltinModule);
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

/** Makes this process look like `runtime` to the library. */
function pretend(runtime: Runtime): void {
  if (runtime === 'Node without getBuiltinModule') Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true });
  if (runtime === 'Node without undici') {
    const lend = process.getBuiltinModule.bind(process);
    const noUndici = (id: string): unknown => {
      if (id !== 'undici') throw new Error(`unexpected module ${id}`);
      throw Object.assign(new Error("Cannot find module 'undici'"), { code: 'MODULE_NOT_FOUND' });
    };
    const modules = { createRequire: () => noUndici };
    Object.defineProperty(process, 'getBuiltinModule', { value: (id: string) => (id === 'node:module' ? modules : lend(id)), configurable: true, writable: true });
  }
  if (runtime === 'Bun' || runtime === 'Deno') {
    const mark = runtime === 'Bun' ? { bun: '1.1.0' } : { deno: '2.0.0' };
    Object.defineProperty(process, 'versions', { value: { ...process.versions, ...mark }, configurable: true, enumerable: true });
  }
}

/** The library's sending module loaded afresh, so that it decides its sender again. */
async function freshTransport(): Promise<typeof Transport> {
  let transport: typeof Transport | undefined;
  await jest.isolateModulesAsync(async () => {
    transport = await import('../../src/http/transport.js');
  });
  if (transport === undefined) throw new Error('the transport did not load');
  return transport;
}

describe.each(RUNTIMES)('on %s, a client without a fetch of its own', (runtime, sender) => {
  it.each(['ky', 'fetch'] as const)(`sends through ${sender} with the %s transport`, async (transport) => {
    pretend(runtime);
    const { transmit } = await freshTransport();
    // No fetch of the client's own: the runtime decides.
    const response = await transmit(transport, undefined, { method: 'GET', url: `${url}/api/v3/ping`, body: undefined, headers: {} }, new AbortController().signal);
    expect({ status: response.status, body: await response.text() }).toEqual({ status: 200, body: '{"sent":true}' });
    // The request reached the server once, through the global fetch or without it.
    expect({ requests, fetchCalls }).toEqual({ requests: 1, fetchCalls: sender === 'fetch' ? 1 : 0 });
  });
});

describe('on a Node without undici and without a global fetch (a DOM test environment)', () => {
  it.each(['ky', 'fetch'] as const)('the %s transport refuses to send, saying what is missing, and nothing reaches the server', async (transport) => {
    pretend('Node without undici');
    const { transmit } = await freshTransport();
    Reflect.deleteProperty(globalThis, 'fetch');
    const sent = transmit(transport, undefined, { method: 'GET', url: `${url}/api/v3/ping`, body: undefined, headers: {} }, new AbortController().signal);
    await expect(sent).rejects.toThrow(TransportModule.NO_FETCH);
    expect(requests).toBe(0);
  });
});
