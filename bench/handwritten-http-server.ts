/**
 * The server of the `handwritten` benchmark's HTTP pair, in a child process (its own event loop, as
 * the service would be): `node:http` on 127.0.0.1, keep-alive, one fixed JSON body of ten
 * sub-accounts for every request. Sends `{ url, body }` to its parent once listening, and stops
 * when the parent disconnects (or after 15 minutes, whatever happens).
 *
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the child tells its parent once listening. */
export interface HttpServerInfo {
  /** Where to send requests, with a path and query like a signed GET's. */
  readonly url: string;
  /** The body every response carries. */
  readonly body: string;
}

const LIFETIME_MS = 15 * 60_000;

const body = JSON.stringify({
  subAccounts: Array.from({ length: 10 }, (_, i) => ({ subAccount: `benchsub${String(i).padStart(4, '0')}`, isFreeze: false, createTime: 1_736_417_034_002 + i, uid: String(49_910_594 + i) })),
});
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.keepAliveTimeout = 60_000;

const stop = (code: number): void => {
  server.closeAllConnections();
  server.close(() => process.exit(code));
};
process.on('disconnect', () => stop(0));
setTimeout(() => stop(1), LIFETIME_MS).unref();

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const info: HttpServerInfo = { url: `http://127.0.0.1:${port}/api/v3/sub-account/list?limit=10&recvWindow=5000&timestamp=1736417034002&signature=${'ab'.repeat(32)}`, body };
  if (process.send) process.send(info);
  else stop(1);
});
