/**
 * Without a `fetch` of its own, a client on Node sends through undici's keep-alive `Pool`,
 * whichever transport (`'ky'`, the default, or `'fetch'`): against a real HTTP server on 127.0.0.1,
 * the same request reaches the wire as through Node's global `fetch`, the global `fetch` is never
 * called, connections are reused, and aborts, timeouts, refused connections, cut-off bodies,
 * Retry-After and text split inside a character behave as they do through `fetch`.
 */
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { ApiError, createClient, listSubAccounts, NetworkError, TimeoutError, type ClientConfig, type HttpTransport } from '../../src/index.js';
import { API_KEY, errorOf, NOW, resultOf, runOut, SECRET_KEY, until } from '../support/harness.js';
import { operationCase, operationCases } from '../support/operations.js';
import { startRecordingServer, type Handler, type RecordingServer, type Seen } from '../support/recording-server.js';

const TRANSPORTS: readonly HttpTransport[] = ['ky', 'fetch'];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Handler => (_request, response) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

/** Never answers. */
const hang: Handler = () => undefined;

let server: RecordingServer;
let fetchCalls = 0;
const globalFetch = globalThis.fetch;

beforeEach(async () => {
  server = await startRecordingServer();
  fetchCalls = 0;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    fetchCalls += 1;
    return globalFetch(...args);
  };
});

afterEach(async () => {
  globalThis.fetch = globalFetch;
  await server.close();
});

function client(overrides: ClientConfig = {}): ReturnType<typeof createClient> {
  return createClient({ baseUrl: server.url, apiKey: API_KEY, secretKey: SECRET_KEY, clock: () => NOW, ...overrides });
}

/** The request as the service reads it: what the sender and fetch add on their own left out. */
function onTheWire(seen: Seen | undefined): unknown {
  if (seen === undefined) throw new Error('nothing reached the server');
  const { 'x-mexc-apikey': apiKey, 'content-type': contentType, 'content-length': length } = seen.headers;
  return { method: seen.method, url: seen.url, body: seen.body, apiKey, contentType, length, chunked: seen.headers['transfer-encoding'] };
}

describe.each(TRANSPORTS)('transport %s without a fetch of its own', (transport) => {
  it.each(operationCases.map((c) => c.id))('%s: sends what Node’s fetch sends, through undici’s Pool, and reads the same result', async (id) => {
    const op = operationCase(id);
    server.handler = json(op.example);
    const viaNode = await resultOf(op.run(client({ transport })));
    expect(fetchCalls).toBe(0);
    const viaFetch = await resultOf(op.run(client({ transport, fetch: globalThis.fetch })));
    expect(fetchCalls).toBe(1);
    expect(viaNode).toEqual(viaFetch);
    expect(server.seen).toHaveLength(2);
    expect(onTheWire(server.seen[0])).toEqual(onTheWire(server.seen[1]));
    expect(server.seen[0]?.headers['user-agent']).toBe('node');
  });

  it('keeps connections alive between calls: ten calls in a row go over at most two', async () => {
    server.handler = json(operationCase('M2').example);
    for (let i = 0; i < 10; i++) await resultOf(listSubAccounts(client({ transport }), {}));
    expect(server.seen).toHaveLength(10);
    // undici opens a second connection when a call follows the last one's end before that
    // connection is marked free again; from then on the two are reused.
    expect(server.connections.length).toBeLessThanOrEqual(2);
  });

  it('unsubscribing aborts the request in flight: the connection is closed, nothing is emitted', async () => {
    server.handler = hang;
    const emitted: unknown[] = [];
    const scheduler = new VirtualTimeScheduler();
    const subscription = listSubAccounts(client({ transport, scheduler }), {}).subscribe({ next: (v) => emitted.push(v), error: (e: unknown) => emitted.push(e) });
    await until(() => server.seen.length === 1);
    const socket = server.connections[0] as Socket;
    subscription.unsubscribe();
    await until(() => socket.destroyed || socket.readableEnded);
    // The close's own events let run, every timer the client left run out: still nothing.
    await runOut(scheduler);
    expect(emitted).toEqual([]);
  });

  it('a response that never comes is a TimeoutError, and the connection is closed', async () => {
    server.handler = hang;
    const error = await errorOf(listSubAccounts(client({ transport, timeout: 50, retry: { limit: 0 } }), {}));
    expect(error).toBeInstanceOf(TimeoutError);
    const socket = server.connections[0] as Socket;
    await until(() => socket.destroyed || socket.readableEnded);
  });

  it('a refused connection is a NetworkError with no secret in it', async () => {
    const url = server.url;
    await server.close();
    server = await startRecordingServer();
    const error = await errorOf(listSubAccounts(client({ transport, baseUrl: url, retry: { limit: 0 } }), {}));
    expect(error).toBeInstanceOf(NetworkError);
    const text = `${JSON.stringify(error)} ${String((error as Error).message)} ${String((error as Error).stack)}`;
    for (const secret of [SECRET_KEY, API_KEY]) expect(text).not.toContain(secret);
  });

  it('a connection cut in the middle of the body is a NetworkError, not a hang', async () => {
    server.handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
      response.write('{"subAccounts":[');
      setTimeout(() => response.socket?.destroy(), 10);
    };
    const error = await errorOf(listSubAccounts(client({ transport, retry: { limit: 0 } }), {}));
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('a 429 with Retry-After is retried after the wait it asks for', async () => {
    const op = operationCase('M2');
    const answers = [json({ code: 429, msg: 'slow down' }, 429, { 'retry-after': '0' }), json(op.example)];
    server.handler = (request, response, body) => (answers.shift() ?? json(op.example))(request, response, body);
    const result = await resultOf(op.run(client({ transport })));
    expect(server.seen).toHaveLength(2);
    expect(result).toEqual(await resultOf(op.run(client({ transport, fetch: globalThis.fetch }))));
  });

  it('reads text whose characters are split across packets', async () => {
    const message = 'signature not valid: 签名无效 ✓';
    const bytes = Buffer.from(JSON.stringify({ code: 700002, msg: message }), 'utf8');
    const cut = bytes.indexOf(Buffer.from('名', 'utf8')) + 1;
    server.handler = (_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
      response.write(bytes.subarray(0, cut));
      setTimeout(() => response.end(bytes.subarray(cut)), 10);
    };
    const error = await errorOf(listSubAccounts(client({ transport, retry: { limit: 0 } }), {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).msg).toBe(message);
  });
});
