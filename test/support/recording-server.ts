/**
 * A real HTTP server on 127.0.0.1 (a port the OS picks) for the suites of what puts requests on
 * the wire: it records each request as it arrived (method, URL, headers as text, body), keeps the
 * sockets clients opened, and answers with whichever handler the test sets (`{}` until then).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the server saw of one request. */
export interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** How the server answers a request, given its body as text. */
export type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A server that records requests and answers with the current handler. */
export interface RecordingServer {
  readonly url: string;
  readonly seen: Seen[];
  /** Every connection a client opened, in order. */
  readonly connections: Socket[];
  handler: Handler;
  /** Closes every connection and the server, and resolves once it is closed. */
  close(): Promise<void>;
}

/**
 * Starts a recording server; `keepAliveMs` sets how long it keeps an idle connection (Node's
 * default when not given).
 *
 * @example
 * ```ts
 * const server = await startRecordingServer();
 * server.handler = (_request, response) => response.end('{"ok":true}');
 * await fetch(`${server.url}/api/v3/ping`);
 * server.seen[0]?.url; // '/api/v3/ping'
 * await server.close();
 * ```
 */
export async function startRecordingServer(options: { readonly keepAliveMs?: number | undefined } = {}): Promise<RecordingServer> {
  const seen: Seen[] = [];
  const connections: Socket[] = [];
  const state: { handler: Handler } = { handler: (_request, response) => response.end('{}') };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers, body });
      state.handler(request, response, body);
    });
  });
  if (options.keepAliveMs !== undefined) server.keepAliveTimeout = options.keepAliveMs;
  server.on('connection', (socket: Socket) => connections.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    connections,
    get handler() {
      return state.handler;
    },
    set handler(handler: Handler) {
      state.handler = handler;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
