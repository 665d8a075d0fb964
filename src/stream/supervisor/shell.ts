/**
 * The shell around the supervisor's transitions: it feeds them inputs (answers of the key source,
 * reports of the connections, timers firing) and carries out the effects they ask for (open and
 * close sockets, key calls, timers on the injected scheduler, events to the subscribers). It
 * decides nothing: every decision is in `transition.ts`.
 *
 * @module
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import { Pump } from '../../internal/pump.js';
import { Queue } from '../../internal/queue.js';
import { scheduleInSteps } from '../../long-delays.js';
import type { Redactor } from '../../redact.js';
import { openConnection, type Connection } from '../connection.js';
import { OverlapDeduplicator } from '../identity/index.js';
import type { MarketEvent } from '../events.js';
import type { LifecycleEvent } from '../lifecycle.js';
import type { RecorderHooks } from '../../recording-hooks.js';
import type { WebSocketFactory } from '../socket.js';
import { KnownKeys, safeDiagnostic } from './diagnostics.js';
import { KeyCalls, type KeySource } from './key-calls.js';
import type { StreamRecording } from './stream-recording.js';
import type { StopReport } from './key-work.js';
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
  /** The recorder's hooks, when the stream (or its client) was given one. */
  readonly recorder?: RecorderHooks | undefined;
}

/** Where a stream's events, its error and its completion go. */
export interface StreamSink {
  next(event: MarketEvent | LifecycleEvent): void;
  error(error: unknown): void;
  complete(): void;
  /** A connection's PING was answered after `roundTripMs` (a measure, not an event). */
  pong?(roundTripMs: number): void;
}

export type { StopReport };

export type { KeySource };
function timerKey(timer: Timer): string {
  return timer.name === 'overlap-over' ? `overlap-over:${timer.successor}` : timer.name;
}

/**
 * One running stream. Each input goes through {@link transition}; its effects are carried out in
 * order before the next input is taken (inputs that arrive meanwhile wait in a queue), except
 * `stop`, which a subscriber may cause from inside an event: it takes effect at once, and nothing
 * after it runs. The stop is over (its promise resolves) once every key DELETE it started, and every
 * key creation it found under way, has ended.
 *
 * @example
 * ```ts
 * const supervisor = new StreamSupervisor(toListenKeySource(client), settings, { next: console.log, error: console.error, complete: () => undefined });
 * supervisor.start();
 * // later
 * const report = await supervisor.stop(); // { keysNotClosed: [], creationsUnanswered: 0 }
 * ```
 */
export class StreamSupervisor {
  private state: SupervisorState = INITIAL_STATE;
  private stopped = false;
  /** Inputs waiting for the one being handled (its effects may feed more). */
  private readonly inbox = new Queue<SupervisorInput>();
  /** Hands the inbox to {@link transition} one input at a time, never inside itself. */
  private readonly mailbox = new Pump(() => {
    for (let next = this.inbox.shift(); next !== undefined && !this.stopped; next = this.inbox.shift()) this.apply(next);
  });
  private readonly connections = new Map<number, Connection>();
  private readonly timers = new Map<string, Subscription>();
  private readonly dedup = new OverlapDeduplicator();
  private readonly knownKeys = new KnownKeys();
  private readonly keyCalls: KeyCalls;
  private revocations: Subscription | undefined;
  private recording: StreamRecording | undefined;

  constructor(
    private readonly keys: KeySource,
    private readonly settings: StreamSettings,
    private readonly sink: StreamSink,
  ) {
    this.keyCalls = new KeyCalls(keys, this.knownKeys, (input) => this.feed({ ...input, at: this.now() }), () => this.stopped);
  }

  /**
   * Creates the key and connects. A key the source reports revoked counts as a failed keepalive:
   * the stream replaces it if it holds it.
   */
  start(): void {
    this.revocations = this.keys.revoked?.subscribe({
      next: (key) => this.feed({ type: 'keepalive-failed', key, error: new Error('the key source reports the key gone'), at: this.now() }),
      error: () => undefined,
    });
    const { recorder, channels, wsUrl } = this.settings;
    this.recording = recorder?.wrappers.startRun(recorder, { at: this.now(), channels, wsUrl }, () => this.now());
    this.feed({ type: 'start', at: this.now() });
  }

  /**
   * Closes every socket and DELETEs the keys; nothing runs after. Resolves (never rejects) once
   * every DELETE has ended, with the keys it could not close; the same promise on every call.
   */
  stop(): Promise<StopReport> {
    this.feed({ type: 'stop', at: this.now() });
    return this.keyCalls.work.finished;
  }

  /** As {@link stop}, but whoever still subscribes gets a `stopped` event (`client-closed`), then completion. */
  closeForClient(): Promise<StopReport> {
    this.feed({ type: 'client-closed', at: this.now() });
    return this.keyCalls.work.finished;
  }

  /** Resolves once the stream has stopped (however) and every DELETE it started has ended. */
  get finished(): Promise<StopReport> {
    return this.keyCalls.work.finished;
  }

  /** What its keys came to so far, what is still under way counted as lost. */
  snapshot(): StopReport {
    return this.keyCalls.work.snapshot();
  }

  private now(): number {
    return this.settings.scheduler.now();
  }

  private feed(input: SupervisorInput): void {
    if (this.stopped) return;
    // A stop takes effect at once, even from inside the effects of another input.
    if (this.mailbox.busy && (input.type === 'stop' || input.type === 'client-closed')) {
      this.apply(input);
      return;
    }
    this.inbox.push(input);
    this.mailbox.run();
  }

  private apply(input: SupervisorInput): void {
    const { state, effects } = transition(this.state, input, this.settings);
    this.state = state;
    if (state.phase.name !== 'stopped') {
      for (const effect of effects) {
        // A subscriber reacting to an event may have stopped the stream: nothing more runs then.
        if (this.stopped) break;
        this.perform(effect);
      }
      // An event the transition did not deliver (a connection no longer held): its frame is marked dropped.
      if (input.type === 'connection-event') this.recording?.settled(input.event, false);
      return;
    }
    this.stopped = true;
    this.inbox.takeAll();
    this.revocations?.unsubscribe();
    for (const timer of this.timers.values()) timer.unsubscribe();
    this.timers.clear();
    this.keyCalls.cancelKeepAlives();
    // The stop's own effects: close the sockets, DELETE the key (a request that outlives the stream).
    for (const effect of effects) this.perform(effect);
    for (const connection of this.connections.values()) connection.close();
    this.connections.clear();
    this.recording?.stopped();
    this.keyCalls.work.stop();
  }

  private perform(effect: Effect): void {
    switch (effect.type) {
      case 'create-key':
        return this.keyCalls.create();
      case 'keep-alive':
        return this.keyCalls.keepAlive(effect.key);
      case 'close-key':
        return this.keyCalls.close(effect.key);
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
        return this.deliver(effect.event, effect.connection);
      case 'emit':
        return this.emit(effect.event);
      case 'diagnose':
        return this.emit({ type: 'diagnostic', code: effect.code, message: safeDiagnostic(effect.message, this.settings.redact, this.knownKeys.list()), at: this.now() });
      case 'fail':
        return this.sink.error(effect.error);
      case 'complete':
        return this.sink.complete();
    }
  }

  private deliver(event: MarketEvent, connection: number): void {
    const delivered = !this.dedup.isDuplicate(event, connection);
    this.recording?.settled(event, delivered);
    if (delivered) this.sink.next(event);
  }

  /** A lifecycle event: recorded, then emitted. */
  private emit(event: LifecycleEvent): void {
    this.recording?.lifecycle(event);
    this.sink.next(event);
  }

  private open(id: number, key: string): void {
    const { settings, recording } = this;
    recording?.listenKey(key);
    const connection = openConnection({
      url: `${settings.wsUrl}?listenKey=${encodeURIComponent(key)}`,
      channels: settings.channels,
      socketFactory: recording?.factory(settings.webSocketFactory, id) ?? settings.webSocketFactory,
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
        event: (event) => {
          this.recording?.decoded(event);
          this.feed({ type: 'connection-event', connection: id, event, at: this.now() });
        },
        pong: (roundTripMs) => this.sink.pong?.(roundTripMs),
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
