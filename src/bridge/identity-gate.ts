/**
 * Between the source and the publisher: gives each market event its deduplication id from its
 * content and occurrence index (see `AccountIdentity`, the bridge's counting rule in
 * `src/stream/identity/`), follows each account's view (it begins at
 * `connected`, again after a `gap`; `stopped` ends it), and replaces an event whose occurrence
 * index this publisher cannot know by a `gap` (reason `ambiguous-copy`) at its send time: the
 * event is not stored under a guessed id (it might be a copy, or a new push), and consumers learn
 * that it may be missing.
 *
 * @module
 */
import { isMarketEvent, type ScaleEvent, type TaggedEvent } from '../scale/tagged-event.js';
import type { GapEvent } from '../stream/lifecycle.js';
import { AccountIdentity, type AccountIdentitySettings } from '../stream/identity/index.js';
import { contentHash, marketMessageId } from './message-id.js';

/** What to publish for one event of the source. */
export interface Admitted {
  readonly tagged: TaggedEvent<ScaleEvent>;
  /** The deduplication id of a market event; `undefined` for the rest (their ids are the publisher's). */
  readonly marketId: string | undefined;
}

/**
 * Follows every account of one publisher's source, in source order.
 *
 * @example
 * ```ts
 * const gate = new IdentityGate({ maxClockSkewMs: 1000, memoryMs: 60_000 }, () => scheduler.now());
 * const { tagged, marketId } = gate.admit(event); // publish `tagged` (a gap in place of an unknowable event)
 * ```
 */
export class IdentityGate {
  private readonly accounts = new Map<string, AccountIdentity>();

  constructor(
    private readonly settings: AccountIdentitySettings,
    private readonly now: () => number,
  ) {}

  /** What to publish for `tagged`, the next event of the source. */
  admit(tagged: TaggedEvent<ScaleEvent>): Admitted {
    const { account, event } = tagged;
    if (event.type === 'stopped') {
      this.accounts.delete(account);
      return { tagged, marketId: undefined };
    }
    let identity = this.accounts.get(account);
    if (identity === undefined) this.accounts.set(account, (identity = new AccountIdentity(this.settings)));
    if (isMarketEvent(event)) {
      const hash = contentHash(account, event);
      const occurrence = identity.occurrence(event, hash, this.now());
      if (occurrence !== undefined) return { tagged, marketId: marketMessageId(event.type, hash, occurrence) };
      const gap: GapEvent = { type: 'gap', from: event.sendTime, to: event.sendTime, reason: 'ambiguous-copy' };
      return { tagged: { account, event: gap }, marketId: undefined };
    }
    if (event.type === 'connected') identity.restart(event.at);
    if (event.type === 'gap') {
      // A gap can be reported after events past its end arrived (a connection replaced by a
      // rollover was found stalled only when the overlap ended): their counts may miss what the
      // gap lost, so the gap covers them too.
      const latest = identity.latest;
      identity.restart(event.to);
      if (latest > event.to) return { tagged: { account, event: { ...event, to: latest } }, marketId: undefined };
    }
    return { tagged, marketId: undefined };
  }
}
