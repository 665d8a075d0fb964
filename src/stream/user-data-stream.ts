/**
 * `userDataStream`: the hot, shared Observable of a user's events. One supervisor per stream owns
 * the listen key and the connections: it creates the key for the first subscriber, keeps it alive,
 * replaces it when needed, reconnects with backoff, rolls over before the 24-hour limit without
 * losing events, reports gaps, and DELETEs the key when the last subscriber leaves.
 *
 * @module
 */
import { asyncScheduler, Observable, share } from 'rxjs';
import { ValidationError, type ValidationIssue } from '../errors.js';
import { redactor } from '../redact.js';
import { refuseIssues } from '../settings/resolve.js';
import { PROTOBUF_CHANNELS, JSON_CHANNELS } from './channels.js';
import type { MarketEvent } from './events.js';
import type { LifecycleEvent } from './lifecycle.js';
import { isClient, toListenKeySource, type ListenKeyProvider } from './listen-key-source.js';
import { StreamFatalError } from './stream-fatal-error.js';
import { checkStreamOptions, LISTEN_KEY_PROVIDER, type ResolvedStreamOptions, type UserDataStreamOptions } from './stream-settings.js';
import { StreamSupervisor, type StreamSettings } from './supervisor/shell.js';

export { StreamFatalError };
export type { UserDataStreamOptions };

/** Everything a user data stream emits: market events and lifecycle events, in order. */
export type UserDataEvent = MarketEvent | LifecycleEvent;

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
  const providerOk = LISTEN_KEY_PROVIDER.accepts(provider);
  const issues: ValidationIssue[] = providerOk ? [] : [{ field: '(provider)', rule: LISTEN_KEY_PROVIDER.words }];
  const resolved = checkStreamOptions(options, issues);
  const client = providerOk && isClient(provider) ? provider : undefined;
  refuseIssues(issues);
  const wsUrl = resolved.wsUrl ?? client?.wsUrl;
  if (wsUrl === undefined) throw new ValidationError({ operation: 'config', issues: [{ field: 'wsUrl', rule: 'required when the key source is not a client' }] });
  const settings: StreamSettings = {
    wsUrl,
    channels: channelsFor(resolved),
    keepAliveIntervalMs: resolved.keepAliveIntervalMs,
    rolloverAfterMs: resolved.rolloverAfterMs,
    rolloverOverlapMs: resolved.rolloverOverlapMs,
    pingIntervalMs: resolved.pingIntervalMs,
    pingTimeoutMs: resolved.pingTimeoutMs,
    connectTimeoutMs: resolved.connectTimeoutMs,
    backoff: resolved.backoff,
    onMalformedFrame: resolved.onMalformedFrame,
    scheduler: resolved.scheduler ?? client?.scheduler ?? asyncScheduler,
    webSocketFactory: resolved.webSocketFactory,
    random: resolved.random,
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

function channelsFor(options: ResolvedStreamOptions): readonly string[] {
  const names = options.format === 'json' ? JSON_CHANNELS : PROTOBUF_CHANNELS;
  return options.kinds.map((kind) => names[kind]);
}
