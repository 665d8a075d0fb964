/**
 * The shell around the supervisor's transitions: it feeds them inputs (answers of the key source,
 * reports of the connections, timers firing) and carries out the effects they ask for (open and
 * close sockets, key calls, timers on the injected scheduler, events to the subscribers). It
 * decides nothing: every decision is in `transition.ts`.
 *
 * @module
 */
import type { Observable, Observer, SchedulerLike, Subscription } from 'rxjs';
import { scheduleInSteps } from '../../long-delays.js';
import type { Redactor } from '../../redact.js';
import { openConnection, type Connection } from '../connection.js';
import { OverlapDeduplicator } from '../dedup.js';
import type { MarketEvent } from '../events.js';
import type { LifecycleEvent } from '../lifecycle.js';
import type { toListenKeySource } from '../listen-key-source.js';
import type { WebSocketFactory } from '../socket.js';
import { KnownKeys, safeDiagnostic } from './diagnostics.js';
import { INITIAL_STATE, type Effect, type SupervisorInput, type SupervisorSettings, type SupervisorState, type Timer, type TimerName } from './model.js';
import { transition } from './transition.js';

/** Everything a running stream needs: the transitions' settings and the means to carry out effects. */
export interface StreamSettings extends SupervisorSettings {
  readonly wsUrl: string;
  readonly channels: readonly string[];
  readonly pingIntervalMs: number;
  readonly pingTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly scheduler: SchedulerLike;
  readonly webSocketFactory: WebSocketFactory;
  readonly redact: Redactor;
}

/** Where a stream's events and its error go. */
export interface StreamSink {
  next(event: MarketEvent | LifecycleEvent): void;
  error(error: unknown): void;
}

/** A key source with every method returning an Observable. */
export type KeySource = ReturnType<typeof toListenKeySource>;

function timerKey(timer: Timer): string {
  return timer.name === 'overlap-over' ? `overlap-over:${timer.successor}` : timer.name;
}

/**
 * One running stream. Each input goes through {@link transition}; its effects are carried out in
 * order before the next input is taken (inputs that arrive meanwhile wait in a queue), except
 * `stop`, which a subscriber may cause from inside an event: it takes effect at once, and nothing
 * after it runs.
 *
 * @example
 * ```ts
 * const supervisor = new StreamSupervisor(toListenKeySource(client), settings, { next: console.log, error: console.error });
 * supervisor.start();
 * // later
 * supervisor.stop();
 * ```
 */
export class StreamSupervisor {
  private state: SupervisorState = INITIAL_STATE;
  private stopped = false;
  private running = false;
  private readonly queue: SupervisorInput[] = [];
  private readonly connections = new Map<number, Connection>();
  private readonly timers = new Map<string, Subscription>();
  private readonly requests = new Set<Subscription>();
  private readonly dedup = new OverlapDeduplicator();
  private readonly knownKeys = new KnownKeys();
  private revocations: Subscription | undefined;

  constructor(
    private readonly keys: KeySource,
    private readonly settings: StreamSettings,
    private readonly sink: StreamSink,
  ) {}

  /**
   * Creates the key and connects. A key the source reports revoked counts as a failed keepalive:
   * the stream replaces it if it holds it.
   */
  start(): void {
    this.revocations = this.keys.revoked?.subscribe({
      next: (key) => this.feed({ type: 'keepalive-failed', key, error: new Error('the key source reports the key gone'), at: this.now() }),
      error: () => undefined,
    });
    this.feed({ type: 'start', at: this.now() });
  }

  /** Closes every socket and DELETEs the key; nothing runs after. */
  stop(): void {
    this.feed({ type: 'stop', at: this.now() });
  }

  private now(): number {
    return this.settings.scheduler.now();
  }

  private feed(input: SupervisorInput): void {
    if (this.stopped) return;
    if (this.running && input.type !== 'stop') {
      this.queue.push(input);
      return;
    }
    const outermost = !this.running;
    this.running = true;
    try {
      this.apply(input);
      if (!outermost) return;
      for (let next = this.queue.shift(); next !== undefined && !this.stopped; next = this.queue.shift()) this.apply(next);
    } finally {
      if (outermost) this.running = false;
    }
  }

  private apply(input: SupervisorInput): void {
    const { state, effects } = transition(this.state, input, this.settings);
    this.state = state;
    if (state.phase.name !== 'stopped') {
      for (const effect of effects) {
        // A subscriber reacting to an event may have stopped the stream: nothing more runs then.
        if (this.stopped) return;
        this.perform(effect);
      }
      return;
    }
    this.stopped = true;
    this.queue.length = 0;
    this.revocations?.unsubscribe();
    for (const timer of this.timers.values()) timer.unsubscribe();
    for (const request of this.requests) request.unsubscribe();
    this.timers.clear();
    this.requests.clear();
    // The stop's own effects: close the sockets, DELETE the key (a request that outlives the stream).
    for (const effect of effects) this.perform(effect);
    for (const connection of this.connections.values()) connection.close();
    this.connections.clear();
  }

  private perform(effect: Effect): void {
    switch (effect.type) {
      case 'create-key':
        return this.createKey();
      case 'keep-alive':
        return this.keepAlive(effect.key);
      case 'close-key':
        return this.closeKey(effect.key);
      case 'open':
        return this.open(effect.connection, effect.key);
      case 'probe':
        return this.connections.get(effect.connection)?.probe();
      case 'close':
        this.connections.get(effect.connection)?.close();
        this.connections.delete(effect.connection);
        return;
      case 'schedule':
        return this.schedule(effect.timer, effect.delayMs);
      case 'cancel':
        return this.cancel(effect.timer);
      case 'overlap-begins':
        return this.dedup.begin();
      case 'overlap-ends':
        return this.dedup.end();
      case 'deliver':
        if (!this.dedup.isDuplicate(effect.event, effect.connection)) this.sink.next(effect.event);
        return;
      case 'emit':
        return this.sink.next(effect.event);
      case 'diagnose':
        return this.sink.next({ type: 'diagnostic', code: effect.code, message: safeDiagnostic(effect.message, this.settings.redact, this.knownKeys.list()), at: this.now() });
      case 'fail':
        return this.sink.error(effect.error);
    }
  }

  /**
   * Creates a key. A stop does not cancel the creation: a request that already reached the service
   * made a key, valid for an hour and counted against the account's limit, that nobody would
   * DELETE. A key that comes after the stop is DELETEd instead.
   */
  private createKey(): void {
    let received: string | undefined;
    this.keys.create().subscribe({
      next: (key) => {
        received ??= key;
      },
      error: (error: unknown) => this.feed({ type: 'key-failed', error, at: this.now() }),
      complete: () => {
        if (this.stopped) {
          if (received !== undefined) this.closeKey(received);
          return;
        }
        if (received !== undefined) this.knownKeys.remember(received);
        this.feed({ type: 'key-created', key: received ?? '', at: this.now() });
      },
    });
  }

  /** DELETEs a key; a failure changes nothing (the key expires by itself within the hour). */
  private closeKey(key: string): void {
    if (this.keys.close) this.request(this.keys.close(key), { error: () => undefined });
  }

  private keepAlive(key: string): void {
    const keepAlive = this.keys.keepAlive;
    const ok = (): void => this.feed({ type: 'keepalive-ok', key, at: this.now() });
    // A source that does not keep keys alive leaves it to something else: as good as done.
    if (keepAlive === undefined) return ok();
    this.request(keepAlive(key), { error: (error: unknown) => this.feed({ type: 'keepalive-failed', key, error, at: this.now() }), complete: ok });
  }

  /** Subscribes to a key source call; cancelled if the stream stops first, unless made while stopping. */
  private request(source: Observable<unknown>, handlers: Pick<Observer<unknown>, 'error'> & Partial<Pick<Observer<unknown>, 'complete'>>): void {
    let settled = false;
    const subscription = source.subscribe({
      error: (error: unknown) => {
        settled = true;
        handlers.error(error);
      },
      complete: () => {
        settled = true;
        handlers.complete?.();
      },
    });
    if (settled || this.stopped) return;
    this.requests.add(subscription);
    subscription.add(() => this.requests.delete(subscription));
  }

  private open(id: number, key: string): void {
    const { settings } = this;
    const connection = openConnection({
      url: `${settings.wsUrl}?listenKey=${encodeURIComponent(key)}`,
      channels: settings.channels,
      socketFactory: settings.webSocketFactory,
      scheduler: settings.scheduler,
      pingIntervalMs: settings.pingIntervalMs,
      pingTimeoutMs: settings.pingTimeoutMs,
      connectTimeoutMs: settings.connectTimeoutMs,
      handlers: {
        ready: () => {
          // Subscribed now: the socket delivers every push from here on and none from before, so the
          // overlap filter counts it as having delivered what the others did (a later push of the
          // same content is new to it, not a copy).
          this.dedup.subscribed(id);
          this.feed({ type: 'connection-ready', connection: id, at: this.now() });
        },
        event: (event) => this.feed({ type: 'connection-event', connection: id, event, at: this.now() }),
        problem: (code, message) => this.feed({ type: 'connection-problem', connection: id, code, message, at: this.now() }),
        ended: (reason) => {
          this.connections.delete(id);
          this.feed({ type: 'connection-ended', connection: id, reason, healthyAt: connection.lastHealthyAt, at: this.now() });
        },
      },
    });
    this.connections.set(id, connection);
  }

  private schedule(timer: Timer, delayMs: number): void {
    const key = timerKey(timer);
    this.timers.get(key)?.unsubscribe();
    // In steps: a delay past the longest a timer holds (a backoff of weeks) must not fire at once.
    const action = scheduleInSteps(
      this.settings.scheduler,
      () => {
        this.timers.delete(key);
        this.feed(this.fired(timer));
      },
      delayMs,
    );
    this.timers.set(key, action);
  }

  private fired(timer: Timer): SupervisorInput {
    const at = this.now();
    if (timer.name !== 'overlap-over') return { type: timer.name, at };
    const replaced = timer.replaced === undefined ? undefined : this.connections.get(timer.replaced);
    return { type: 'overlap-over', successor: timer.successor, replacedHealthyAt: replaced?.lastHealthyAt, at };
  }

  private cancel(timer: TimerName): void {
    this.timers.get(timer)?.unsubscribe();
    this.timers.delete(timer);
  }
}
