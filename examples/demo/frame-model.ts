/**
 * What the terminal view shows, as plain text: the status line, the latest connection line, the
 * tables (balances, open orders, recent fills, finished orders, most useful first) and the
 * connection log. Pure: it reads a {@link DemoView} and returns strings; `layout.ts` fits them to
 * a terminal and `render-tty.ts` draws them.
 */
import type { Alignment } from '../../src/cli/text-table.js';
import { splitOrders, type DemoView } from './view-model.js';

/** One table of the view. */
export interface FrameTable {
  /** Its heading, e.g. `Open orders (12)`. */
  readonly title: string;
  /** Being resynced after a gap: shown as such. */
  readonly stale: boolean;
  readonly head: readonly string[];
  readonly align: readonly Alignment[];
  /** Most useful first (newest orders and fills). */
  readonly rows: readonly (readonly string[])[];
  /** Most rows worth showing, whatever the room. */
  readonly cap: number;
}

/** Everything the view shows, before it is fitted to a terminal. */
export interface FrameModel {
  /** `mexc-rx demo  status: live  events: 511 (42/s)  gaps: 1`. */
  readonly status: string;
  /** Whether the connection is up (the status line is drawn in a warning colour otherwise). */
  readonly live: boolean;
  /** The latest lifecycle event in words, if any. */
  readonly connection: string | undefined;
  /** Balances, open orders, recent fills, finished orders: in that order of importance. */
  readonly tables: readonly FrameTable[];
  /** Lifecycle events in words, oldest first. */
  readonly log: readonly string[];
}

const ORDER_HEAD = ['order', 'side', 'price', 'qty', 'filled', 'status', 'fills'];
const ORDER_ALIGN: readonly Alignment[] = ['left', 'left', 'right', 'right', 'right', 'left', 'right'];

/**
 * The frame model of `view`.
 *
 * @example
 * ```ts
 * frameModel(EMPTY_VIEW).status; // 'mexc-rx demo  status: starting  events: 0 (0/s)  gaps: 0'
 * ```
 */
export function frameModel(view: DemoView): FrameModel {
  const balances = [...(view.balances?.balances.values() ?? [])]
    .sort((a, b) => a.asset.localeCompare(b.asset))
    .map((b) => [b.asset, b.free, b.frozen, b.total]);
  const { open, finished } = splitOrders(view.orders);
  const orderRow = (o: (typeof open)[number]): string[] => [o.orderId.slice(-8), o.side, o.price, o.quantity, o.cumulativeQuantity, o.status, String(o.fills.length)];
  const fills = [...(view.orders?.orders.values() ?? [])]
    .flatMap((o) => o.fills)
    .sort((a, b) => b.time - a.time || a.tradeId.localeCompare(b.tradeId))
    .map((f) => [f.orderId.slice(-8), f.side, f.price, f.quantity, `${f.feeAmount} ${f.feeCurrency}`]);
  const last = view.connection[view.connection.length - 1];
  return {
    status: `mexc-rx demo  status: ${view.status}  events: ${view.events} (${view.eventsPerSecond.toFixed(0)}/s)  gaps: ${view.gaps}`,
    live: view.status === 'live',
    connection: last?.text,
    tables: [
      { title: 'Balances', stale: view.balances?.stale ?? false, head: ['asset', 'free', 'frozen', 'total'], align: ['left', 'right', 'right', 'right'], rows: balances, cap: 20 },
      { title: `Open orders (${open.length})`, stale: view.orders?.stale ?? false, head: ORDER_HEAD, align: ORDER_ALIGN, rows: open.map(orderRow), cap: 10 },
      { title: 'Recent fills', stale: false, head: ['order', 'side', 'price', 'qty', 'fee'], align: ['left', 'left', 'right', 'right', 'left'], rows: fills, cap: 6 },
      { title: `Finished orders (${finished.length})`, stale: false, head: ORDER_HEAD, align: ORDER_ALIGN, rows: finished.map(orderRow), cap: 6 },
    ],
    log: view.connection.map((line) => line.text),
  };
}
