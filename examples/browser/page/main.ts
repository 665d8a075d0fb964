/**
 * The page: subscribes to the sub-account's user data stream (listen keys from the backend, which
 * holds the secret) and shows live balances and orders with the library's operators, plus the
 * connection's status. Bundled for the browser by `../build.ts`.
 */
import { Subscription } from 'rxjs';
import { balanceSnapshots, reduceOrders, userDataStream } from '../../../src/index.js';
import { renderBalances } from './balances-table.js';
import { backendListenKeys, fetchBalances, fetchConfig, fetchOrders } from './backend.js';
import { part } from './dom.js';
import { renderOrders } from './orders-table.js';
import { statusLine } from './status-line.js';

async function start(): Promise<void> {
  const status = statusLine(part(document, '#connection'));
  const config = await fetchConfig();
  part(document, '#account').textContent = config.account;

  // One hot stream, shared by the three subscribers below; the first starts it.
  const events$ = userDataStream(backendListenKeys(), { wsUrl: config.wsUrl });
  const subscriptions = new Subscription();
  subscriptions.add(events$.subscribe({ next: (event) => status.event(event), error: (error: unknown) => status.failed(error) }));
  // The stream errors only when it cannot go on; the status line says why, the tables keep their last state.
  const ignore = (): void => undefined;
  const balances = part(document, '#balances');
  subscriptions.add(
    events$.pipe(balanceSnapshots({ seed: fetchBalances(), resync: fetchBalances })).subscribe({ next: (snapshot) => renderBalances(balances, snapshot), error: ignore }),
  );
  const orders = part(document, '#orders');
  subscriptions.add(events$.pipe(reduceOrders({ seed: fetchOrders(), resync: fetchOrders })).subscribe({ next: (book) => renderOrders(orders, book), error: ignore }));

  // Leaving the page stops the stream: the socket closes and the backend DELETEs the listen key.
  addEventListener('pagehide', () => subscriptions.unsubscribe(), { once: true });
}

start().catch((error: unknown) => {
  const element = document.querySelector<HTMLElement>('#connection');
  if (element === null) return;
  element.dataset['state'] = 'stopped';
  element.textContent = `could not start: ${error instanceof Error ? error.message : String(error)}`;
});
