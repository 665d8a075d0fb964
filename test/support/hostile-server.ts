/**
 * A real HTTP server on 127.0.0.1 (port picked by the OS) for the hostile-server tests: it notes
 * every request it receives (with the time of a clock the test gives, virtual or real) and answers
 * with whatever the test's handler does: a redirect, an odd header, a body that never ends.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the server saw of one request, when its head arrived. */
export interface Received {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The server's clock when the request arrived. */
  readonly at: number;
}

/** Answers one request. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A running server. */
export interface HostileServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly received: Received[];
  handler: Handler;
  /** What `at` reads (default `Date.now`). */
  clock: () => number;
  /** Closes every connection and the server, and waits for it. */
  close(): Promise<void>;
}

/** Answers JSON with a status and headers. */
export const json =
  (body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

/** Starts a server answering with `handler` (by default `{}`). */
export async function startServer(handler: Handler = json({})): Promise<HostileServer> {
  const state = { handler, clock: Date.now as () => number };
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    received.push({ method: request.method ?? '', url: request.url ?? '', headers, at: state.clock() });
    // A hostile answer may never read the request body: drain it so the socket is not stuck.
    request.resume();
    state.handler(request, response);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    get handler() {
      return state.handler;
    },
    set handler(next: Handler) {
      state.handler = next;
    },
    get clock() {
      return state.clock;
    },
    set clock(next: () => number) {
      state.clock = next;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
