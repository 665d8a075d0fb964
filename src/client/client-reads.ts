/**
 * What a client made by `createClient` brings the user data stream and the state operators: its
 * listen-key calls (L1 create, L3 keep alive, L4 close) and its account reads (A1 balances, A2
 * open orders), kept in a slot like the client's life. The stream and the operators find
 * them here rather than importing the endpoint rows and their codecs, so a page that streams
 * through its backend (`remoteListenKeys`, `remoteRepairSources`) and never makes a client
 * carries none of the REST rows, codecs or io-ts (docs/performance.md, "What the library adds to
 * a page"). Each read takes the client it is called on, so a copy made by spreading a client with
 * a `call` of its own (`{ ...client, call }`) is called through that `call`.
 *
 * @module
 */
import type { Observable } from 'rxjs';
import { slot } from '../internal/slot.js';
import type { Account, OpenOrder } from '../codecs/results.js';
import type { Client } from './types.js';

/** The calls a client brings its streams and state operators. */
export interface ClientReads {
  /** L1: a fresh listen key. */
  readonly createListenKey: (client: Client) => Observable<string>;
  /** L3: extends a key's validity. */
  readonly keepAliveListenKey: (client: Client, listenKey: string) => Observable<unknown>;
  /** L4: closes a key. */
  readonly closeListenKey: (client: Client, listenKey: string) => Observable<unknown>;
  /** A1: the account, with its balances. */
  readonly getAccount: (client: Client) => Observable<Account>;
  /** A2: the open orders of one symbol. */
  readonly listOpenOrders: (client: Client, symbol: string) => Observable<readonly OpenOrder[]>;
}

const READS = slot<ClientReads>('mexc-rx client reads');

/**
 * The reads of a client made by `createClient` (or a copy made by spreading one), or `undefined`
 * for a client-like object of the user's own.
 *
 * @example
 * ```ts
 * readsOf(client)?.getAccount(client).subscribe((account) => console.log(account.balances));
 * ```
 */
export const readsOf = READS.of;

/**
 * Gives `client` its reads.
 *
 * @example
 * ```ts
 * return withReads(client, CLIENT_READS);
 * ```
 */
export const withReads: <C extends object>(client: C, reads: ClientReads) => C = READS.put;
