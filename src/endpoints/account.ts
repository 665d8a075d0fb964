/**
 * Rows A1-A2 of the endpoint table: the account reads every account makes for itself with its own
 * key (master, broker, and the sub-accounts of either). Not in the interface spec; taken from the
 * service's public documentation (docs/service.md, "Account reads"). Signed, all in the query string.
 *
 * @module
 */
import { accountDecoder, openOrdersDecoder } from '../codecs/account.js';
import { required } from '../params/field.js';
import { tradingSymbol } from '../params/fields.js';
import { defineEndpoint } from './endpoint.js';
import type { NoParams } from './listen-key.js';

/** Parameters of A2 {@link listOpenOrders}. */
export interface ListOpenOrdersParams {
  /** The trading pair, e.g. `BTCUSDT`: the service requires it, and lists that pair's open orders only. */
  readonly symbol: string;
}

/** What both rows share: every kind of account, each for itself; from the service's documentation. */
const accountRead = { group: 'account', audience: 'any', source: 'service-docs', permissionChoice: undefined } as const;

/**
 * A1: the account's balances and flags. Weight 10 on the IP's budget for the endpoint, and at most
 * 2 calls per second per account: the one home of that rule, which the request budget and the
 * simulator both read.
 */
export const A1 = /* @__PURE__ */ defineEndpoint<NoParams>()(accountRead, {
  id: 'A1',
  name: 'getAccount',
  summary: "The account's balances and permissions",
  method: 'GET',
  path: '/api/v3/account',
  permission: 'SPOT_ACCOUNT_READ',
  weight: 10,
  accountRate: { calls: 2, perMs: 1000 },
  params: {},
  response: accountDecoder,
});

/** A2: the account's open orders of one trading pair. Weight 3. */
export const A2 = /* @__PURE__ */ defineEndpoint<ListOpenOrdersParams>()(accountRead, {
  id: 'A2',
  name: 'listOpenOrders',
  summary: "The account's open orders of one trading pair",
  method: 'GET',
  path: '/api/v3/openOrders',
  permission: 'SPOT_DEAL_READ',
  weight: 3,
  params: { symbol: /* @__PURE__ */ required(tradingSymbol, 'trading pair (the service requires it)') },
  response: openOrdersDecoder,
});
