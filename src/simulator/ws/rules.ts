/**
 * The service's rules for websocket connections (docs/service.md, spec 3.1 and 8), as settings with the
 * real values as defaults, and the one pure function that says which rule ends a connection next.
 * Fast-clock tests relax the idle rules, whose seconds pass in a few real milliseconds.
 *
 * @module
 */

/** Limits the websocket side applies. Durations are clock ms. */
export interface WsRules {
  /** A connection without a valid subscription is closed after this. Default 30 s. */
  readonly unsubscribedTimeoutMs: number;
  /** A connection the client sends nothing on is closed after this. Default 60 s. */
  readonly idleTimeoutMs: number;
  /** Any connection is closed this long after it opened. Default 24 h. */
  readonly maxLifetimeMs: number;
  /** Open connections per listen key; one more is refused. Default 5. */
  readonly connectionsPerKey: number;
  /** Channels one connection may hold. Default 30. */
  readonly subscriptionsPerConnection: number;
  /** Client messages per second of clock time; more closes the connection. Default 100. */
  readonly messagesPerSecond: number;
}

/** The real service's values. */
export const DEFAULT_WS_RULES: WsRules = {
  unsubscribedTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  maxLifetimeMs: 24 * 3_600_000,
  connectionsPerKey: 5,
  subscriptionsPerConnection: 30,
  messagesPerSecond: 100,
};

/** Why the server ended a connection (or refused it). */
export type WsCloseReason =
  | 'invalid-listen-key'
  | 'too-many-connections'
  | 'no-subscription'
  | 'idle'
  | 'lifetime'
  | 'key-expired'
  | 'key-closed'
  | 'too-many-messages'
  | 'dropped'
  | 'client'
  | 'shutdown';

/** What the rules look at for one connection (clock times, epoch ms). */
export interface RuleState {
  readonly openedAt: number;
  readonly lastMessageAt: number;
  /** Since when the connection holds no subscription; `undefined` while it holds one. */
  readonly unsubscribedSince: number | undefined;
  /** When the connection's listen key expires; `undefined` when it is already invalid. */
  readonly keyExpiresAt: number | undefined;
}

/** A rule and the moment it ends the connection. */
export interface Deadline {
  readonly at: number;
  readonly reason: WsCloseReason;
}

/**
 * Which rule ends the connection first, and when (possibly already passed).
 *
 * @example
 * ```ts
 * nextDeadline({ openedAt: 0, lastMessageAt: 0, unsubscribedSince: 0, keyExpiresAt: 3_600_000 }, DEFAULT_WS_RULES);
 * // { at: 30000, reason: 'no-subscription' }
 * ```
 */
export function nextDeadline(state: RuleState, rules: WsRules): Deadline {
  if (state.keyExpiresAt === undefined) return { at: -Infinity, reason: 'key-expired' };
  const candidates: Deadline[] = [
    { at: state.keyExpiresAt, reason: 'key-expired' },
    { at: state.openedAt + rules.maxLifetimeMs, reason: 'lifetime' },
    { at: state.lastMessageAt + rules.idleTimeoutMs, reason: 'idle' },
  ];
  if (state.unsubscribedSince !== undefined) candidates.push({ at: state.unsubscribedSince + rules.unsubscribedTimeoutMs, reason: 'no-subscription' });
  return candidates.reduce((first, next) => (next.at < first.at ? next : first));
}

/**
 * The websocket close code and reason text the server sends for a reason.
 *
 * @example
 * ```ts
 * closeFrameOf('idle'); // { code: 1000, text: 'no message for too long' }
 * ```
 */
export function closeFrameOf(reason: WsCloseReason): { readonly code: number; readonly text: string } {
  switch (reason) {
    case 'invalid-listen-key':
      return { code: 1000, text: 'Invalid listen key' };
    case 'too-many-connections':
      return { code: 1008, text: 'too many connections for this listen key' };
    case 'no-subscription':
      return { code: 1000, text: 'no subscription' };
    case 'idle':
      return { code: 1000, text: 'no message for too long' };
    case 'lifetime':
      return { code: 1000, text: 'connection lifetime reached' };
    case 'key-expired':
      return { code: 1000, text: 'listen key expired' };
    case 'key-closed':
      return { code: 1000, text: 'listen key closed' };
    case 'too-many-messages':
      return { code: 1008, text: 'too many messages' };
    case 'dropped':
    case 'client':
      return { code: 1006, text: '' };
    case 'shutdown':
      return { code: 1001, text: 'server shutting down' };
  }
}
