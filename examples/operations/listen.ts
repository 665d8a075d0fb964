/**
 * The example's two small servers (metrics, health) on 127.0.0.1: started on a port (0: one the
 * system picks) and closed, connections and all, with an awaitable close.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1. */
export interface LocalServer {
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening and ends every open connection; resolves once the port is closed. */
  close(): Promise<void>;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Serves `handler` on 127.0.0.1 at `port` (0: a free one).
 *
 * @example
 * ```ts
 * const server = await listenLocally(0, (req, res) => res.end('ok'));
 * console.log(`http://127.0.0.1:${server.port}/`);
 * await server.close();
 * ```
 */
export function listenLocally(port: number, handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({ port: (server.address() as AddressInfo).port, close: () => closeServer(server) });
    });
  });
}
