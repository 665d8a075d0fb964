/**
 * Listen-key operations L1-L4 (spec 4.3), one function per row of the endpoint table.
 *
 * @module
 */
import { L1, L2, L3, L4 } from '../endpoints/listen-key.js';
import { operation } from './operation.js';

/**
 * L1: Creates a listen key for the user data stream, valid for 60 minutes unless kept alive.
 *
 * @example
 * ```ts
 * createListenKey(client).subscribe(({ listenKey }) => openSocket(listenKey));
 * ```
 */
export const createListenKey = /* @__PURE__ */ operation(L1);

/**
 * L2: Lists the account's valid listen keys.
 *
 * @example
 * ```ts
 * listListenKeys(client).subscribe(({ listenKeys, available }) => console.log(listenKeys, available));
 * ```
 */
export const listListenKeys = /* @__PURE__ */ operation(L2);

/**
 * L3: Extends a listen key to 60 minutes from now (recommended every 30 minutes). Retried like a GET.
 *
 * @example
 * ```ts
 * keepAliveListenKey(client, { listenKey }).subscribe();
 * ```
 */
export const keepAliveListenKey = /* @__PURE__ */ operation(L3);

/**
 * L4: Closes a listen key and the streams using it.
 *
 * @example
 * ```ts
 * closeListenKey(client, { listenKey }).subscribe();
 * ```
 */
export const closeListenKey = /* @__PURE__ */ operation(L4);
