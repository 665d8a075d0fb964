/**
 * `userDataStream`: the hot, shared Observable of a user's events. One supervisor per stream owns
 * the listen key and the connections: it creates the key for the first subscriber, keeps it alive,
 * replaces it when needed, reconnects with backoff, rolls over before the 24-hour limit without
 * losing events, reports gaps, and DELETEs the key when the last subscriber leaves.
 *
 * @module
 */
import { Observable, share } from 'rxjs';
import { lifeOf } from '../client/client-life.js';
import { ClientClosedError, ValidationError, type ValidationIssue } from '../errors.js';
import { metricsOf } from '../metrics/slot.js';
import { streamRunRecorder } from '../metrics/stream-metrics.js';
import { redactor } from '../redact.js';
import { clientRecorder, RECORDER_HOOKS } from '../recording-hooks.js';
import { refuseIssues } from '../settings/resolve.js';
import { PROTOBUF_CHANNELS, JSON_CHANNELS } from './channels.js';
import { isClient, toListenKeySource, type ListenKeyProvider } from './listen-key-source.js';
import type { StreamHealth } from './health.js';
import { HealthTap, type StreamHealthOptions } from './health-tap.js';
import type { KeyCallSource } from './recorded-key-source.js';
import { StreamFatalError } from './stream-fatal-error.js';
import { checkStreamOptions, LISTEN_KEY_PROVIDER, STREAM_DEFAULTS, type ResolvedStreamOptions, type UserDataStreamOptions } from './stream-settings.js';
import { StreamSupervisor, type StopReport, type StreamSettings } from './supervisor/shell.js';
import type { UserDataEvent } from './vocabulary.js';

export type { StopReport, UserDataEvent };

export { StreamFatalError };
export type { UserDataStreamOptions };

/** The hot Observable of {@link userDataStream}, with its health. */
export type UserDataStream = Observable<UserDataEvent> & UserDataStreamHealth;

/** The health of a {@link userDataStream}. */
export interface UserDataStreamHealth {
  /**
   * The stream's health as it changes: its status (the words of `streamStatus`), since when, when
   * its last market event arrived, and its last PING's round trip. The current health comes at
   * once (synchronously); then a status change at once and other changes within `refreshMs`.
   * Watching starts nothing: while nobody subscribes to the stream it is `stopped`. Never
   * completes; unsubscribe to stop watching. Its settings are checked when it is called.
   *
   * @example
   * ```ts
   * const events$ = userDataStream(client);
   * events$.health().subscribe(({ status, pongRoundTripMs }) => console.log(status, pongRoundTripMs));
   * events$.subscribe(handle);
   * ```
   */
  health(options?: StreamHealthOptions): Observable<StreamHealth>;
}

/** Told of what a run of a stream measures, besides its events. */
export interface StreamWatchers {
  /** Told of each run of the stream (to await its key DELETEs). */
  readonly run?: RunWatcher | undefined;
  /** Told of each PING answered, with its round trip, ms. */
  readonly pong?: ((roundTripMs: number) => void) | undefined;
}

/**
 * Opens the user data stream: a hot Observable shared by all its subscribers. The first subscriber
 * starts it (creates a listen key, connects, subscribes); the last one to leave stops it (closes
 * the sockets and DELETEs the key). Market events (`account`, `deal`, `order`) and lifecycle events
 * (`connected`, `reconnecting`, `gap`, `rolled-over`, `key-replaced`, `diagnostic`) come in order.
 * The stream errors only when it cannot go on by itself (credentials refused), with a
 * {@link StreamFatalError}. A stream of a client (`userDataStream(client)`) belongs to it:
 * `client.close()` stops it (a last `stopped` event, then completion) and DELETEs its keys; a
 * subscription after the close fails at once with `ClientClosedError`. (A stream made from a key
 * source object or function is nobody's: its last subscriber leaving stops it.)
 *
 * @example
 * ```ts
 * const events$ = userDataStream(createClient({ apiKey, secretKey }));
 * events$.pipe(filter((e) => e.type === 'order')).subscribe((order) => console.log(order.status));
 * events$.pipe(filter((e) => e.type === 'gap')).subscribe(() => resyncFromRest());
 * ```
 */
export function userDataStream(provider: ListenKeyProvider, options: UserDataStreamOptions = {}): UserDataStream {
  return watchedUserDataStream(provider, options, {});
}

/** One run of a stream (a first subscriber starts one), as whoever stops it from outside sees it. */
export interface StreamRun {
  /** Resolves once the run has stopped and every key DELETE it started has ended. */
  readonly finished: Promise<StopReport>;
  /** What its keys came to so far, what is still under way counted as lost. */
  snapshot(): StopReport;
}

/** Told of each run of a stream. */
export type RunWatcher = (run: StreamRun) => void;

/**
 * {@link userDataStream}, telling `watchRun` of each run it starts, so that whoever stops it can
 * await its key DELETEs (`userDataStreams`' close).
 *
 * @example
 * ```ts
 * const events$ = watchedUserDataStream(client, {}, { run: (run) => runs.add(run), pong: (ms) => console.log(ms) });
 * ```
 */
export function watchedUserDataStream(provider: ListenKeyProvider, options: UserDataStreamOptions, watchers: StreamWatchers): UserDataStream {
  const providerOk = LISTEN_KEY_PROVIDER.accepts(provider);
  const issues: ValidationIssue[] = providerOk ? [] : [{ field: '(provider)', rule: LISTEN_KEY_PROVIDER.words }];
  const resolved = checkStreamOptions(options, issues);
  const client = providerOk && isClient(provider) ? provider : undefined;
  refuseIssues(issues);
  const wsUrl = resolved.wsUrl ?? client?.wsUrl;
  const recorder = resolved.recorder?.[RECORDER_HOOKS] ?? (client === undefined ? undefined : clientRecorder(client));
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
    scheduler: resolved.scheduler ?? client?.scheduler ?? STREAM_DEFAULTS.scheduler,
    webSocketFactory: resolved.webSocketFactory,
    random: resolved.random,
    redact: client?.redact ?? redactor([]),
    recorder,
  };
  const keys = (): KeyCallSource => {
    const source = toListenKeySource(provider);
    return recorder === undefined ? source : recorder.wrappers.keySource(source, recorder, client !== undefined, () => settings.scheduler.now());
  };
  const life = client === undefined ? undefined : lifeOf(client);
  const tap = new HealthTap(settings.scheduler);
  const metrics = client === undefined ? undefined : metricsOf(client);
  const events$ = new Observable<UserDataEvent>((subscriber) => {
    if (life?.isClosed() === true) return subscriber.error(new ClientClosedError({ operation: 'stream' }));
    // Counted where the events reach the subscribers: the metrics agree with what they received.
    const metricsRun = metrics === undefined ? undefined : streamRunRecorder(metrics);
    tap.feed({ type: 'start', at: tap.now() });
    const end = (): void => {
      tap.feed({ type: 'end', at: tap.now() });
      metricsRun?.ended();
    };
    const supervisor = new StreamSupervisor(keys(), settings, {
      next: (event) => {
        tap.feed({ type: 'event', event, at: tap.now() });
        metricsRun?.delivered(event);
        subscriber.next(event);
      },
      error: (error) => {
        end();
        subscriber.error(error);
      },
      complete: () => {
        end();
        subscriber.complete();
      },
      pong: (roundTripMs) => {
        tap.feed({ type: 'pong', roundTripMs, at: tap.now() });
        watchers.pong?.(roundTripMs);
      },
    });
    // The client's close stops it; it stays registered until its DELETEs have ended.
    const forget = life?.addStream(supervisor);
    if (forget !== undefined) void supervisor.finished.then(forget);
    watchers.run?.(supervisor);
    supervisor.start();
    return () => {
      end();
      void supervisor.stop();
    };
  }).pipe(share({ resetOnError: true, resetOnComplete: true, resetOnRefCountZero: true }));
  return Object.assign(events$, { health: (healthOptions?: StreamHealthOptions) => tap.watch(healthOptions) });
}

function channelsFor(options: ResolvedStreamOptions): readonly string[] {
  const names = options.format === 'json' ? JSON_CHANNELS : PROTOBUF_CHANNELS;
  return options.kinds.map((kind) => names[kind]);
}
