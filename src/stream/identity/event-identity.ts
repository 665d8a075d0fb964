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

/**
 * The sorted names of the key orders seen last. Events of one kind come from one decoder with one
 * key order, so the sort (a third of an identity's cost) is done once per key order, not once
 * per event. Names sort by UTF-16 code units, as `<` compares them.
 *
 * @example
 * ```ts
 * const memo = new SortedNames(8);
 * memo.of({ b: 1, a: 2 }); // ['a', 'b'] (sorted once; the next object with keys b, a gets the same array)
 * ```
 */
export class SortedNames {
  /** Key orders and their sorted names, the latest first. */
  private readonly orders: { readonly keys: readonly string[]; readonly sorted: readonly string[] }[] = [];

  /** @param capacity how many key orders are remembered (the oldest is forgotten first). */
  constructor(private readonly capacity: number) {}

  /** How many key orders are remembered now. */
  get size(): number {
    return this.orders.length;
  }

  /** The names of `value`'s own enumerable keys, sorted. */
  of(value: object): readonly string[] {
    const keys = Object.keys(value);
    const known = this.orders.find((order) => order.keys.length === keys.length && order.keys.every((key, index) => key === keys[index]));
    if (known !== undefined) return known.sorted;
    const sorted = [...keys].sort(); // one object's keys: distinct
    this.orders.unshift({ keys, sorted });
    if (this.orders.length > this.capacity) this.orders.pop();
    return sorted;
  }
}

/** Every kind of event, with its optional fields set or left out, fits. */
const sortedNames = new SortedNames(8);

/** The fields of `event` that make its identity, as `[name, value]` pairs sorted by name. */
function identityFields(event: MarketEvent, channel: ChannelRule): [string, unknown][] {
  const values = event as unknown as Readonly<Record<string, unknown>>;
  const fields: [string, unknown][] = [];
  for (const name of sortedNames.of(event)) {
    if (name === 'sendTime' || (channel === 'dropped' && name === 'channel')) continue;
    const value = values[name];
    if (value !== undefined) fields.push([name, value]);
  }
  return fields;
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
