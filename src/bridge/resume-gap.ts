/**
 * The gap a publisher reports when it (re)starts an account: the service does not replay what it
 * pushed while no one listened, so everything between the last message stored for the account
 * (by any worker, any run) and the new connection may be missing.
 *
 * @module
 */
import type { JetStreamManager } from '@nats-io/jetstream';
import type { ScaleEvent } from '../scale/tagged-event.js';
import type { GapEvent } from '../stream/lifecycle.js';
import { decodeEnvelope } from './envelope.js';
import { accountSubjects } from './subject.js';

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
 * The time of the last message stored for `account` in `stream` (the event's own time; the
 * store's receive time when the payload cannot be read), or `undefined` when there is none.
 *
 * @example
 * ```ts
 * const last = await lastStoredTime(jsm, 'MEXC', 'mexc', 'strategy01');
 * ```
 */
export async function lastStoredTime(jsm: JetStreamManager, stream: string, prefix: string, account: string): Promise<number | undefined> {
  const stored = await jsm.streams.getMessage(stream, { last_by_subj: accountSubjects(prefix, account) });
  if (stored === null) return undefined;
  const decoded = decodeEnvelope(stored.data);
  return decoded.ok ? eventTime(decoded.envelope.event) : stored.time.getTime();
}

/**
 * The gap to report before an account's first connection of a run, or `undefined` when nothing
 * was ever stored for it (a first start: state is seeded from REST anyway).
 *
 * @example
 * ```ts
 * resumeGap(await lastStoredTime(jsm, stream, prefix, account), connected.at);
 * // { type: 'gap', from: 1700000000000, to: 1700000042000, reason: 'worker-restart' }
 * ```
 */
export function resumeGap(lastStored: number | undefined, connectedAt: number): GapEvent | undefined {
  if (lastStored === undefined) return undefined;
  // The previous publisher's connection ended without a word from it: for the stream, a socket
  // that went away. A skewed clock never makes the gap end before it starts.
  return { type: 'gap', from: Math.min(lastStored, connectedAt), to: connectedAt, reason: 'worker-restart' };
}
