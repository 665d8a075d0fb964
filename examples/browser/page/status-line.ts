/**
 * The connection status line, from the stream's lifecycle events: its state (`data-state`:
 * `connecting`, `live`, `reconnecting` or `stopped`), the connection and masked listen key, and
 * counts of market events and gaps (`data-gaps`).
 */
import type { UserDataEvent } from '../../../src/index.js';

/** The status line's inputs. */
export interface StatusLine {
  /** Takes every event of the stream. */
  event(event: UserDataEvent): void;
  /** The stream ended with an error (credentials refused). */
  failed(error: unknown): void;
}

type State = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/**
 * A status line drawn into `element`.
 *
 * @example
 * ```ts
 * const status = statusLine(part(document, '#connection'));
 * events$.subscribe({ next: (e) => status.event(e), error: (e) => status.failed(e) });
 * ```
 */
export function statusLine(element: HTMLElement): StatusLine {
  let state: State = 'connecting';
  let detail = 'asking the backend for a listen key';
  let events = 0;
  let gaps = 0;
  const draw = (): void => {
    const label = document.createElement('strong');
    label.textContent = state;
    const counts = `${events} event${events === 1 ? '' : 's'} · ${gaps} gap${gaps === 1 ? '' : 's'}`;
    element.replaceChildren(label, ` ${detail} · ${counts}`);
    element.dataset['state'] = state;
    element.dataset['gaps'] = String(gaps);
  };
  draw();
  return {
    event(event) {
      switch (event.type) {
        case 'connected':
          [state, detail] = ['live', `connection ${event.connection}, listen key ${event.listenKey}`];
          break;
        case 'reconnecting':
          [state, detail] = ['reconnecting', `connection lost (${event.reason}), retrying in ${event.delayMs} ms`];
          break;
        case 'gap':
          gaps += 1;
          break;
        case 'rolled-over':
          detail = `rolled over to connection ${event.connection}`;
          break;
        case 'key-replaced':
          detail = `listen key replaced (${event.reason}) by ${event.listenKey}`;
          break;
        case 'diagnostic':
          detail = `diagnostic: ${event.code}`;
          break;
        case 'stopped':
          [state, detail] = ['stopped', `stopped (${event.reason})`];
          break;
        default:
          events += 1;
      }
      draw();
    },
    failed(error) {
      [state, detail] = ['stopped', error instanceof Error ? `${error.name}: ${error.message}` : String(error)];
      draw();
    },
  };
}
