/**
 * `userDataStream`: the hot, shared Observable of a user's events. One supervisor per stream owns
 * the listen key and the connections: it creates the key for the first subscriber, keeps it alive,
 * replaces it when needed, reconnects with backoff, rolls over before the 24-hour limit without
 * losing events, reports gaps, and DELETEs the key when the last subscriber leaves.
 *
 * @module
 */
import { asyncScheduler, Observable, share, type SchedulerLike } from 'rxjs';
import { ValidationError } from '../errors.js';
import { redactor } from '../redact.js';
import { resolveBackoff, type BackoffOptions } from './backoff.js';
import { PROTOBUF_CHANNELS, JSON_CHANNELS } from './channels.js';
import type { MarketEvent } from './events.js';
import type { LifecycleEvent } from './lifecycle.js';
import { isClient, toListenKeySource, type ListenKeyProvider } from './listen-key-source.js';
import { defaultWebSocketFactory, type WebSocketFactory } from './socket.js';
import { StreamFatalError } from './stream-fatal-error.js';
import { StreamSupervisor, type StreamSettings } from './supervisor/shell.js';

export { StreamFatalError };

/** Everything a user data stream emits: market events and lifecycle events, in order. */
export type UserDataEvent = MarketEvent | LifecycleEvent;

/** Settings of {@link userDataStream}. */
export interface UserDataStreamOptions {
  /** Websocket base URL. Default: the client's `wsUrl` (required when the key source is not a client). */
  readonly wsUrl?: string;
  /** Frame format to subscribe to: binary protobuf (`.pb` channels, the service's current form) or JSON. Default `protobuf`. */
  readonly format?: 'protobuf' | 'json';
  /** Which kinds of events to subscribe to. Default all three. */
  readonly kinds?: readonly ('account' | 'deals' | 'orders')[];
  /** Keepalive (L3) period, ms. Default 30 minutes (keys live 60). */
  readonly keepAliveIntervalMs?: number;
  /** Open a fresh connection after this long on one connection, ms. Default 23 h (the service cuts at 24 h). */
  readonly rolloverAfterMs?: number;
  /** How long the old connection stays open after the new one is subscribed, ms. Default 2000. */
  readonly rolloverOverlapMs?: number;
  /** PING period, ms. Default 20000 (the service drops a connection silent for 60 s). */
  readonly pingIntervalMs?: number;
  /** A connection whose PING gets no PONG within this is dead, ms. Default 10000. */
  readonly pingTimeoutMs?: number;
  /** Opening and subscribing must finish within this, ms. Default 15000. */
  readonly connectTimeoutMs?: number;
  /** Reconnect backoff. Defaults: 500 ms doubling to 30 s, reset after 60 s connected. */
  readonly backoff?: BackoffOptions;
  /** What a malformed or unknown frame does: a `diagnostic` event (default), or an error that ends the stream. */
  readonly onMalformedFrame?: 'report' | 'error';
  /** Scheduler for every timer. Default: the client's, else rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /** Opens websockets. Default: isomorphic-ws. */
  readonly webSocketFactory?: WebSocketFactory;
  /** Randomness for backoff jitter, in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
}

/**
 * Opens the user data stream: a hot Observable shared by all its subscribers. The first subscriber
 * starts it (creates a listen key, connects, subscribes); the last one to leave stops it (closes
 * the sockets and DELETEs the key). Market events (`account`, `deal`, `order`) and lifecycle events
 * (`connected`, `reconnecting`, `gap`, `rolled-over`, `key-replaced`, `diagnostic`) come in order.
 * The stream errors only when it cannot go on by itself (credentials refused), with a
 * {@link StreamFatalError}.
 *
 * @example
 * ```ts
 * const events$ = userDataStream(createClient({ apiKey, secretKey }));
 * events$.pipe(filter((e) => e.type === 'order')).subscribe((order) => console.log(order.status));
 * events$.pipe(filter((e) => e.type === 'gap')).subscribe(() => resyncFromRest());
 * ```
 */
export function userDataStream(provider: ListenKeyProvider, options: UserDataStreamOptions = {}): Observable<UserDataEvent> {
  const client = isClient(provider) ? provider : undefined;
  const wsUrl = options.wsUrl ?? client?.wsUrl;
  if (wsUrl === undefined) {
    throw new ValidationError({ operation: 'config', issues: [{ field: 'wsUrl', rule: 'required when the key source is not a client' }] });
  }
  const settings: StreamSettings = {
    wsUrl,
    channels: channelsFor(options),
    keepAliveIntervalMs: options.keepAliveIntervalMs ?? 30 * 60_000,
    rolloverAfterMs: options.rolloverAfterMs ?? 23 * 3_600_000,
    rolloverOverlapMs: options.rolloverOverlapMs ?? 2000,
    pingIntervalMs: options.pingIntervalMs ?? 20_000,
    pingTimeoutMs: options.pingTimeoutMs ?? 10_000,
    connectTimeoutMs: options.connectTimeoutMs ?? 15_000,
    backoff: resolveBackoff(options.backoff),
    onMalformedFrame: options.onMalformedFrame ?? 'report',
    scheduler: options.scheduler ?? client?.scheduler ?? asyncScheduler,
    webSocketFactory: options.webSocketFactory ?? defaultWebSocketFactory,
    random: options.random ?? Math.random,
    redact: client?.redact ?? redactor([]),
  };
  return new Observable<UserDataEvent>((subscriber) => {
    const supervisor = new StreamSupervisor(toListenKeySource(provider), settings, {
      next: (event) => subscriber.next(event),
      error: (error) => subscriber.error(error),
    });
    supervisor.start();
    return () => supervisor.stop();
  }).pipe(share({ resetOnError: true, resetOnComplete: true, resetOnRefCountZero: true }));
}

function channelsFor(options: UserDataStreamOptions): readonly string[] {
  const names = options.format === 'json' ? JSON_CHANNELS : PROTOBUF_CHANNELS;
  const kinds = options.kinds ?? ['account', 'deals', 'orders'];
  return kinds.map((kind) => names[kind]);
}
