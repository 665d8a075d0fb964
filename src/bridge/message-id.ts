/**
 * Deduplication ids (`Nats-Msg-Id`) of bridge messages. JetStream stores a message once per id
 * within the stream's duplicate window, so the id says which copies are "the same message":
 *
 * - A market event (`account`, `deal`, `order`) is a fact about the account: every copy of it is
 *   the same message, whichever connection (rollover overlap) or worker (two workers running the
 *   account during a handover, or on purpose for redundancy) delivered it. Its id is a hash of the
 *   account and the event without what differs between copies: `sendTime` (stamped per
 *   connection) and `channel` (protobuf or JSON).
 * - A lifecycle event (`connected`, `gap`, `reconnecting`, ...) or `stopped` is one worker's
 *   observation of its own connection. Two workers' gaps are two facts, and a consumer must see
 *   both (the one that lost events has to be resynced), so they must never be merged: the id is
 *   the worker, its run and a sequence number. It only deduplicates a retried publish of the
 *   very same message.
 *
 * Two genuinely identical market events (same account, same content apart from `sendTime`) are
 * stored once: they carry no information the first one did not (the balance after a change, an
 * order's cumulative state, a trade id), so the state operators end up the same.
 *
 * @module
 */
import { hash106Hex } from '../scale/hash.js';
import type { TaggedEvent, ScaleEvent } from '../scale/tagged-event.js';
import { isMarketEvent } from '../scale/tagged-event.js';
import type { MarketEvent } from '../stream/events.js';
import type { Publisher } from './envelope.js';

/**
 * The identity of a market event of `account`: its fields but `sendTime` and `channel`, in a
 * fixed order (sorted names), absent fields left out.
 *
 * @example
 * ```ts
 * marketIdentity('strategy01', deal) === marketIdentity('strategy01', { ...deal, sendTime: deal.sendTime + 5 }); // true
 * ```
 */
export function marketIdentity(account: string, event: MarketEvent): string {
  const fields = Object.entries(event)
    .filter(([name, value]) => name !== 'sendTime' && name !== 'channel' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([account, fields]);
}

/**
 * The deduplication id of a tagged event: content-based for market events, `worker`/`run`/`seq`
 * for the rest (`seq` counts the publisher's messages of the run).
 *
 * @example
 * ```ts
 * messageId({ account, event: deal }, publisher, 17); // 'mexc1:deal:0aad7433...' (any worker, any run)
 * messageId({ account, event: gap }, { worker: 'w0', run: 'k3j9' }, 18); // 'mexc1:w0:k3j9:18:gap'
 * ```
 */
export function messageId(tagged: TaggedEvent<ScaleEvent>, publisher: Publisher, seq: number): string {
  const { event } = tagged;
  if (isMarketEvent(event)) return `mexc1:${event.type}:${hash106Hex(marketIdentity(tagged.account, event))}`;
  return `mexc1:${publisher.worker}:${publisher.run}:${seq}:${event.type}`;
}
