/**
 * The words the user data stream's files share, in one home below them all: what a stream emits
 * (`UserDataEvent`: its market and lifecycle events) and what its status is (`StreamStatus`, with
 * the `RepairSignal` that ends a `stale`). `status.ts` reads the status off the events, `health.ts`
 * keeps it with its times, `health-tap.ts` watches a stream's health, and `user-data-stream.ts`
 * emits the events; each of them imports these words from here, so none imports another back.
 *
 * @module
 */
import type { MarketEvent } from './events.js';
import type { LifecycleEvent } from './lifecycle.js';

/** Everything a user data stream emits: market events and lifecycle events, in order. */
export type UserDataEvent = MarketEvent | LifecycleEvent;

/**
 * The status of a stream, in one word:
 * - `connecting`: no connection yet (the first listen key and connection are being made, or
 *   retried);
 * - `live`: connected, and nothing is known to be missing;
 * - `reconnecting`: the connection was lost (or went silent) and another is being made;
 * - `stale`: connected, but events may be missing since a gap, until a repair succeeds;
 * - `stopped`: the stream ended (completed, failed, or its client was closed).
 */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'stale' | 'stopped';

/** What tells {@link streamStatus} that a gap was repaired: anything with a state operator's `stale`. */
export interface RepairSignal {
  /** Whether the state may be wrong (events missed, not yet repaired). */
  readonly stale: boolean;
}
