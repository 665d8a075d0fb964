/**
 * The view without a terminal (CI, pipes): one plain line per lifecycle event and per ten finished
 * orders, no redrawing.
 */
import { splitOrders, type Renderer } from './view-model.js';

/** Prints progress lines as the view changes, then the summary. */
export function plainRenderer(write: (line: string) => void): Renderer {
  let connectionLines = 0;
  let finishedReported = 0;
  return {
    update(view) {
      for (const line of view.connection.slice(connectionLines)) write(`[stream] ${line.text}`);
      connectionLines = view.connection.length;
      const finished = splitOrders(view.orders).finished.length;
      if (finished >= finishedReported + 10) {
        finishedReported = finished - (finished % 10);
        write(`[orders] ${finished} finished, ${splitOrders(view.orders).open.length} open, ${view.events} events so far`);
      }
    },
    done(view, summary) {
      this.update(view);
      for (const line of summary) write(line);
    },
    close: () => undefined,
  };
}
