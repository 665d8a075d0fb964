/**
 * The reads `createClient` gives its clients (`client-reads.ts`): the listen-key and account rows
 * of the endpoint table, each called on the client it is given (through its `call`, as the
 * operations `createListenKey`, `getAccount`, ... call them).
 *
 * @module
 */
import { map } from 'rxjs';
import { A1, A2 } from '../endpoints/account.js';
import { L1, L3, L4 } from '../endpoints/listen-key.js';
import type { ClientReads } from './client-reads.js';

/** The listen-key and account rows, as a client's reads. */
export const CLIENT_READS: ClientReads = {
  createListenKey: (client) => client.call(L1, {}).pipe(map((reply) => reply.listenKey)),
  keepAliveListenKey: (client, listenKey) => client.call(L3, { listenKey }),
  closeListenKey: (client, listenKey) => client.call(L4, { listenKey }),
  getAccount: (client) => client.call(A1, {}),
  listOpenOrders: (client, symbol) => client.call(A2, { symbol }),
};
