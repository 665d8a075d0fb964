/**
 * The page: the connection's state, the balances and the open orders, each component reading the
 * stores of `stores.ts` with `useSyncExternalStore`.
 */
import { BalancesPanel } from './balances-panel.js';
import { ConnectionBadge } from './connection-badge.js';
import { OrdersPanel } from './orders-panel.js';

/**
 * The whole page.
 *
 * @example
 * ```tsx
 * createRoot(container).render(<StrictMode><App account="reactdemo01" /></StrictMode>);
 * ```
 */
export function App({ account }: { readonly account: string }) {
  return (
    <>
      <header>
        <div className="title">
          <h1>mexc-rx</h1>
          <p className="subtitle">
            live sub-account <span className="account">{account}</span>
          </p>
        </div>
        <ConnectionBadge />
      </header>
      <main>
        <BalancesPanel />
        <OrdersPanel />
      </main>
      <footer>
        React 19 in <code>StrictMode</code>: each panel reads a store made by <code>toStore</code> with{' '}
        <code>useSyncExternalStore</code>. The state is built in the browser by <code>balanceSnapshots</code> and{' '}
        <code>reduceOrders</code> from <code>userDataStream</code>; the page holds no API key or secret, its backend's{' '}
        <code>createListenKeyBroker</code> makes its listen key.
      </footer>
    </>
  );
}
