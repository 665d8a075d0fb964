/**
 * The reads `createClient` gives its clients (`client-reads.ts`): the listen-key and account
 * operations, each called on the client it is given.
 *
 * @module
 */
import { map } from 'rxjs';
import { getAccount, listOpenOrders } from '../operations/account.js';
import { closeListenKey, createListenKey, keepAliveListenKey } from '../operations/listen-key.js';
import type { ClientReads } from './client-reads.js';

/** The listen-key and account operations, as a client's reads. */
export const CLIENT_READS: ClientReads = {
  createListenKey: (client) => createListenKey(client).pipe(map((reply) => reply.listenKey)),
  keepAliveListenKey: (client, listenKey) => keepAliveListenKey(client, { listenKey }),
  closeListenKey: (client, listenKey) => closeListenKey(client, { listenKey }),
  getAccount: (client) => getAccount(client),
  listOpenOrders: (client, symbol) => listOpenOrders(client, { symbol }),
};
