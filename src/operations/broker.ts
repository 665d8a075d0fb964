/**
 * Broker-account operations B1-B15 (spec 4.2), one function per row of the endpoint table.
 *
 * @module
 */
import { B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15 } from '../endpoints/broker.js';
import { operation } from './operation.js';
import { safeTransfer } from './safe-transfer.js';

/**
 * B1: Reads the broker's universal transfer history, one page per call.
 *
 * @example
 * ```ts
 * brokerListUniversalTransfers(client, { fromAccountType: 'SPOT', toAccountType: 'SPOT', limit: 500 })
 *   .subscribe((page) => console.log(page.items));
 * ```
 */
export const brokerListUniversalTransfers = /* @__PURE__ */ operation(B1);

/**
 * B2: Creates a broker sub-account (the envelope is unwrapped; a non-zero code is an ApiError).
 *
 * @example
 * ```ts
 * brokerCreateSubAccount(client, { subAccount: 'client0001', note: 'retail client 1' })
 *   .subscribe((s) => console.log(s.subAccount, new Date(s.createTime)));
 * ```
 */
export const brokerCreateSubAccount = /* @__PURE__ */ operation(B2);

/**
 * B3: Lists broker sub-accounts, one page per call.
 *
 * @example
 * ```ts
 * brokerListSubAccounts(client, { limit: 200 }).subscribe((page) => console.log(page.items));
 * ```
 */
export const brokerListSubAccounts = /* @__PURE__ */ operation(B3);

/**
 * B4: Reads whether a broker sub-account is normal or frozen.
 *
 * @example
 * ```ts
 * brokerGetSubAccountStatus(client, { subAccount: 'client0001' })
 *   .subscribe(({ status }) => console.log(status)); // 'normal' | 'frozen'
 * ```
 */
export const brokerGetSubAccountStatus = /* @__PURE__ */ operation(B4);

/**
 * B5: Creates an API key for a broker sub-account (at most 4 bound IPs); the result holds the secret, shown this once.
 *
 * @example
 * ```ts
 * brokerCreateSubAccountApiKey(client, { subAccount: 'client0001', permissions: ['SPOT_DEAL_READ'], note: 'app' })
 *   .subscribe((key) => vault.store(key.apiKey, key.secretKey));
 * ```
 */
export const brokerCreateSubAccountApiKey = /* @__PURE__ */ operation(B5);

/**
 * B6: Lists a broker sub-account's API keys.
 *
 * @example
 * ```ts
 * brokerListSubAccountApiKeys(client, { subAccount: 'client0001' }).subscribe((keys) => console.log(keys));
 * ```
 */
export const brokerListSubAccountApiKeys = /* @__PURE__ */ operation(B6);

/**
 * B7: Deletes a broker sub-account's API key.
 *
 * @example
 * ```ts
 * brokerDeleteSubAccountApiKey(client, { subAccount: 'client0001', apiKey: oldKey }).subscribe();
 * ```
 */
export const brokerDeleteSubAccountApiKey = /* @__PURE__ */ operation(B7);

/**
 * B8: Generates a deposit address for the sub-account whose key signs the call.
 *
 * @example
 * ```ts
 * brokerCreateDepositAddress(subAccountClient, { coin: 'USDT', network: 'TRC20' })
 *   .subscribe(({ address, memo }) => console.log(address, memo));
 * ```
 */
export const brokerCreateDepositAddress = /* @__PURE__ */ operation(B8);

/**
 * B9: Lists the signing sub-account's deposit addresses for a coin.
 *
 * @example
 * ```ts
 * brokerListDepositAddresses(subAccountClient, { coin: 'USDT' }).subscribe((addresses) => console.log(addresses));
 * ```
 */
export const brokerListDepositAddresses = /* @__PURE__ */ operation(B9);

/**
 * B10: Lists the signing sub-account's deposit records (the last 10 days when no startTime), one page per call.
 *
 * @example
 * ```ts
 * brokerListDeposits(subAccountClient, { coin: 'USDT', limit: 100 })
 *   .subscribe((page) => page.items.forEach((d) => console.log(d.amount, d.statusName)));
 * ```
 */
export const brokerListDeposits = /* @__PURE__ */ operation(B10);

/**
 * B11: Lists every sub-account's deposits of the last three days, one page per call.
 *
 * @example
 * ```ts
 * brokerListAllDeposits(client, { limit: 1000 }).subscribe((page) => console.log(page.items.length));
 * ```
 */
export const brokerListAllDeposits = /* @__PURE__ */ operation(B11);

/**
 * B12: Withdraws from the sub-account whose key signs the call. Never retried: an unclear failure is an UnknownOutcomeError with the parameters sent (fund password redacted).
 *
 * @example
 * ```ts
 * brokerWithdraw(subAccountClient, { coin: 'USDT', network: 'TRC20', address: 'T...', amount: '25' })
 *   .subscribe(({ id }) => console.log('withdrawal', id));
 * ```
 */
export const brokerWithdraw = /* @__PURE__ */ operation(B12);

/**
 * B13: Moves an asset between the broker and its sub-accounts, never twice: like
 * {@link universalTransfer}, an unknown outcome is settled from the broker's transfer history (B1)
 * before anything is sent again.
 *
 * @example
 * ```ts
 * brokerUniversalTransfer(client, { toAccount: 'client0001', fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '100' })
 *   .subscribe(({ tranId, confirmedBy }) => console.log(tranId, confirmedBy));
 * ```
 */
export const brokerUniversalTransfer = /* @__PURE__ */ safeTransfer(B13, (client, filter, options) => brokerListUniversalTransfers(client, filter, options));

/**
 * B14: Enables futures trading for a broker sub-account.
 *
 * @example
 * ```ts
 * brokerEnableFutures(client, { subAccount: 'client0001' })
 *   .subscribe((r) => console.log(r.isFuturesEnabled));
 * ```
 */
export const brokerEnableFutures = /* @__PURE__ */ operation(B14);

/**
 * B15: Reads the broker's rebate records, one page per call.
 *
 * @example
 * ```ts
 * brokerListRebates(client, { pageSize: 100 })
 *   .subscribe((page) => console.log(page.items, 'of', page.total));
 * ```
 */
export const brokerListRebates = /* @__PURE__ */ operation(B15);
