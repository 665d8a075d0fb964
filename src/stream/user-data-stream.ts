/**
 * `userDataStream`: the hot, shared Observable of a user's events. One supervisor per stream owns
 * the listen key and the connections: it creates the key for the first subscriber, keeps it alive,
 * replaces it when needed, reconnects with backoff, rolls over before the 24-hour limit without
 * losing events, reports gaps, and DELETEs the key when the last subscriber leaves.
 *
 * @module
 */
import { asyncScheduler, Observable, share, Subscription, type SchedulerLike } from 'rxjs';
import type { Client } from '../client/types.js';
import { ApiError, ValidationError } from '../errors.js';
import { redactor, type Redactor } from '../redact.js';
import { backoffDelay, resolveBackoff, type BackoffOptions } from './backoff.js';
import { PROTOBUF_CHANNELS, JSON_CHANNELS } from './channels.js';
import { openConnection, type Connection } from './connection.js';
import { OverlapDeduplicator } from './dedup.js';
import type { MarketEvent } from './events.js';
import { maskListenKey, type ConnectionEndReason, type DiagnosticCode, type LifecycleEvent } from './lifecycle.js';
import { toListenKeySource, type ListenKeyProvider } from './listen-key-source.js';
import { defaultWebSocketFactory, type WebSocketFactory } from './socket.js';

/** Everything a user data stream emits: market events and lifecycle events, in order. */
export type UserDataEvent = MarketEvent | LifecycleEvent;

/** Thrown into the stream when it cannot go on without the user (credentials refused). */
export class StreamFatalError extends Error {
  override readonly name = 'StreamFatalError' as const;
  constructor(message: string, options: { cause: Error }) {
    super(message, options);
  }
}

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

/** Listen keys a supervisor remembers to mask in its diagnostics (the current, pending and recent ones). */
const KEYS_REMEMBERED = 8;
/** Longest diagnostic message, characters (the text may quote the service, and a frame may be huge). */
const DIAGNOSTIC_MAX = 1000;

/**
 * Makes a diagnostic message safe to show: secrets redacted, every listen key in `keys` and any
 * `listenKey=` query value masked ({@link maskListenKey}), and cut to {@link DIAGNOSTIC_MAX}.
 */
function safeDiagnostic(message: string, redact: Redactor, keys: Iterable<string>): string {
  let out = redact(message);
  for (const key of keys) if (key !== '') out = out.split(key).join(maskListenKey(key));
  out = out.replace(/(listenKey=)([^&\s"'#]+)/gi, (_match, name: string, value: string) => `${name}${value.includes('…') ? value : maskListenKey(value)}`);
  return out.length <= DIAGNOSTIC_MAX ? out : `${out.slice(0, DIAGNOSTIC_MAX)}…`;
}

/** Service codes that mean the credentials themselves are refused: retrying cannot help. */
const FATAL_CODES = new Set<number | string>([400, 401, 602, 700001, 700002, 700006, 700007, 10072]);

function isFatal(error: unknown): boolean {
  if (error instanceof ValidationError) return true;
  return error instanceof ApiError && (FATAL_CODES.has(error.code) || error.status === 401 || error.status === 403);
}

function isClient(provider: ListenKeyProvider): provider is Client {
  return typeof provider === 'object' && 'call' in provider && typeof provider.call === 'function';
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

interface StreamSettings {
  readonly wsUrl: string;
  readonly channels: readonly string[];
  readonly keepAliveIntervalMs: number;
  readonly rolloverAfterMs: number;
  readonly rolloverOverlapMs: number;
  readonly pingIntervalMs: number;
  readonly pingTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly backoff: ReturnType<typeof resolveBackoff>;
  readonly onMalformedFrame: 'report' | 'error';
  readonly scheduler: SchedulerLike;
  readonly webSocketFactory: WebSocketFactory;
  readonly random: () => number;
  readonly redact: Redactor;
}

interface Sink {
  next(event: UserDataEvent): void;
  error(error: unknown): void;
}

type KeySource = ReturnType<typeof toListenKeySource>;

/** Why the supervisor is opening a connection. */
type ConnectPurpose = 'start' | 'recover' | 'rollover' | 'replace-key';

/**
 * The state machine behind one running stream. All timers go through the scheduler; every
 * callback checks `stopped` and that it still concerns the current connection, so late callbacks
 * from an old connection or an old key change nothing.
 */
class StreamSupervisor {
  private stopped = false;
  private key: string | undefined;
  private active: Connection | undefined;
  private pending: Connection | undefined;
  /**
   * Connections replaced by a rollover or key replacement, still open for the overlap, each with
   * the moment its successor was subscribed: the replaced one must prove it delivered up to then.
   */
  private readonly retiring = new Map<Connection, number>();
  private connections = 0;
  private attempt = 0;
  /** Set while events may be missing: the last moment the stream was known complete, and why it broke. */
  private broken: { from: number; reason: ConnectionEndReason } | undefined;
  private readonly dedup = new OverlapDeduplicator();
  /** Keys this stream has held, newest last, to mask in diagnostics. */
  private readonly knownKeys: string[] = [];
  private readonly timers = new Set<Subscription>();
  private readonly requests = new Set<Subscription>();
  private rolloverTimer: Subscription | undefined;
  private stableTimer: Subscription | undefined;
  private keepAliveTimer: Subscription | undefined;

  constructor(
    private readonly keys: KeySource,
    private readonly settings: StreamSettings,
    private readonly sink: Sink,
  ) {}

  start(): void {
    this.acquireKey('start');
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) timer.unsubscribe();
    for (const request of this.requests) request.unsubscribe();
    this.timers.clear();
    this.requests.clear();
    this.pending?.close();
    this.active?.close();
    for (const connection of this.retiring.keys()) connection.close();
    this.retiring.clear();
    this.pending = undefined;
    this.active = undefined;
    const key = this.key;
    this.key = undefined;
    // Closing the key outlives the stream on purpose: it must reach the service after the last
    // subscriber has gone. Failures are ignored: the key expires by itself within 60 minutes.
    if (key !== undefined && this.keys.close) this.keys.close(key).subscribe({ error: () => undefined });
  }

  private now(): number {
    return this.settings.scheduler.now();
  }

  private emit(event: UserDataEvent): void {
    if (!this.stopped) this.sink.next(event);
  }

  private diagnostic(code: DiagnosticCode, message: string): void {
    this.emit({ type: 'diagnostic', code, message: safeDiagnostic(message, this.settings.redact, this.knownKeys), at: this.now() });
  }

  private rememberKey(key: string): void {
    if (this.knownKeys.includes(key)) return;
    this.knownKeys.push(key);
    if (this.knownKeys.length > KEYS_REMEMBERED) this.knownKeys.shift();
  }

  private fail(error: Error): void {
    if (this.stopped) return;
    const sink = this.sink;
    this.stop();
    sink.error(error);
  }

  private schedule(delayMs: number, work: () => void): Subscription {
    // A subscriber reacting to an event may have stopped the stream while it was being emitted:
    // nothing may be scheduled after that, or the timers would outlive it.
    if (this.stopped) return Subscription.EMPTY;
    const timer = this.settings.scheduler.schedule(() => {
      this.timers.delete(timer);
      if (!this.stopped) work();
    }, delayMs);
    this.timers.add(timer);
    return timer;
  }

  private cancel(timer: Subscription | undefined): void {
    if (timer === undefined) return;
    timer.unsubscribe();
    this.timers.delete(timer);
  }

  /** Subscribes to a REST call (or key source call), cancelled if the stream stops first. */
  private request<T>(source: Observable<T>, handlers: { next?: (value: T) => void; error: (error: unknown) => void; complete?: () => void }): void {
    let settled = false;
    const subscription: Subscription = source.subscribe({
      next: (value) => {
        if (!this.stopped) handlers.next?.(value);
      },
      error: (error: unknown) => {
        settled = true;
        if (!this.stopped) handlers.error(error);
      },
      complete: () => {
        settled = true;
        if (!this.stopped) handlers.complete?.();
      },
    });
    if (settled) return;
    this.requests.add(subscription);
    subscription.add(() => this.requests.delete(subscription));
  }

  /** Gets a fresh key, then connects with it. */
  private acquireKey(purpose: ConnectPurpose): void {
    let received: string | undefined;
    this.request(this.keys.create(), {
      next: (key) => {
        received ??= key;
      },
      error: (error) => {
        if (isFatal(error)) {
          this.fail(new StreamFatalError('the listen key source refused the credentials', { cause: error as Error }));
          return;
        }
        this.diagnostic('key-create-failed', `creating a listen key failed: ${(error as Error).message ?? String(error)}`);
        if (purpose === 'replace-key') this.scheduleKeepAlive();
        else this.retryLater('key-unavailable');
      },
      complete: () => {
        if (received === undefined || received === '') {
          this.diagnostic('key-create-failed', 'the listen key source completed without a key');
          this.retryLater('key-unavailable');
          return;
        }
        this.rememberKey(received);
        this.useKey(received, purpose);
      },
    });
  }

  private useKey(key: string, purpose: ConnectPurpose): void {
    const previous = this.key;
    if (purpose === 'replace-key') {
      // Keep the old key until the new connection is subscribed (overlap, no loss).
      this.connect(key, purpose, previous);
      return;
    }
    if (previous !== undefined && previous !== key && this.keys.close) {
      this.request(this.keys.close(previous), { error: () => undefined });
    }
    this.key = key;
    this.scheduleKeepAlive();
    this.connect(key, purpose, undefined);
  }

  private connect(key: string, purpose: ConnectPurpose, oldKey: string | undefined): void {
    const number = ++this.connections;
    const connection = openConnection({
      url: `${this.settings.wsUrl}?listenKey=${encodeURIComponent(key)}`,
      channels: this.settings.channels,
      socketFactory: this.settings.webSocketFactory,
      scheduler: this.settings.scheduler,
      pingIntervalMs: this.settings.pingIntervalMs,
      pingTimeoutMs: this.settings.pingTimeoutMs,
      connectTimeoutMs: this.settings.connectTimeoutMs,
      handlers: {
        ready: () => this.onReady(connection, number, key, purpose, oldKey),
        event: (event) => this.onEvent(connection, number, event),
        problem: (code, message) => this.onProblem(code, message),
        ended: (reason) => this.onEnded(connection, reason, key),
      },
    });
    if (purpose === 'rollover' || purpose === 'replace-key') {
      if (this.pending !== undefined) {
        // A key replacement overtakes a rollover still connecting: that overlap ends unused.
        this.pending.close();
        this.dedup.end(0, this.now());
      }
      this.pending = connection;
      this.dedup.begin(this.now());
    } else {
      this.active = connection;
    }
  }

  private onReady(connection: Connection, number: number, key: string, purpose: ConnectPurpose, oldKey: string | undefined): void {
    const at = this.now();
    if (purpose === 'rollover' || purpose === 'replace-key') {
      if (this.pending !== connection) return;
      const old = this.active;
      this.active = connection;
      this.pending = undefined;
      this.dedup.subscribed(number);
      // The old connection stays open (and its events count) until the overlap ends. It must still
      // prove it delivered everything sent before this one was subscribed (it may have stalled
      // silently): a PING now, whose PONG does.
      if (old) {
        this.retiring.set(old, at);
        old.probe();
      }
      if (this.broken) {
        // The old connection died while this one was opening.
        this.emit({ type: 'gap', from: this.broken.from, to: at, reason: this.broken.reason });
        this.broken = undefined;
      }
      if (purpose === 'replace-key') {
        this.key = key;
        this.emit({ type: 'key-replaced', listenKey: maskListenKey(key), reason: 'keepalive-failed', at });
        this.scheduleKeepAlive();
      } else {
        this.emit({ type: 'rolled-over', connection: number, at });
      }
      this.schedule(this.settings.rolloverOverlapMs, () => {
        const successorAt = old === undefined ? undefined : this.retiring.get(old);
        if (old !== undefined && successorAt !== undefined) {
          this.retiring.delete(old);
          old.close();
          this.checkRetired(old, successorAt);
        }
        this.dedup.end(this.settings.rolloverOverlapMs, this.now());
        if (oldKey !== undefined && oldKey !== key && this.keys.close) this.request(this.keys.close(oldKey), { error: () => undefined });
      });
    } else {
      if (this.active !== connection) return;
      // Still within an overlap's tail (a reconnect right after a rollover): it delivers only what
      // is pushed from now on.
      this.dedup.subscribed(number);
      if (this.broken) {
        this.emit({ type: 'gap', from: this.broken.from, to: at, reason: this.broken.reason });
        this.broken = undefined;
      }
      this.emit({ type: 'connected', connection: number, listenKey: maskListenKey(key), at });
    }
    this.cancel(this.stableTimer);
    this.stableTimer = this.schedule(this.settings.backoff.stableAfterMs, () => {
      this.attempt = 0;
    });
    this.cancel(this.rolloverTimer);
    this.rolloverTimer = this.schedule(this.settings.rolloverAfterMs, () => this.rollover());
  }

  private onEvent(connection: Connection, number: number, event: MarketEvent): void {
    if (connection !== this.active && connection !== this.pending && !this.retiring.has(connection)) return;
    if (this.dedup.isDuplicate(event, number, this.now())) return;
    this.emit(event);
  }

  private onProblem(code: DiagnosticCode, message: string): void {
    if (code === 'malformed-frame' || code === 'unknown-frame') {
      if (this.settings.onMalformedFrame === 'error') {
        this.fail(new StreamFatalError(`stream frame refused: ${message}`, { cause: new Error(code) }));
        return;
      }
    }
    this.diagnostic(code, message);
  }

  private onEnded(connection: Connection, reason: ConnectionEndReason, key: string): void {
    // A replaced connection ending during its overlap: its successor is subscribed, and only what
    // it did not prove delivered before that is missing.
    const successorAt = this.retiring.get(connection);
    if (successorAt !== undefined) {
      this.retiring.delete(connection);
      this.checkRetired(connection, successorAt);
      return;
    }
    if (connection === this.pending) {
      this.pending = undefined;
      this.dedup.end(0, this.now());
      if (reason === 'invalid-listen-key' && key === this.key) this.markKeyInvalid();
      if (this.active === undefined) {
        // The old connection is gone too: recover the ordinary way.
        this.retryLater(reason);
        return;
      }
      // A failed rollover or key replacement leaves the active connection running; try again later.
      if (key === this.key) {
        this.cancel(this.rolloverTimer);
        this.rolloverTimer = this.schedule(Math.min(60_000, this.settings.rolloverAfterMs), () => this.rollover());
      } else {
        this.scheduleKeepAlive();
      }
      return;
    }
    if (connection !== this.active) return;
    this.active = undefined;
    this.cancel(this.stableTimer);
    this.cancel(this.rolloverTimer);
    this.broken ??= { from: connection.lastHealthyAt, reason };
    if (this.pending !== undefined) {
      // A rollover or key replacement is under way: its connection takes over when subscribed.
      if (reason === 'invalid-listen-key') this.markKeyInvalid();
      return;
    }
    if (reason === 'invalid-listen-key') this.markKeyInvalid();
    this.retryLater(reason);
  }

  /**
   * A replaced connection is gone: when it had not proved delivery up to the moment its successor
   * was subscribed (it stalled before the rollover and never answered the PING), what it did not
   * deliver before then is missing: a gap.
   */
  private checkRetired(connection: Connection, successorAt: number): void {
    if (connection.lastHealthyAt < successorAt) this.emit({ type: 'gap', from: connection.lastHealthyAt, to: successorAt, reason: 'stalled' });
  }

  private markKeyInvalid(): void {
    // The service no longer knows the key: do not DELETE it, get another.
    this.key = undefined;
  }

  private retryLater(reason: ConnectionEndReason): void {
    this.attempt += 1;
    const delayMs = backoffDelay(this.attempt, this.settings.backoff, this.settings.random);
    this.broken ??= { from: this.now(), reason };
    this.emit({ type: 'reconnecting', attempt: this.attempt, delayMs, reason, at: this.now() });
    this.schedule(delayMs, () => {
      // A key replacement under way when the connection ended may have connected (or be
      // connecting) meanwhile: that is the recovery; another connection would be one too many.
      if (this.active !== undefined || this.pending !== undefined) return;
      if (this.key === undefined) this.acquireKey('recover');
      else this.connect(this.key, 'recover', undefined);
    });
  }

  private rollover(): void {
    if (this.key === undefined || this.active === undefined || this.pending !== undefined) return;
    this.connect(this.key, 'rollover', undefined);
  }

  private scheduleKeepAlive(): void {
    this.cancel(this.keepAliveTimer);
    this.keepAliveTimer = this.schedule(this.settings.keepAliveIntervalMs, () => this.keepAlive());
  }

  private keepAlive(): void {
    const key = this.key;
    const keepAlive = this.keys.keepAlive;
    if (key === undefined || keepAlive === undefined) {
      this.scheduleKeepAlive();
      return;
    }
    this.request(keepAlive(key), {
      error: (error) => {
        if (this.key !== key) return;
        this.diagnostic('keepalive-failed', `keeping the listen key ${maskListenKey(key)} alive failed: ${(error as Error).message ?? String(error)}`);
        if (this.active === undefined) {
          // No connection to overlap with: the reconnect path will get a new key.
          this.markKeyInvalid();
          this.scheduleKeepAlive();
          return;
        }
        this.acquireKey('replace-key');
      },
      complete: () => {
        if (this.key === key) this.scheduleKeepAlive();
      },
    });
  }
}
