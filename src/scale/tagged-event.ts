/**
 * The events of many accounts in one stream: each user data event tagged with the account it
 * belongs to, plus the one event a single stream cannot report about itself, that it stopped.
 *
 * @module
 */
import type { MarketEvent } from '../stream/events.js';
import type { StoppedEvent } from '../stream/lifecycle.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';

/** Why an account's stream stopped. */
export type AccountStopReason =
  /** The account left the input set; its stream was closed and its listen key DELETEd. */
  | 'removed'
  /** The account came again with another key provider; the old stream was closed, a new one starts. */
  | 'replaced'
  /** The stream failed by itself (a `StreamFatalError`: credentials refused), or could not be made. */
  | 'failed'
  /** The account's client was closed (`client.close()`): it DELETEd the key; the account stays stopped. */
  | 'client-closed'
  /** `close()` of {@link userDataStreams} stopped every account (their keys DELETEd); the stream completes after. */
  | 'closed';

/**
 * One account's stream stopped: the last event of that stream. The other accounts go on. An
 * account that `failed` stays stopped until the input gives it another provider, or drops it and
 * adds it again.
 */
export interface AccountStoppedEvent {
  readonly type: 'stopped';
  readonly reason: AccountStopReason;
  /** What ended the stream, for `failed` (a `StreamFatalError`, a `ValidationError`, ...); else `undefined`. */
  readonly error: unknown;
  /** Epoch ms (on the scheduler of {@link userDataStreams}). */
  readonly at: number;
}

/**
 * A user data event of one account in a stream of many: every kind but the stream's own `stopped`, which
 * becomes an {@link AccountStoppedEvent} there (reason `client-closed`).
 */
export type AccountUserDataEvent = Exclude<UserDataEvent, StoppedEvent>;

/** Everything one account's stream contributes: its user data events, then possibly `stopped`. */
export type ScaleEvent = AccountUserDataEvent | AccountStoppedEvent;

/** An event of one account in a stream of many. */
export interface TaggedEvent<E = ScaleEvent> {
  /** The account's id, as the key of the input map. */
  readonly account: string;
  readonly event: E;
}

/**
 * Whether an event is a user data event (anything but `stopped`).
 *
 * @example
 * ```ts
 * merged$.pipe(filter((t) => isUserDataEvent(t.event)));
 * ```
 */
export function isUserDataEvent(event: ScaleEvent): event is AccountUserDataEvent {
  return event.type !== 'stopped';
}

/**
 * Whether an event is a market event (`account`, `deal` or `order`).
 *
 * @example
 * ```ts
 * merged$.pipe(filter((t) => isMarketEvent(t.event)));
 * ```
 */
export function isMarketEvent(event: ScaleEvent): event is MarketEvent {
  return event.type === 'account' || event.type === 'deal' || event.type === 'order';
}
