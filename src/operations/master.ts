/**
 * Master-account operations M1-M8 (spec 4.1), one function per row of the endpoint table.
 *
 * @module
 */
import { M1, M2, M3, M4, M5, M6, M7, M8 } from '../endpoints/master.js';
import { operation } from './operation.js';
import { safeTransfer } from './safe-transfer.js';

/**
 * M1: Creates a sub-account of the master account.
 *
 * @example
 * ```ts
 * createSubAccount(client, { subAccount: 'strategy01', note: 'market making' })
 *   .subscribe(({ subAccount }) => console.log('created', subAccount));
 * ```
 */
export const createSubAccount = /* @__PURE__ */ operation(M1);

/**
 * M2: Lists the master account's sub-accounts, one page per call (see `paginate` for all).
 *
 * @example
 * ```ts
 * listSubAccounts(client, { isFreeze: false, limit: 200 })
 *   .subscribe((page) => page.items.forEach((s) => console.log(s.subAccount, s.uid)));
 * ```
 */
export const listSubAccounts = /* @__PURE__ */ operation(M2);

/**
 * M3: Creates an API key for a sub-account; the result holds the secret key, shown this once.
 *
 * @example
 * ```ts
 * createSubAccountApiKey(client, { subAccount: 'strategy01', note: 'bot', permissions: ['SPOT_DEAL_READ', 'SPOT_DEAL_WRITE'], ip: ['203.0.113.7'] })
 *   .subscribe((key) => vault.store(key.apiKey, key.secretKey));
 * ```
 */
export const createSubAccountApiKey = /* @__PURE__ */ operation(M3);

/**
 * M4: Lists a sub-account's API keys (master accounts only).
 *
 * @example
 * ```ts
 * listSubAccountApiKeys(client, { subAccount: 'strategy01' })
 *   .subscribe((keys) => keys.forEach((k) => console.log(k.apiKey, k.permissions)));
 * ```
 */
export const listSubAccountApiKeys = /* @__PURE__ */ operation(M4);

/**
 * M5: Deletes a sub-account's API key.
 *
 * @example
 * ```ts
 * deleteSubAccountApiKey(client, { subAccount: 'strategy01', apiKey: oldKey }).subscribe();
 * ```
 */
export const deleteSubAccountApiKey = /* @__PURE__ */ operation(M5);

/**
 * M6: Moves an asset between the master account and sub-accounts (or between sub-accounts), never twice. A
 * `clientTranId` is generated when none is given; when the outcome is unknown (5XX, timeout, network
 * failure after sending) the transfer history is searched for it and the recorded transfer returned
 * (`confirmedBy: 'history'`); it is sent again only when the history proves it never happened. An
 * UnknownOutcomeError remains only when that cannot be settled.
 *
 * @example
 * ```ts
 * universalTransfer(client, { toAccount: 'strategy01', fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '250' })
 *   .subscribe(({ tranId, clientTranId, confirmedBy }) => console.log('transfer', tranId, clientTranId, confirmedBy));
 * ```
 */
export const universalTransfer = /* @__PURE__ */ safeTransfer(M6, (client, filter, options) => listUniversalTransfers(client, filter, options));

/**
 * M7: Reads the universal transfer history, one page per call; every known response shape is accepted.
 *
 * @example
 * ```ts
 * listUniversalTransfers(client, { fromAccountType: 'SPOT', toAccountType: 'SPOT', startTime: Date.now() - 86_400_000 })
 *   .subscribe((page) => console.log(page.items.length, 'transfers'));
 * ```
 */
export const listUniversalTransfers = /* @__PURE__ */ operation(M7);

/**
 * M8: Reads a sub-account's SPOT balances.
 *
 * @example
 * ```ts
 * getSubAccountAssets(client, { subAccount: 'strategy01' })
 *   .subscribe((balances) => console.table(balances));
 * ```
 */
export const getSubAccountAssets = /* @__PURE__ */ operation(M8);
