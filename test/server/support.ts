/**
 * Shared set-up of the broker's tests: the simulator on a manual clock with a client of its master
 * account on the same scheduler, and the two ways a page reaches a broker: its WHATWG handler
 * given `Request` objects, and its node handler behind a real node:http server on 127.0.0.1.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { finalize } from 'rxjs';
import type { AddressInfo } from 'node:net';
import { createClient, type Client, type ClientConfig } from '../../src/index.js';
import type { HttpHandler } from '../../src/server/index.js';
import { createSimClock, startSimulator, type Simulator } from '../../src/simulator/index.js';

/** A simulator on a manual clock and a client of its master account on the same clock. */
export interface BrokerWorld {
  readonly sim: Simulator;
  readonly client: Client;
  readonly account: string;
  /**
   * The operation id of each call of the client that ended (answered or failed), in order: a test
   * waits for the broker's call to be over before it moves the clock (a call in flight while the
   * clock jumps past the client's timeout would time out).
   */
  readonly settled: string[];
}

/** Starts the simulator on a manual clock; the client's timers run on `sim.scheduler`. `tuning`: the client's retries and timeout, when a test sets them. */
export async function startWorld(tuning: Pick<ClientConfig, 'retry' | 'timeout'> = {}): Promise<BrokerWorld> {
  const sim = await startSimulator({ clock: createSimClock({ start: Date.UTC(2025, 2, 14, 12), realtime: false }) });
  const client = createClient({
    baseUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    apiKey: sim.master.apiKey,
    secretKey: sim.master.secretKey,
    clock: () => sim.clock.now(),
    scheduler: sim.scheduler,
    ...tuning,
  });
  const settled: string[] = [];
  const tracked: Client = { ...client, call: (endpoint, params, options) => client.call(endpoint, params, options).pipe(finalize(() => settled.push(endpoint.id))) };
  return { sim, client: tracked, account: sim.master.name, settled };
}

/** How many calls of operation `id` ended. */
export function settledCount(world: BrokerWorld, id: string): number {
  return world.settled.filter((settled) => settled === id).length;
}

/** The keys of the account the simulator holds valid now. */
export function validKeys(world: BrokerWorld): string[] {
  return world.sim.admin
    .listenKeys(world.account)
    .filter((k) => k.valid)
    .map((k) => k.key);
}

/** What a broker answered. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** A request as a page makes it. */
export interface Ask {
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A way to reach a broker. */
export interface Caller {
  call(method: string, path: string, ask?: Ask): Promise<Answer>;
  /** The `fetch` a page-side source calls the broker with, and the base URL it resolves paths on. */
  readonly fetch: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  readonly origin: string;
  close(): Promise<void>;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Through the WHATWG handler, with `Request` objects. */
export function fetchCaller(handler: HttpHandler): Caller {
  const origin = 'http://broker.test';
  const fetch = (input: Request | URL | string, init?: RequestInit): Promise<Response> => handler.fetch(new Request(input, init));
  return {
    origin,
    fetch,
    call: async (method, path, ask = {}) =>
      answerOf(await handler.fetch(new Request(`${origin}${path}`, { method, headers: ask.headers ?? {}, ...(ask.body === undefined ? {} : { body: ask.body }) }))),
    close: () => Promise.resolve(),
  };
}

/** Through the node handler, behind a node:http server on 127.0.0.1 (a port the OS picks), over the wire. */
export async function nodeCaller(handler: HttpHandler): Promise<Caller> {
  const server: Server = createServer((req, res) => handler.node(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  // node:http rather than fetch: it sends the headers as given (an `Origin` too), any method, and
  // the path as written (a bare `?` too, which a URL would drop).
  const call = (method: string, path: string, ask: Ask = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body = ask.body === undefined ? undefined : Buffer.from(ask.body);
      const headers = { ...(ask.headers ?? {}), ...(body === undefined ? {} : { 'content-length': String(body.length) }) };
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
          resolve({ status: res.statusCode ?? 0, headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    origin,
    fetch: (input, init) => globalThis.fetch(input, init),
    call,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Both forms, by name, for `describe.each`. */
export const FORMS = [
  ['fetch', (handler: HttpHandler) => Promise.resolve(fetchCaller(handler))],
  ['node', nodeCaller],
] as const;

/** A JSON body. */
export const json = (value: unknown): string => JSON.stringify(value);

/** Waits (in real time, bounded) until `condition` holds: for requests on the loopback to land. */
export async function until(what: string, condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
