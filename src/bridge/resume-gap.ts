/**
 * The gap a publisher reports when it (re)starts an account: the service does not replay what it
 * pushed while no one listened, so everything between the last moment up to which the stream is
 * known to hold the account's events (by any worker, any run) and the new connection may be
 * missing.
 *
 * @module
 */
import type { JetStreamManager } from '@nats-io/jetstream';
import type { ScaleEvent } from '../scale/tagged-event.js';
import type { GapEvent } from '../stream/lifecycle.js';
import { decodeEnvelope } from './envelope.js';
import { eventSubject, type EventKind } from './subject.js';

/**
 * The moment an event speaks for: when it was sent (market events), when it happened
 * (lifecycle events, `stopped`), or where a gap ends.
 *
 * @example
 * ```ts
 * eventTime({ type: 'gap', from: 10, to: 20, reason: 'stalled' }); // 20
 * ```
 */
export function eventTime(event: ScaleEvent): number {
  switch (event.type) {
    case 'account':
    case 'deal':
    case 'order':
      return event.sendTime;
    case 'gap':
      return event.to;
    default:
      return event.at;
  }
}

/**
 * The kinds of message that say their worker's view of the account was complete up to their time
 * (everything before it stored, or inside a gap stored before it): a market event, a gap's end, a
 * connection (preceded by its own resume gap). Not `reconnecting` (the connection was lost some
 * time before), nor `rolled-over` or `key-replaced` (the old connection may yet prove stalled),
 * nor a `diagnostic` or `stopped`, which may come while nothing is connected.
 */
const COMPLETE_UP_TO: readonly EventKind[] = ['account', 'deal', 'order', 'gap', 'connected'];

/**
 * The latest moment up to which `stream` holds every event of `account` or a gap for it: the
 * latest time ({@link eventTime}; the store's receive time when a payload cannot be read) of the
 * last message of each kind that says so. `undefined` when there is none.
 *
 * @example
 * ```ts
 * const last = await lastStoredTime(jsm, 'MEXC', 'mexc', 'strategy01');
 * ```
 */
export async function lastStoredTime(jsm: JetStreamManager, stream: string, prefix: string, account: string): Promise<number | undefined> {
  const times = await Promise.all(
    COMPLETE_UP_TO.map(async (kind) => {
      const stored = await jsm.streams.getMessage(stream, { last_by_subj: eventSubject(prefix, account, kind) });
      if (stored === null) return undefined;
      const decoded = decodeEnvelope(stored.data);
      return decoded.ok ? eventTime(decoded.envelope.event) : stored.time.getTime();
    }),
  );
  const known = times.filter((time): time is number => time !== undefined);
  return known.length === 0 ? undefined : Math.max(...known);
}

/**
 * Where a publisher's view of an account begins, given its first event of a run: a gap's start,
 * any other event's own time ({@link eventTime}).
 *
 * @example
 * ```ts
 * viewStart({ type: 'gap', from: 10, to: 20, reason: 'closed-by-server' }); // 10
 * viewStart(connected); // connected.at
 * ```
 */
export function viewStart(event: ScaleEvent): number {
  return event.type === 'gap' ? event.from : eventTime(event);
}

/**
 * The gap to report before an account's first event of a run (its view began at `startedAt`):
 * from the last moment up to which the stream holds the account (`lastStored`), or from 0 when it
 * holds nothing. A stream holding nothing cannot tell a first start from the restart of a worker
 * that stored nothing before it stopped (NATS was unreachable, it crashed within its first
 * publishes), while another worker's events, or its own, went missing: consumers resync once.
 *
 * @example
 * ```ts
 * resumeGap(await lastStoredTime(jsm, stream, prefix, account), connected.at);
 * // { type: 'gap', from: 1700000000000, to: 1700000042000, reason: 'worker-restart' }
 * ```
 */
export function resumeGap(lastStored: number | undefined, startedAt: number): GapEvent {
  // The previous publisher's connection ended without a word from it: for the stream, a socket
  // that went away. A skewed clock never makes the gap end before it starts.
  return { type: 'gap', from: Math.max(0, Math.min(lastStored ?? 0, startedAt)), to: startedAt, reason: 'worker-restart' };
}
