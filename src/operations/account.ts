/**
 * The account reads A1-A2, one function per row of the endpoint table: what an account holds and
 * which of its orders are open, read with the account's own key (master, broker or sub-account).
 *
 * @module
 */
import { A1, A2 } from '../endpoints/account.js';
import { operation } from './operation.js';

/**
 * A1: Reads the account's balances (`free` available, `locked` frozen in orders), its permissions
 * and whether it may trade, withdraw and deposit: `GET /api/v3/account` with the client's own key,
 * which needs SPOT_ACCOUNT_READ. Any account reads itself this way, a broker's or a master's
 * sub-account too. Weight 10 of the IP's 500 per 10 s for this endpoint, at most 2 calls per second
 * per account: the request budget keeps to both. Convert the balances for `balanceSnapshots` with
 * `accountBalancesToSeeds`. It takes no parameters: `getAccount(client)`, or
 * `getAccount(client, {}, { timeout: 5000 })` with call options.
 *
 * @example
 * ```ts
 * getAccount(subAccountClient).subscribe(({ balances, canTrade }) => {
 *   for (const { asset, free, locked } of balances) console.log(asset, free, locked);
 * });
 * ```
 */
export const getAccount = /* @__PURE__ */ operation(A1);

/**
 * A2: Lists the account's open orders (NEW or PARTIALLY_FILLED) of one trading pair: `GET
 * /api/v3/openOrders` with the client's own key, which needs SPOT_DEAL_READ. The service requires
 * the symbol (a ValidationError without it, nothing sent); an order on a pair you do not ask about
 * is not listed. Weight 3. Convert the orders for `reduceOrders` with `openOrdersToSeeds`.
 *
 * @example
 * ```ts
 * listOpenOrders(client, { symbol: 'BTCUSDT' })
 *   .subscribe((orders) => orders.forEach((o) => console.log(o.orderId, o.side, o.price, o.executedQty, '/', o.origQty)));
 * ```
 */
export const listOpenOrders = /* @__PURE__ */ operation(A2);
