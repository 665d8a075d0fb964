/**
 * What the demo shows, folded from the library's own operators: balances (balanceSnapshots),
 * orders and fills (reduceOrders), and the connection's lifecycle events; and the shape of the
 * renderers that show it. Pure data, no output.
 */
import type { BalanceSnapshot, ConfirmedOrderState, OrderBook, UserDataEvent } from '../../src/index.js';

/** One line of the connection panel. */
export interface ConnectionLine {
  readonly at: number;
  readonly text: string;
}

/** Everything the views draw. */
export interface DemoView {
  readonly balances: BalanceSnapshot | undefined;
  readonly orders: OrderBook | undefined;
  readonly status: string;
  readonly connection: readonly ConnectionLine[];
  readonly events: number;
  readonly eventsPerSecond: number;
  readonly gaps: number;
}

/** How the demo shows its view: live updates, then the final state with the summary below it. */
export interface Renderer {
  update(view: DemoView): void;
  /** Ends the live view and prints the last state, then `summary`. */
  done(view: DemoView, summary: readonly string[]): void;
  /** Gives the terminal back as it was (idempotent); for errors and Ctrl+C. */
  close(): void;
}

/** The initial view. */
export const EMPTY_VIEW: DemoView = { balances: undefined, orders: undefined, status: 'starting', connection: [], events: 0, eventsPerSecond: 0, gaps: 0 };

/** A lifecycle event in words, or `undefined` for market events. */
export function describeLifecycle(event: UserDataEvent): string | undefined {
  switch (event.type) {
    case 'connected':
      return `connected (connection ${event.connection}, key ${event.listenKey})`;
    case 'reconnecting':
      return `connection lost (${event.reason}); reconnecting in ${event.delayMs} ms`;
    case 'gap':
      return `gap of ${event.to - event.from} ms (${event.reason}): state marked stale, resyncing`;
    case 'rolled-over':
      return `rolled over to connection ${event.connection}`;
    case 'key-replaced':
      return `listen key replaced (${event.reason}) by ${event.listenKey}`;
    case 'diagnostic':
      return `diagnostic ${event.code}: ${event.message}`;
    case 'stopped':
      return `stopped (${event.reason})`;
    default:
      return undefined;
  }
}

/** Orders split for display: open first (newest first), then finished (newest first). */
export function splitOrders(book: OrderBook | undefined): { open: ConfirmedOrderState[]; finished: ConfirmedOrderState[] } {
  const confirmed: ConfirmedOrderState[] = [];
  for (const order of book?.orders.values() ?? []) if (!order.placeholder) confirmed.push(order);
  // Ties broken by id: the book iterates in the order of its keyed hash, which differs per process.
  const byNewest = (a: ConfirmedOrderState, b: ConfirmedOrderState): number => b.createTime - a.createTime || a.orderId.localeCompare(b.orderId);
  return {
    open: confirmed.filter((o) => !o.terminal).sort(byNewest),
    finished: confirmed.filter((o) => o.terminal).sort(byNewest),
  };
}
