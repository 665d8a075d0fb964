/**
 * The connection's state, from the `status` store: `connecting`, `live`, `reconnecting`, `stale`
 * or `stopped` (`data-state`), and why it stopped when the stream failed.
 */
import type { StreamStatus } from '../../../src/index.js';
import { status } from './stores.js';
import { useStore, useStoreStatus } from './use-store.js';

const MEANING: Readonly<Record<StreamStatus, string>> = {
  connecting: 'asking the backend for a listen key and connecting',
  live: 'connected, nothing missed',
  reconnecting: 'connection lost, making another',
  stale: 'events may have been missed: reading the account again',
  stopped: 'the stream ended',
};

/**
 * The badge.
 *
 * @example
 * ```tsx
 * <ConnectionBadge />
 * ```
 */
export function ConnectionBadge() {
  const word = useStore(status);
  const { error } = useStoreStatus(status);
  const why = error instanceof Error ? `${error.name}: ${error.message}` : MEANING[word];
  return (
    <p className="connection" data-state={word} role="status">
      <strong>{word}</strong> <span className="why">{why}</span>
    </p>
  );
}
