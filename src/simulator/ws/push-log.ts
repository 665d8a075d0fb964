/**
 * The record of every push, per account: a sequence number, the event, which connections got it
 * (and on which channel), and which were skipped because a test stalled them. Tests compare it
 * with what a subscriber received, to tell which events were pushed while a connection was
 * healthy.
 *
 * @module
 */
import type { PrivateChannel, PrivateChannelKind } from '../../stream/channels.js';
import type { PushedEvent } from './push-events.js';

/** One frame sent to one connection. */
export interface PushDelivery {
  readonly connection: number;
  readonly channel: PrivateChannel;
}

/** One pushed event of an account. */
export interface PushRecord {
  /** Sequence number within the account, from 1. */
  readonly seq: number;
  readonly uid: string;
  readonly kind: PrivateChannelKind;
  /** The event as the client decodes it, without its channel (its `sendTime` is the push's). */
  readonly event: PushedEvent;
  /** Frames sent: one per subscribed channel of the kind, per connection. */
  readonly deliveries: readonly PushDelivery[];
  /** Connections that would have got it but were stalled by a test. */
  readonly withheld: readonly number[];
}

interface MutableRecord extends PushRecord {
  readonly deliveries: PushDelivery[];
  readonly withheld: number[];
}

/** Push records per account, the newest `limit` of each (a positive number). */
export class PushLog {
  private readonly byUid = new Map<string, { next: number; records: MutableRecord[] }>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('the push log keeps at least 1 record per account');
  }

  /**
   * Records an event for `uid`; the caller then fills in its deliveries.
   *
   * @example
   * ```ts
   * const record = log.record(uid, 'account', event);
   * log.delivered(record, 3, 'spot@private.account.v3.api.pb');
   * ```
   */
  record(uid: string, kind: PrivateChannelKind, event: PushedEvent): PushRecord {
    let entry = this.byUid.get(uid);
    if (!entry) this.byUid.set(uid, (entry = { next: 1, records: [] }));
    const record: MutableRecord = { seq: entry.next++, uid, kind, event, deliveries: [], withheld: [] };
    entry.records.push(record);
    // Trimmed in batches, so a full log costs O(1) per push, not a shift of the whole array.
    if (entry.records.length > this.limit + Math.ceil(this.limit / 4)) entry.records.splice(0, entry.records.length - this.limit);
    return record;
  }

  /**
   * Notes that `record` went to `connection` on `channel`.
   *
   * @example
   * ```ts
   * log.delivered(record, 3, 'spot@private.account.v3.api.pb');
   * ```
   */
  delivered(record: PushRecord, connection: number, channel: PrivateChannel): void {
    (record as MutableRecord).deliveries.push({ connection, channel });
  }

  /**
   * Notes that `record` was held back from the stalled `connection`.
   *
   * @example
   * ```ts
   * log.withheld(record, 3);
   * ```
   */
  withheld(record: PushRecord, connection: number): void {
    (record as MutableRecord).withheld.push(connection);
  }

  /**
   * The records of `uid`, oldest first (copies of the lists, frozen in time).
   *
   * @example
   * ```ts
   * log.of(uid).at(-1)?.seq;
   * ```
   */
  of(uid: string): readonly PushRecord[] {
    return (this.byUid.get(uid)?.records ?? []).slice(-this.limit).map((r) => ({ ...r, deliveries: [...r.deliveries], withheld: [...r.withheld] }));
  }
}
