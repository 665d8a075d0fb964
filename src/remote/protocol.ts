/**
 * What a page and its backend's listen-key broker (`mexc-rx/server`) say to each other: the
 * routes under the broker's path, the bodies and the answers. The one home of the protocol: the
 * broker answers with these shapes and the page-side sources read them.
 *
 * | Route | Method | Body | Answer |
 * |---|---|---|---|
 * | `{path}/listen-key` | POST | none, or `{}` | `{ listenKey, renewIntervalMs }` |
 * | `{path}/listen-key` | PUT | `{ listenKey }` | `{ listenKey }` (renewed) |
 * | `{path}/listen-key` | DELETE | `{ listenKey }` | `{ listenKey }` (closed) |
 * | `{path}/balances` | GET | none | `{ balances }` (balance seeds) |
 * | `{path}/open-orders?symbols=A,B` | GET | none | `{ symbols, orders, unconverted }` (order seeds) |
 *
 * A refusal is `{ error, message }`, `error` one of {@link BrokerRefusalCode}.
 *
 * @module
 */
import type { BalanceSeed } from '../operators/state/balance-state.js';
import type { OrderSeed } from '../operators/state/order-state.js';

/** The routes of a broker, after its path. */
export const BROKER_ROUTES = {
  listenKey: '/listen-key',
  balances: '/balances',
  openOrders: '/open-orders',
} as const;

/** The query parameter of the open-orders route: trading pairs, comma-separated. */
export const SYMBOLS_PARAM = 'symbols';

/** A listen key as the broker takes it in a body: 1 to 128 letters and digits (the service's are 64 hex digits). */
export const LISTEN_KEY_PATTERN = /^[A-Za-z0-9]{1,128}$/;

/** The answer to a create (POST). */
export interface CreatedListenKey {
  /** The new key, for `{wsUrl}?listenKey=KEY`. */
  readonly listenKey: string;
  /** How often the page renews the key (PUT), ms: the broker closes a key not renewed for a few of these. */
  readonly renewIntervalMs: number;
}

/** The body of a keepalive (PUT) or a close (DELETE), and their answer. */
export interface ListenKeyBody {
  readonly listenKey: string;
}

/** The answer of the balances route: the account's balances as `balanceSnapshots` seeds. */
export interface BalancesAnswer {
  readonly balances: readonly BalanceSeed[];
}

/** The answer of the open-orders route: the open orders of the pairs read, as `reduceOrders` seeds. */
export interface OpenOrdersAnswer {
  /** The trading pairs read. */
  readonly symbols: readonly string[];
  readonly orders: readonly OrderSeed[];
  /** Open orders the service listed with a type, status or side the order book does not know (left out). */
  readonly unconverted: number;
}

/** Why a broker refused a request; each with its HTTP status. */
export const BROKER_REFUSALS = {
  /** 400: a body, a key or a query the route does not take. */
  'bad-request': 400,
  /** 401: `authorize` named no session. */
  unauthorized: 401,
  /** 403: `authorize` threw. */
  forbidden: 403,
  /** 403: an `Origin` not in `allowedOrigins`, or a cross-site request (`Sec-Fetch-Site`) from an origin not listed. */
  'origin-refused': 403,
  /** 404: no such route. */
  'not-found': 404,
  /** 404: a key this broker did not issue to this session, or closed already. */
  'unknown-listen-key': 404,
  /** 405: a method the route does not take (the answer's `Allow` lists those it does). */
  'method-not-allowed': 405,
  /** 413: a body past the broker's bound. */
  'body-too-large': 413,
  /** 429: the session holds the most keys it may (`Retry-After`). */
  'session-key-limit': 429,
  /** 429: too many account reads under way (`Retry-After`). */
  busy: 429,
  /** 502: the service refused or failed the call. */
  'upstream-failed': 502,
  /** 503: the broker holds the most keys it may for the account (`Retry-After`). */
  'account-key-limit': 503,
  /** 503: the service asked to wait, or the request budget is paused (`Retry-After`). */
  'upstream-paused': 503,
  /** 503: the broker was closed. */
  closed: 503,
} as const;

/** A reason a broker gives for a refusal. */
export type BrokerRefusalCode = keyof typeof BROKER_REFUSALS;

/** The body of a refusal. */
export interface BrokerRefusal {
  readonly error: BrokerRefusalCode;
  /** What was wrong, in words (never a key or a secret). */
  readonly message: string;
}

/**
 * Whether `value` is a refusal code a broker sends.
 *
 * @example
 * ```ts
 * isBrokerRefusalCode('unknown-listen-key'); // true
 * ```
 */
export function isBrokerRefusalCode(value: unknown): value is BrokerRefusalCode {
  return typeof value === 'string' && Object.hasOwn(BROKER_REFUSALS, value);
}
