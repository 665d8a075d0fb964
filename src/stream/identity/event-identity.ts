/**
 * The identity of a market event: what every copy of one push of the service shares, whichever
 * connection, worker, attempt or run delivered it. It is the event's fields, by name in sorted
 * order, absent (or `undefined`) fields left out, without `sendTime`: the service stamps the send
 * time per connection, so two copies of one push differ in it. The channel is the one field whose
 * place depends on the use, so each use names its choice and says why:
 *
 * - {@link streamCopyIdentity} keeps it (the overlap deduplicator of one stream);
 * - {@link accountPushIdentity} drops it (the bridge's message ids, across workers).
 *
 * Sorting the names makes the identity a function of the content alone, not of the order a
 * decoder happened to set the fields in.
 *
 * @module
 */
import type { MarketEvent } from '../events.js';

/** Whether the channel (protobuf or JSON form) is part of an identity. */
type ChannelRule = 'kept' | 'dropped';

/** The fields of `event` that make its identity, as sorted `[name, value]` pairs. */
function identityFields(event: MarketEvent, channel: ChannelRule): [string, unknown][] {
  return Object.entries(event)
    .filter(([name, value]) => name !== 'sendTime' && !(channel === 'dropped' && name === 'channel') && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1)); // one object's keys: never equal
}

/**
 * The identity of an event among the connections of one stream (rollover, key replacement):
 * copies of one push on two of its connections have the same identity.
 *
 * The channel is **kept**. Every connection of a stream subscribes the same channels in the same
 * form, so a copy of a push always carries its original's channel; content on another channel is
 * not a copy this stream's overlap made (a server answering a form it was not asked for), and the
 * stream lets through what it cannot tell is a copy rather than drop an event on a guess.
 *
 * @example
 * ```ts
 * streamCopyIdentity(event) === streamCopyIdentity({ ...event, sendTime: event.sendTime + 5 }); // true
 * streamCopyIdentity(event) === streamCopyIdentity({ ...event, channel: 'spot@private.account.v3.api' }); // false (a .pb event)
 * ```
 */
export function streamCopyIdentity(event: MarketEvent): string {
  return JSON.stringify(identityFields(event, 'kept'));
}

/**
 * The identity of a push of `account` among every publisher of the account (the bridge's
 * workers, their retried publishes, their restarted runs): copies of one push have the same
 * identity, the bridge hashes it into the push's message id.
 *
 * The channel is **dropped**. Two workers of one account may read it in different forms (one on
 * protobuf, one on JSON, or a fleet moving from one to the other), and each copy of one push must
 * get the one id, or JetStream stores the push twice. JetStream keeps the ids it has stored for
 * its duplicate window, so these bytes are pinned (`test/bridge/message-id-pinned.test.ts`): a
 * change would make a bridge upgraded mid-stream store one window's pushes twice.
 *
 * @example
 * ```ts
 * accountPushIdentity('strategy01', event) === accountPushIdentity('strategy01', { ...event, channel: 'spot@private.account.v3.api' }); // true
 * accountPushIdentity('strategy01', deal); // '["strategy01",[["amount","8"],["clientOrderId","my-order-7"],...,["type","deal"]]]'
 * ```
 */
export function accountPushIdentity(account: string, event: MarketEvent): string {
  return JSON.stringify([account, identityFields(event, 'dropped')]);
}
