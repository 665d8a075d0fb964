/**
 * The page's only link to its backend: where to connect, listen keys (made, kept alive and closed
 * by the backend, which holds the secret), and the state to start from and resync from.
 */
import { defer, type Observable } from 'rxjs';
import type { BalanceSeed, ListenKeySource, OrderSeed } from '../../../src/index.js';

/** What `GET /config` says. */
export interface PageConfig {
  /** The websocket base URL of the user data stream. */
  readonly wsUrl: string;
  /** The sub-account shown. */
  readonly account: string;
}

async function call<T>(method: string, path: string): Promise<T> {
  // `keepalive` lets the DELETE of the listen key go out while the page is being left.
  const response = await fetch(path, { method, keepalive: method === 'DELETE' });
  if (!response.ok) throw new Error(`${method} ${path.split('/')[1] ?? path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Reads the page's configuration.
 *
 * @example
 * ```ts
 * const { wsUrl } = await fetchConfig();
 * ```
 */
export function fetchConfig(): Promise<PageConfig> {
  return call<PageConfig>('GET', '/config');
}

/**
 * Listen keys through the backend: `POST /listen-key`, `PUT` and `DELETE /listen-key/:key`.
 *
 * @example
 * ```ts
 * const events$ = userDataStream(backendListenKeys(), { wsUrl });
 * ```
 */
export function backendListenKeys(): ListenKeySource {
  const path = (key: string): string => `/listen-key/${encodeURIComponent(key)}`;
  return {
    create: async () => (await call<{ listenKey: string }>('POST', '/listen-key')).listenKey,
    keepAlive: (key) => call('PUT', path(key)),
    close: (key) => call('DELETE', path(key)),
  };
}

/**
 * The account's balances from the backend; cold (each subscription asks again).
 *
 * @example
 * ```ts
 * events$.pipe(balanceSnapshots({ seed: fetchBalances(), resync: fetchBalances }));
 * ```
 */
export function fetchBalances(): Observable<readonly BalanceSeed[]> {
  return defer(() => call<BalanceSeed[]>('GET', '/balances'));
}

/**
 * The account's orders from the backend; cold (each subscription asks again).
 *
 * @example
 * ```ts
 * events$.pipe(reduceOrders({ seed: fetchOrders(), resync: fetchOrders }));
 * ```
 */
export function fetchOrders(): Observable<readonly OrderSeed[]> {
  return defer(() => call<OrderSeed[]>('GET', '/orders'));
}
