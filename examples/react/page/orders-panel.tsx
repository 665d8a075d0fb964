/**
 * The sub-account's open orders, from the `orders` store (`reduceOrders`), newest first: one row
 * per order (`data-order-id`, `data-status`), each figure in a cell named by `data-field`; the
 * heading counts the open and the finished orders the book holds.
 */
import type { ConfirmedOrderState, OrderBook } from '../../../src/index.js';
import { StaleBadge } from './stale-badge.js';
import { orders } from './stores.js';
import { useStore } from './use-store.js';

const newestFirst = (a: ConfirmedOrderState, b: ConfirmedOrderState): number => b.createTime - a.createTime || b.orderId.localeCompare(a.orderId);

/** The book's confirmed orders, open and finished (placeholders wait for their order event). */
function split(book: OrderBook | undefined): { readonly open: ConfirmedOrderState[]; readonly finished: number } {
  const open: ConfirmedOrderState[] = [];
  let finished = 0;
  for (const order of book?.orders.values() ?? []) {
    if (order.placeholder) continue;
    if (order.terminal) finished += 1;
    else open.push(order);
  }
  return { open: open.sort(newestFirst), finished };
}

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour12: false });
}

function OrderRow({ order }: { readonly order: ConfirmedOrderState }) {
  return (
    <tr data-order-id={order.orderId} data-status={order.status}>
      <td data-field="time" data-label="Placed">{time(order.createTime)}</td>
      <td data-field="symbol" className="symbol">{order.symbol}</td>
      <td data-field="side" className={`side ${order.side.toLowerCase()}`}>{order.side}</td>
      <td data-field="price" className="number" data-label="Price">{order.price}</td>
      <td data-field="quantity" className="number" data-label="Quantity">{order.quantity}</td>
      <td data-field="filled" className="number" data-label="Filled">{order.cumulativeQuantity}</td>
      <td data-field="status" className={`status ${order.status.toLowerCase()}`}>{order.status.replace('_', ' ')}</td>
    </tr>
  );
}

/**
 * The open orders panel.
 *
 * @example
 * ```tsx
 * <OrdersPanel />
 * ```
 */
export function OrdersPanel() {
  const book = useStore(orders);
  const { open, finished } = split(book);
  return (
    <section id="orders" className="panel" aria-labelledby="orders-title" data-stale={String(book?.stale ?? true)}>
      <h2 id="orders-title">
        Open orders{' '}
        <span className="summary">
          {open.length} open · {finished} finished
        </span>{' '}
        <StaleBadge snapshot={book} />
      </h2>
      {book === undefined ? (
        <p className="empty">reading the open orders…</p>
      ) : open.length === 0 ? (
        <p className="empty">no open orders</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Placed</th>
              <th>Pair</th>
              <th>Side</th>
              <th className="number">Price</th>
              <th className="number">Quantity</th>
              <th className="number">Filled</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {open.map((order) => (
              <OrderRow key={order.orderId} order={order} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
