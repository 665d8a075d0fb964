/**
 * The orders table, drawn from the snapshots of the library's `reduceOrders`: open orders first,
 * then the most recently finished, newest first, one row per order (`data-order-id`,
 * `data-status`).
 */
import type { ConfirmedOrderState, OrderBook } from '../../../src/index.js';
import { cell, part, row } from './dom.js';

/** Rows shown at most (every open order, then finished ones up to this). */
const MAX_ROWS = 20;

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour12: false });
}

function orderRow(o: ConfirmedOrderState, flash: boolean): HTMLTableRowElement {
  return row(
    { orderId: o.orderId, status: o.status },
    [
      cell(time(o.createTime), { field: 'time', label: 'Created' }),
      cell(`…${o.orderId.slice(-8)}`, { field: 'order', className: 'id', title: o.orderId, label: 'Order' }),
      cell(o.symbol, { field: 'symbol' }),
      cell(o.side, { field: 'side', className: `side ${o.side.toLowerCase()}` }),
      cell(o.price, { field: 'price', className: 'number', label: 'Price' }),
      cell(o.quantity, { field: 'quantity', className: 'number', label: 'Quantity' }),
      cell(o.cumulativeQuantity, { field: 'filled', className: 'number', label: 'Filled' }),
      cell(o.status.replace('_', ' '), { field: 'status', className: `status ${o.status.toLowerCase()}` }),
    ],
    flash,
  );
}

/**
 * Redraws the orders section from a snapshot.
 *
 * @example
 * ```ts
 * events$.pipe(reduceOrders()).subscribe((book) => renderOrders(part(document, '#orders'), book));
 * ```
 */
export function renderOrders(section: HTMLElement, book: OrderBook): void {
  const confirmed: ConfirmedOrderState[] = [];
  // Placeholders (deals whose order event has not come yet) wait for their order event.
  for (const order of book.orders.values()) if (!order.placeholder) confirmed.push(order);
  const newestFirst = (a: ConfirmedOrderState, b: ConfirmedOrderState): number => b.createTime - a.createTime || b.orderId.localeCompare(a.orderId);
  const open = confirmed.filter((o) => !o.terminal).sort(newestFirst);
  const finished = confirmed.filter((o) => o.terminal).sort(newestFirst);
  const changed = new Set(book.changed);
  const shown = [...open, ...finished.slice(0, Math.max(0, MAX_ROWS - open.length))];
  part(section, 'tbody').replaceChildren(...shown.map((o) => orderRow(o, changed.has(o.orderId))));
  part(section, '.summary').textContent = `${open.length} open · ${finished.length} finished`;
  section.dataset['stale'] = String(book.stale);
}
