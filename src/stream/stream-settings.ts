/**
 * The settings of a user data stream: each one's rule, from what the service does
 * (docs/service.md), and its default. Checked when the stream is made (`userDataStream`), and by
 * `userDataStreams` for every account's stream when it is made.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { plainOnlyToLoopback, serviceUrl } from '../client/url-settings.js';
import { KEY_LIFE_MS } from '../endpoints/listen-key.js';
import { RECORDER, type Recording } from '../recording-hooks.js';
import type { ValidationIssue } from '../errors.js';
import { checkSettings, type DefaultsOf, group, optional, type Resolved, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, BOOLEAN, duration, listOf, oneOf, SCHEDULER, type Rule } from '../settings/rules.js';
import { BACKOFF_SETTINGS, type BackoffOptions } from './backoff.js';
import type { PrivateChannelKind } from './channels.js';
import { isClient, type ListenKeyProvider } from './listen-key-source.js';
import { assertRuntimeWebSocket, defaultWebSocketFactory, type WebSocketFactory } from './socket.js';

/** Settings of {@link userDataStream}. */
export interface UserDataStreamOptions {
  /** Websocket base URL. Default: the client's `wsUrl` (required when the key source is not a client). */
  readonly wsUrl?: string | undefined;
  /** Allow a plain `ws://` `wsUrl` to a host other than loopback (the listen key would travel in clear). Default `false`. */
  readonly allowInsecureHttp?: boolean | undefined;
  /** Frame format to subscribe to: binary protobuf (`.pb` channels, the service's current form) or JSON. Default `protobuf`. */
  readonly format?: 'protobuf' | 'json' | undefined;
  /** Which kinds of events to subscribe to: at least one, none twice. Default all three. */
  readonly kinds?: readonly PrivateChannelKind[] | undefined;
  /** Keepalive (L3) period, ms: from 1000, below 3600000 (keys live 60 minutes). Default 30 minutes. */
  readonly keepAliveIntervalMs?: number | undefined;
  /** Open a fresh connection after this long on one connection, ms: from 1 minute to 24 h (the service cuts then). Default 23 h. */
  readonly rolloverAfterMs?: number | undefined;
  /** How long the old connection stays open after the new one is subscribed, ms: shorter than `rolloverAfterMs`. Default 2000. */
  readonly rolloverOverlapMs?: number | undefined;
  /** PING period, ms, from 100 (the service allows 100 messages a second; it drops a connection silent for 60 s). Default 20000. */
  readonly pingIntervalMs?: number | undefined;
  /** A connection whose PING gets no PONG within this is dead, ms, from 100. Default 10000. */
  readonly pingTimeoutMs?: number | undefined;
  /** Opening and subscribing must finish within this, ms, from 100. Default 15000. */
  readonly connectTimeoutMs?: number | undefined;
  /** Reconnect backoff (doubling, with jitter); each of its settings says its default ({@link BackoffOptions}). */
  readonly backoff?: BackoffOptions | undefined;
  /** What a malformed or unknown frame does: `'report'`, a `diagnostic` event, or `'error'`, an error that ends the stream. Default `'report'`. */
  readonly onMalformedFrame?: 'report' | 'error' | undefined;
  /** Scheduler for every timer. Default: the client's, else rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
  /** Opens websockets. Default: the runtime's own `WebSocket`; `ws` (through isomorphic-ws) on a Node without one. */
  readonly webSocketFactory?: WebSocketFactory | undefined;
  /** Randomness for backoff jitter, in [0, 1). Default `Math.random`. */
  readonly random?: (() => number) | undefined;
  /**
   * A recorder (`createRecorder`) that records this stream: its frames as received, its lifecycle
   * events, its key calls (docs/recordings.md). Default: the client's `recorder`, when the stream
   * is a client's; else none.
   */
  readonly recorder?: Recording | undefined;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The service closes every connection after 24 hours. */
const CONNECTION_LIFE_MS = 24 * HOUR;
/** At most 10 PINGs a second: a tenth of the 100 messages a second the service allows a connection. */
const SHORTEST_PING_INTERVAL_MS = 100;
/** At most one keepalive a second per stream: 10 of the 500 L3 calls an IP may make per 10 s. */
const SHORTEST_KEEPALIVE_INTERVAL_MS = 1000;
/**
 * At most one rollover a minute per stream. Each opens one more connection on the key (the
 * service allows 5 per key) and subscribes again, and it exists only to come before the service's
 * 24-hour cut: a rollover every millisecond opened hundreds of connections a second.
 */
const SHORTEST_ROLLOVER_MS = MINUTE;
/**
 * The shortest PING and connect timeouts: a tenth of a second. Below a network's round trip every
 * healthy connection would count as dead, and each would be replaced as soon as it opened.
 */
const SHORTEST_TIMEOUT_MS = 100;

/** The kinds of events a stream can subscribe to. */
export const STREAM_KINDS: readonly PrivateChannelKind[] = ['account', 'deals', 'orders'];

/**
 * The defaults of {@link UserDataStreamOptions}, each written here only: `STREAM_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const STREAM_DEFAULTS = {
  allowInsecureHttp: false,
  // Filled in when the stream starts: the client's scheduler when the key source is a client, else this.
  scheduler: asyncScheduler,
  format: 'protobuf',
  kinds: STREAM_KINDS,
  keepAliveIntervalMs: 30 * MINUTE,
  rolloverAfterMs: 23 * HOUR,
  rolloverOverlapMs: 2000,
  pingIntervalMs: 20_000,
  pingTimeoutMs: 10_000,
  connectTimeoutMs: 15_000,
  onMalformedFrame: 'report',
  webSocketFactory: defaultWebSocketFactory,
  random: Math.random,
} as const satisfies DefaultsOf<UserDataStreamOptions>;

/** The stream's settings: each rule and default. */
export const STREAM_SETTINGS = settingsFor<UserDataStreamOptions>()(
  {
    wsUrl: optional(serviceUrl(['wss:', 'ws:'])),
    allowInsecureHttp: setting(BOOLEAN, STREAM_DEFAULTS.allowInsecureHttp),
    format: setting(oneOf(['protobuf', 'json'] as const), STREAM_DEFAULTS.format),
    kinds: setting(listOf(STREAM_KINDS), STREAM_DEFAULTS.kinds),
    keepAliveIntervalMs: setting(duration({ min: SHORTEST_KEEPALIVE_INTERVAL_MS, below: KEY_LIFE_MS }), STREAM_DEFAULTS.keepAliveIntervalMs),
    rolloverAfterMs: setting(duration({ min: SHORTEST_ROLLOVER_MS, max: CONNECTION_LIFE_MS }), STREAM_DEFAULTS.rolloverAfterMs),
    rolloverOverlapMs: setting(duration({ min: 0 }), STREAM_DEFAULTS.rolloverOverlapMs),
    pingIntervalMs: setting(duration({ min: SHORTEST_PING_INTERVAL_MS }), STREAM_DEFAULTS.pingIntervalMs),
    pingTimeoutMs: setting(duration({ min: SHORTEST_TIMEOUT_MS }), STREAM_DEFAULTS.pingTimeoutMs),
    connectTimeoutMs: setting(duration({ min: SHORTEST_TIMEOUT_MS }), STREAM_DEFAULTS.connectTimeoutMs),
    backoff: group(BACKOFF_SETTINGS),
    onMalformedFrame: setting(oneOf(['report', 'error'] as const), STREAM_DEFAULTS.onMalformedFrame),
    scheduler: optional(SCHEDULER),
    webSocketFactory: setting(aFunction<WebSocketFactory>(), STREAM_DEFAULTS.webSocketFactory),
    random: setting(aFunction<() => number>(), STREAM_DEFAULTS.random),
    recorder: optional(RECORDER),
  },
  [
    // Two connections on a key at most, from rollovers (the service allows 5 per key).
    { field: 'rolloverOverlapMs', words: 'shorter than rolloverAfterMs', holds: (s) => s.rolloverOverlapMs < s.rolloverAfterMs },
    plainOnlyToLoopback('wsUrl', ['wss:', 'ws:']),
  ],
);

/** The stream's settings with their defaults. */
export type ResolvedStreamOptions = Resolved<typeof STREAM_SETTINGS.fields>;

/** What may be given as a stream's listen-key provider. */
export const LISTEN_KEY_PROVIDER: Rule<ListenKeyProvider> = {
  words: 'a client from createClient, a key source ({ create }) or a function returning a key',
  accepts: (value): value is ListenKeyProvider =>
    typeof value === 'function' ||
    (typeof value === 'object' && value !== null && (isClient(value as ListenKeyProvider) || typeof (value as { create?: unknown }).create === 'function')),
};

/**
 * Checks a stream's settings, adding an issue per broken rule to `issues`, and returns them with
 * their defaults.
 *
 * @throws `UnsupportedRuntimeError` when no `webSocketFactory` is given and the runtime has no
 * socket to open.
 *
 * @example
 * ```ts
 * const issues: ValidationIssue[] = [];
 * const settings = checkStreamOptions({ pingIntervalMs: 0 }, issues); // issues: pingIntervalMs
 * ```
 */
export function checkStreamOptions(options: unknown, issues: ValidationIssue[]): ResolvedStreamOptions {
  const settings = checkSettings(STREAM_SETTINGS, options, issues);
  if (settings.webSocketFactory === defaultWebSocketFactory) assertRuntimeWebSocket();
  return settings;
}

