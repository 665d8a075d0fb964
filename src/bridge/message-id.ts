/**
 * Deduplication ids (`Nats-Msg-Id`) of bridge messages. JetStream stores a message once per id
 * within the stream's duplicate window, so the id says which copies are "the same message":
 *
 * - A market event (`account`, `deal`, `order`) is a push of the service: every copy of one push is
 *   the same message, whichever connection (rollover overlap), worker (two workers running the
 *   account), attempt (a retried publish) or run (a restarted worker) delivered it, and two pushes
 *   are two messages even when their content is identical (a lock, an unlock and the same lock
 *   again, all in one millisecond). Its id is a hash of the account and the event without what
 *   differs between copies (`sendTime`, stamped per connection, and `channel`, protobuf or JSON),
 *   followed by the push's occurrence index: how many earlier pushes of the account had that same
 *   content (`:n`, left out for the first). Which publisher may give an event an occurrence index
 *   is the business of `AccountIdentity`. Both the identity and that counting rule live in
 *   `src/stream/identity/`, beside the stream's own.
 * - A lifecycle event (`connected`, `gap`, `reconnecting`, ...) or `stopped` is one worker's
 *   observation of its own connection. Two workers' gaps are two facts, and a consumer must see
 *   both (the one that lost events has to be resynced), so they must never be merged: the id is
 *   the worker, its run and a sequence number. It only deduplicates a retried publish of the
 *   very same message.
 *
 * @module
 */
import { hash106Hex } from '../internal/hash.js';
import type { TaggedEvent, ScaleEvent } from '../scale/tagged-event.js';
import { isMarketEvent } from '../scale/tagged-event.js';
import type { MarketEvent } from '../stream/events.js';
import { accountPushIdentity } from '../stream/identity/index.js';
import type { Publisher } from './envelope.js';

/**
 * The identity of a market event of `account`: its fields but `sendTime` and `channel`, in a
 * fixed order (sorted names), absent fields left out. It is the event identity the stream's
 * overlap deduplication uses too, with the channel dropped (`accountPushIdentity`, where
 * the reasons are written).
 *
 * @example
 * ```ts
 * marketIdentity('strategy01', deal) === marketIdentity('strategy01', { ...deal, sendTime: deal.sendTime + 5 }); // true
 * ```
 */
export function marketIdentity(account: string, event: MarketEvent): string {
  return accountPushIdentity(account, event);
}

/**
 * The hash of a market event's content ({@link marketIdentity}): 28 hex digits.
 *
 * @example
 * ```ts
 * contentHash('strategy01', lock) === contentHash('strategy01', { ...lock, sendTime: lock.sendTime + 1 }); // true
 * ```
 */
export function contentHash(account: string, event: MarketEvent): string {
  return hash106Hex(marketIdentity(account, event));
}

/**
 * The id of the push that is occurrence `occurrence` (0 for the first) of a content of kind `type`
 * with hash `hash` ({@link contentHash}). The first occurrence has the id of bridges before
 * occurrence indexes (`mexc1:<type>:<hash>`), so a worker of either version stores it once.
 *
 * @example
 * ```ts
 * marketMessageId('account', hash, 0); // 'mexc1:account:0aad7433...'
 * marketMessageId('account', hash, 1); // 'mexc1:account:0aad7433...:1'
 * ```
 */
export function marketMessageId(type: MarketEvent['type'], hash: string, occurrence: number): string {
  return occurrence === 0 ? `mexc1:${type}:${hash}` : `mexc1:${type}:${hash}:${occurrence}`;
}

/**
 * The deduplication id of a tagged event: content and occurrence index for market events, the
 * same for every copy of one push; `worker`/`run`/`seq` for the rest (`seq` counts the
 * publisher's messages of the run).
 *
 * @example
 * ```ts
 * messageId({ account, event: lock }, publisher, 17); // 'mexc1:account:0aad7433...' (any worker, any run)
 * messageId({ account, event: sameLockAgain }, publisher, 19, 1); // 'mexc1:account:0aad7433...:1'
 * messageId({ account, event: gap }, { worker: 'w0', run: 'k3j9' }, 18); // 'mexc1:w0:k3j9:18:gap'
 * ```
 */
export function messageId(tagged: TaggedEvent<ScaleEvent>, publisher: Publisher, seq: number, occurrence = 0): string {
  const { event } = tagged;
  if (isMarketEvent(event)) return marketMessageId(event.type, contentHash(tagged.account, event), occurrence);
  return `mexc1:${publisher.worker}:${publisher.run}:${seq}:${event.type}`;
}
