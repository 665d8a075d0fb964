/**
 * The Node sender's contract (`src/http/node-sender.ts`: undici's `Pool` per origin), against real
 * servers on 127.0.0.1: what it adds to a request (default headers, body framing), what it refuses
 * (a body past the bound, declared or streamed), what it never does (follow a redirect), how it
 * fails (the abort's reason, a connection closed mid-body), how long it keeps a connection (a
 * server's `Keep-Alive: timeout`), how it joins repeated headers, and how many pools it keeps.
 */
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BodyTooLarge, MAX_BODY_BYTES } from '../../src/http/body.js';
import { createNodeSender, type NodeSender, type Undici } from '../../src/http/node-sender.js';
import { drain, until } from '../support/harness.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';

const undici = createRequire(import.meta.url)('undici') as Undici;

/** The server never closes an idle connection first: whatever closes one is the client. */
const SERVER = { keepAliveMs: 60_000 };

/** Whether the client let go of a connection (closed it, or it was destroyed). */
const letGo = (socket: Socket | undefined): boolean => socket === undefined || socket.destroyed || socket.readableEnded;

let server: RecordingServer;
let sender: NodeSender;
const signal = (): AbortSignal => new AbortController().signal;

beforeEach(async () => {
  server = await startRecordingServer(SERVER);
  sender = createNodeSender(undici);
});

afterEach(() => server.close());

describe('what goes on the wire', () => {
  it('adds accept and user-agent, which the caller’s own headers replace', async () => {
    await sender.send('GET', `${server.url}/a?b=1#fragment`, { 'x-mexc-apikey': 'key' }, undefined, signal());
    await sender.send('GET', `${server.url}/a`, { accept: 'application/json', 'user-agent': 'mine' }, undefined, signal());
    expect(server.seen.map((s) => [s.url, s.headers.accept, s.headers['user-agent'], s.headers['x-mexc-apikey']])).toEqual([
      ['/a?b=1', '*/*', 'node', 'key'],
      ['/a', 'application/json', 'mine', undefined],
    ]);
  });

  it.each([
    ['POST', undefined, '0'],
    ['PUT', undefined, '0'],
    ['GET', undefined, undefined],
    ['DELETE', undefined, undefined],
    ['POST', 'a=1&b=签', String(Buffer.byteLength('a=1&b=签'))],
    ['DELETE', 'x=2', '3'],
  ] as const)('%s with body %p is framed by content-length %p, never chunked', async (method, body, length) => {
    await sender.send(method, `${server.url}/`, {}, body, signal());
    const seen = server.seen[0];
    expect([seen?.method, seen?.body, seen?.headers['content-length'], seen?.headers['transfer-encoding']]).toEqual([method, body ?? '', length, undefined]);
  });
});

describe('what comes back', () => {
  it('a redirect is answered as it is, never followed', async () => {
    server.handler = (_request, response) => response.writeHead(302, { location: '/elsewhere' }).end('moved');
    const response = await sender.send('GET', `${server.url}/here`, {}, undefined, signal());
    expect([response.status, response.redirected, response.headers.get('Location'), await response.text()]).toEqual([302, false, '/elsewhere', 'moved']);
    expect(server.seen.map((s) => s.url)).toEqual(['/here']);
  });

  it('joins a header sent several times with ", ", as fetch does', async () => {
    server.handler = (_request, response) => response.writeHead(200, [['x-many', 'a'], ['x-many', 'b'], ['set-cookie', 'c=1'], ['set-cookie', 'd=2']]).end();
    const response = await sender.send('GET', `${server.url}/`, {}, undefined, signal());
    expect([response.headers.get('X-Many'), response.headers.get('set-cookie'), response.headers.get('absent')]).toEqual(['a, b', 'c=1, d=2', null]);
  });

  it('refuses a declared content-length past the bound at once, with its status and Retry-After, and lets the connection go', async () => {
    server.handler = (_request, response) => {
      response.writeHead(503, { 'content-length': String(MAX_BODY_BYTES + 1), 'retry-after': '9' });
      response.write('{'); // and nothing more: waiting for the rest would hang.
    };
    const error = await sender.send('GET', `${server.url}/`, {}, undefined, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLarge);
    expect([(error as BodyTooLarge).status, (error as BodyTooLarge).retryAfter]).toEqual([503, '9']);
    await until(() => letGo(server.connections[0]));
  });

  it('stops reading an endless body past the bound, and lets the connection go', async () => {
    let written = 0;
    server.handler = (_request, response) => {
      response.writeHead(200, { 'retry-after': '3' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = (): void => {
        while (!response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
      };
      pump();
    };
    const error = await sender.send('GET', `${server.url}/`, {}, undefined, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLarge);
    expect([(error as BodyTooLarge).status, (error as BodyTooLarge).retryAfter]).toEqual([200, '3']);
    await until(() => letGo(server.connections[0]));
    expect(written).toBeLessThan(4 * MAX_BODY_BYTES);
  });

  it('rejects when the connection closes before the body ended', async () => {
    server.handler = (_request, response) => {
      response.writeHead(200, { 'content-length': '200' });
      response.write('{"subAccounts":[', () => response.socket?.destroy());
    };
    const error = await sender.send('GET', `${server.url}/`, {}, undefined, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(BodyTooLarge);
  });
});

describe('an abort', () => {
  const reason = new Error('the caller went away');

  it('before sending: rejects with its reason, and nothing is sent', async () => {
    const controller = new AbortController();
    controller.abort(reason);
    await expect(sender.send('GET', `${server.url}/`, {}, undefined, controller.signal)).rejects.toBe(reason);
    expect(server.seen).toEqual([]);
  });

  it.each(['waiting for the head', 'in the middle of the body'])('%s: rejects with its reason and closes the connection', async (when) => {
    server.handler = (_request, response) => {
      if (when !== 'waiting for the head') response.writeHead(200, { 'content-length': '100' }).write('{');
    };
    const controller = new AbortController();
    const sent = sender.send('GET', `${server.url}/`, {}, undefined, controller.signal);
    await until(() => server.seen.length === 1);
    controller.abort(reason);
    await expect(sent).rejects.toBe(reason);
    await until(() => letGo(server.connections[0]));
  });
});

describe('keeping connections', () => {
  it('a Keep-Alive: timeout of 1 s: the connection is closed after its answer, not reused', async () => {
    server.handler = (_request, response) => response.writeHead(200, { 'keep-alive': 'timeout=1' }).end('{}');
    await sender.send('GET', `${server.url}/`, {}, undefined, signal());
    await until(() => letGo(server.connections[0]));
    await sender.send('GET', `${server.url}/`, {}, undefined, signal());
    expect(server.connections).toHaveLength(2);
  });

  it('a Keep-Alive: timeout of 2 s: the connection is reused for a second, then closed by the client, not after the 4 s default', async () => {
    server.handler = (_request, response) => response.writeHead(200, { 'keep-alive': 'timeout=2' }).end('{}');
    await sender.send('GET', `${server.url}/`, {}, undefined, signal());
    // undici marks the connection free a few turns after the body ended.
    await drain();
    await sender.send('GET', `${server.url}/`, {}, undefined, signal());
    expect(server.connections).toHaveLength(1);
    await until(() => letGo(server.connections[0]), 3_500);
  });

  it('keeps a pool for at most maxOrigins origins, closing the least recently used', async () => {
    const others = [await startRecordingServer(SERVER), await startRecordingServer(SERVER)];
    try {
      const [b, c] = others as [RecordingServer, RecordingServer];
      const bounded = createNodeSender(undici, 2);
      for (const url of [server.url, b.url, server.url, c.url]) await bounded.send('GET', `${url}/`, {}, undefined, signal());
      // b was used least recently: its pool is closed, the connection let go; the others stay open.
      await until(() => letGo(b.connections[0]));
      expect([letGo(server.connections[0]), letGo(c.connections[0])]).toEqual([false, false]);
      // And an origin whose pool was closed gets a new one.
      await expect(bounded.send('GET', `${b.url}/`, {}, undefined, signal()).then((r) => r.status)).resolves.toBe(200);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});
