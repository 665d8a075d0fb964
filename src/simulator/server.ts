/**
 * The simulator's HTTP server on 127.0.0.1: reads each request, hands it to the router, writes the
 * reply (or drops the connection). Every socket is tracked so `close()` ends them all. The
 * `node:http` server is exposed so a websocket server can attach to its `upgrade` event.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { SimReply, SimRequest } from './router.js';

/** The loopback address the simulator listens on. */
export const HOST = '127.0.0.1';

/** Largest request body read, bytes. */
const MAX_BODY = 1 << 20;

/** A listening server. */
export interface HttpHost {
  readonly server: Server;
  readonly port: number;
  /** Stops listening and destroys every open socket (including upgraded ones). */
  close(): Promise<void>;
}

function normalizeIp(address: string | undefined): string {
  if (address === undefined) return '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) resolve(undefined);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function write(res: ServerResponse, reply: SimReply): void {
  const text = JSON.stringify(reply.body ?? {});
  res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...reply.headers });
  res.end(text);
}

async function serve(handle: (req: SimRequest) => SimReply, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  if (body === undefined) {
    write(res, { status: 413, headers: { Connection: 'close' }, body: { code: 413, msg: 'body too large' }, disposition: 'respond' });
    return;
  }
  let reply: SimReply;
  try {
    reply = handle({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body,
      remoteIp: normalizeIp(req.socket.remoteAddress),
    });
  } catch (e) {
    reply = { status: 500, headers: {}, body: { code: 500, msg: `simulator failure: ${String(e)}` }, disposition: 'respond' };
  }
  // `hang` leaves the request unanswered: the client's timeout ends it, or `close()` does.
  if (reply.disposition === 'drop') req.socket.destroy();
  else if (reply.disposition === 'respond') write(res, reply);
}

/**
 * Starts an HTTP server on 127.0.0.1:`port` (0 picks a free port) that answers with `handle`.
 *
 * @example
 * ```ts
 * const host = await listenHttp(createRouter(deps), 0);
 * console.log(`http://127.0.0.1:${host.port}`);
 * await host.close();
 * ```
 */
export function listenHttp(handle: (req: SimRequest) => SimReply, port: number): Promise<HttpHost> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    serve(handle, req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
    }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolve({ server, port: actual, close });
    });
  });
}
