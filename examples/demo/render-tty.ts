/**
 * The live terminal view: tables drawn with cli-table3 and redrawn in place with log-update.
 */
import Table from 'cli-table3';
import logUpdate from 'log-update';
import pc from 'picocolors';
import { splitOrders, type DemoView } from './view-model.js';

function table(head: string[], rows: string[][]): string {
  const t = new Table({ head: head.map((h) => pc.bold(h)), style: { head: [], border: [], compact: true } });
  for (const row of rows) t.push(row);
  return t.toString();
}

/** Draws the whole view as text. */
export function drawView(view: DemoView): string {
  const stale = (flag: boolean | undefined): string => (flag ? pc.yellow(' (stale: resyncing)') : '');
  const balances = [...(view.balances?.balances.values() ?? [])]
    .sort((a, b) => a.asset.localeCompare(b.asset))
    .map((b) => [b.asset, b.free, b.frozen, b.total]);
  const { open, finished } = splitOrders(view.orders);
  const orderRow = (o: (typeof open)[number]): string[] => [o.orderId.slice(-8), o.side, o.price, o.quantity, o.cumulativeQuantity, o.status, String(o.fills.length)];
  const fills = [...(view.orders?.orders.values() ?? [])]
    .flatMap((o) => o.fills)
    .sort((a, b) => b.time - a.time)
    .slice(0, 6)
    .map((f) => [f.orderId.slice(-8), f.side, f.price, f.quantity, `${f.feeAmount} ${f.feeCurrency}`]);
  return [
    `${pc.bold('mexc-rx demo')}  status: ${view.status}   events: ${view.events}   ${view.eventsPerSecond.toFixed(0)} events/s   gaps: ${view.gaps}`,
    `${pc.bold('Balances')}${stale(view.balances?.stale)}`,
    table(['asset', 'free', 'frozen', 'total'], balances),
    `${pc.bold('Open orders')} (${open.length})${stale(view.orders?.stale)}`,
    table(['order', 'side', 'price', 'qty', 'filled', 'status', 'fills'], open.slice(0, 6).map(orderRow)),
    `${pc.bold('Finished orders')} (${finished.length})`,
    table(['order', 'side', 'price', 'qty', 'filled', 'status', 'fills'], finished.slice(0, 6).map(orderRow)),
    pc.bold('Recent fills'),
    table(['order', 'side', 'price', 'qty', 'fee'], fills),
    pc.bold('Connection'),
    ...view.connection.slice(-5).map((line) => `  ${line.text}`),
  ].join('\n');
}

/** A view that redraws in place, at most every `intervalMs`. */
export function ttyRenderer(intervalMs = 100): { update(view: DemoView): void; done(view: DemoView): void } {
  let last = 0;
  return {
    update(view) {
      const now = Date.now();
      if (now - last < intervalMs) return;
      last = now;
      logUpdate(drawView(view));
    },
    done(view) {
      logUpdate(drawView(view));
      logUpdate.done();
    },
  };
}
