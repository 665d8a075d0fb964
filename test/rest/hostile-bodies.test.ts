/**
 * A hostile server on 127.0.0.1, or a `fetch` that ignores the abort signal, tries to hold a call
 * (and its budget slot) forever or to fill the client's memory: headers sent and a body that
 * trickles or stalls for ever, a `fetch` that never settles, a body without end or declared a
 * gigabyte long. The call fails at its timeout with TimeoutError and its budget slot is freed; a
 * body past 4 MiB is refused without being read to its end. The waits are real (real sockets) and
 * short: a client timeout of 200 ms.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createClient,
  createRequestBudget,
  DecodeError,
  HttpError,
  listSubAccounts,
  TimeoutError,
  UnknownOutcomeError,
  type ClientConfig,
  type FetchLike,
  type HttpTransport,
  type RequestBudget,
} from '../../src/index.js';
import { MAX_BODY_BYTES } from '../../src/http/body.js';
import { API_KEY, errorOf, NOW, SECRET_KEY, until } from '../support/harness.js';
import { startServer, type Handler, type HostileServer } from '../support/hostile-server.js';
import { operationCase } from '../support/operations.js';

/** `fetch: globalThis.fetch`, called late so each test sees the global of its time. */
const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** A `fetch` that never hears the abort: the signal is dropped from the request and its options. */
const deafFetch: FetchLike = (input, init) => {
  const request = input instanceof Request ? new Request(input, { signal: null }) : input;
  return globalThis.fetch(request, { ...init, signal: null });
};

/** A `fetch` that never settles and never hears the abort. */
const neverFetch: FetchLike = () => new Promise<Response>(() => undefined);

const WAYS: readonly (readonly [string, { transport: HttpTransport; fetch?: FetchLike }])[] = [
  ['ky over undici (the default)', { transport: 'ky' }],
  ['fetch transport over undici', { transport: 'fetch' }],
  ['ky with fetch: globalThis.fetch', { transport: 'ky', fetch: globalFetch }],
  ['fetch transport with fetch: globalThis.fetch', { transport: 'fetch', fetch: globalFetch }],
];

/** What an endless body did: how much it wrote, and whether the client let go of it. */
interface Flood {
  written: number;
  closed: boolean;
}

/** Writes 64 KiB chunks as fast as the client takes them, until the connection closes. */
function flood(response: ServerResponse, state: Flood): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const pump = (): void => {
    while (!response.destroyed && !state.closed) {
      state.written += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
  };
  response.on('close', () => (state.closed = true));
  pump();
}

const endlessBody =
  (status: number, state: Flood, headers: Readonly<Record<string, string>> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    flood(response, state);
  };

/** Headers at once, then a byte every 20 ms, never the end. */
const trickle: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"subAccounts":[');
  const timer = setInterval(() => response.write(' '), 20);
  response.on('close', () => clearInterval(timer));
};

/** Headers at once, then nothing. */
const stall: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.flushHeaders();
};

/** Never answers. */
const silence: Handler = () => undefined;

let server: HostileServer;
let budget: RequestBudget;

beforeEach(async () => {
  server = await startServer();
  budget = createRequestBudget();
});

afterEach(async () => {
  await server.close();
});

function client(config: ClientConfig): ReturnType<typeof createClient> {
  return createClient({ baseUrl: server.url, apiKey: API_KEY, secretKey: SECRET_KEY, clock: () => NOW, budget, retry: { limit: 0 }, ...config });
}

/** The call was counted by the budget, and nothing of it is in flight any more. */
function expectSlotFreed(): void {
  const lanes = budget.snapshot().lanes;
  expect(lanes.length).toBeGreaterThan(0);
  expect(lanes.map((lane) => lane.inFlight)).toEqual(lanes.map(() => 0));
}

describe.each(WAYS)('a call’s timeout, %s', (_way, config) => {
  it.each([
    ['a body that trickles for ever', trickle],
    ['a body that stalls after the headers', stall],
    ['no answer at all', silence],
  ] as const)('holds against %s: TimeoutError, and the budget slot is freed', async (_what, handler) => {
    server.handler = handler;
    const error = await errorOf(listSubAccounts(client({ ...config, timeout: 200 }), {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expectSlotFreed();
  });
});

describe('a call’s timeout with a fetch that ignores the abort signal', () => {
  it.each(['ky', 'fetch'] as const)('through %s: a fetch that never settles is given up at the timeout, and the budget slot is freed', async (transport) => {
    const error = await errorOf(listSubAccounts(client({ transport, fetch: neverFetch, timeout: 200 }), {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expectSlotFreed();
  });

  it.each([
    ['ky', 'a body that trickles for ever', trickle],
    ['fetch', 'a body that trickles for ever', trickle],
    ['ky', 'a body that stalls after the headers', stall],
    ['fetch', 'a body that stalls after the headers', stall],
  ] as const)('through %s: %s is given up at the timeout, and the budget slot is freed', async (transport, _what, handler) => {
    server.handler = handler;
    const error = await errorOf(listSubAccounts(client({ transport, fetch: deafFetch, timeout: 200 }), {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expectSlotFreed();
  });
});

describe.each(WAYS)('a body past the bound, %s', (_way, config) => {
  it('an endless success is refused (DecodeError) and the connection let go, long before the timeout', async () => {
    const state: Flood = { written: 0, closed: false };
    server.handler = endlessBody(200, state);
    const error = await errorOf(listSubAccounts(client({ ...config, timeout: 10_000 }), {}));
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).paths).toEqual([`(root): a body longer than ${MAX_BODY_BYTES} bytes, not read`]);
    await until(() => state.closed);
    expectSlotFreed();
  });

  it('a success declared a gigabyte long is refused before its body is read', async () => {
    let closed = false;
    server.handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 ** 30) });
      response.write('{');
      response.on('close', () => (closed = true));
    };
    const error = await errorOf(listSubAccounts(client({ ...config, timeout: 5_000 }), {}));
    expect(error).toBeInstanceOf(DecodeError);
    await until(() => closed);
  });

  it('an endless 429 still counts as a 429: an HttpError with its Retry-After', async () => {
    const state: Flood = { written: 0, closed: false };
    server.handler = endlessBody(429, state, { 'retry-after': '7' });
    // A budget that sends the refused call nothing again: the refusal itself is what is looked at.
    const budget = createRequestBudget({ spread: false, resendsAfterRefusal: 0 });
    const error = await errorOf(listSubAccounts(client({ ...config, budget, timeout: 10_000 }), {}));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7_000 });
  });

  it('an endless success of a transfer leaves its outcome unknown', async () => {
    const state: Flood = { written: 0, closed: false };
    server.handler = endlessBody(200, state);
    const error = await errorOf(operationCase('M6').run(client({ ...config, timeout: 10_000 })));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as UnknownOutcomeError).cause).toBeInstanceOf(DecodeError);
  });
});
