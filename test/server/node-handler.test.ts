/**
 * The node form of the server entry's handlers, as node:http and Express call it, on 127.0.0.1:
 * a path it does not serve goes on to `next`, a body a parser already read is taken from
 * `req.body`, and a body past the bound is refused (413) as soon as it runs past it, with the
 * connection closed, changing nothing.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createListenKeyBroker, type ListenKeyBroker } from '../../src/server/index.js';
import { startWorld, validKeys, type BrokerWorld } from './support.js';

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;
let server: Server | undefined;

afterEach(async () => {
  if (server !== undefined) {
    const closing = server;
    await new Promise<void>((resolve) => {
      closing.close(() => resolve());
      closing.closeAllConnections();
    });
  }
  await broker?.close();
  await world?.sim.close();
  world = broker = server = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

async function startBroker(): Promise<{ world: BrokerWorld; broker: ListenKeyBroker }> {
  world = await startWorld();
  broker = createListenKeyBroker(world.client, { path: '/api/mexc' });
  return { world, broker };
}

describe('the broker’s node handler', () => {
  it('hands a path it does not serve to next, as Express middleware, and serves its own', async () => {
    const { broker: b } = await startBroker();
    const origin = await serve((req, res) =>
      b.node(req, res, () => {
        res.statusCode = 299;
        res.end('next handler');
      }),
    );
    const other = await fetch(`${origin}/index.html`);
    expect({ status: other.status, text: await other.text() }).toEqual({ status: 299, text: 'next handler' });
    const own = await fetch(`${origin}/api/mexc/listen-key`, { method: 'POST' });
    expect(own.status).toBe(201);
  });

  it('takes a body a parser already read (req.body), as behind express.json()', async () => {
    const { world: w, broker: b } = await startBroker();
    const origin = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        Object.assign(req, { body: text === '' ? {} : (JSON.parse(text) as unknown) });
        b.node(req, res);
      });
    });
    const created = (await (await fetch(`${origin}/api/mexc/listen-key`, { method: 'POST' })).json()) as { listenKey: string };
    expect(validKeys(w)).toEqual([created.listenKey]);
    const closed = await fetch(`${origin}/api/mexc/listen-key`, { method: 'DELETE', body: JSON.stringify({ listenKey: created.listenKey }) });
    expect(closed.status).toBe(200);
    expect(validKeys(w)).toEqual([]);
  });

  it('refuses a body past its bound as soon as it runs past it (413, connection closed), changing nothing', async () => {
    const { world: w, broker: b } = await startBroker();
    const origin = await serve((req, res) => b.node(req, res));
    const key = ((await (await fetch(`${origin}/api/mexc/listen-key`, { method: 'POST' })).json()) as { listenKey: string }).listenKey;
    // An endless body, written until the answer comes (bounded: at most 64 MiB).
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const req = httpRequest(`${origin}/api/mexc/listen-key`, { method: 'DELETE', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', (error) => (answered ? undefined : reject(error)));
      let answered = false;
      req.on('response', () => (answered = true));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = (): void => {
        while (!answered && sent < 1024) {
          sent += 1;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      req.write(`{"listenKey":"${key}","pad":"`);
      pump();
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'body-too-large' });
    expect(validKeys(w)).toEqual([key]);
  });

  it('routes on the path alone: a request target that looks like a host is a path, not another host', async () => {
    const { broker: b } = await startBroker();
    const origin = await serve((req, res) => b.node(req, res));
    const { port } = new URL(origin);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '//api/mexc/listen-key' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
  });
});
