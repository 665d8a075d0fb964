/**
 * The running streams of `userDataStreams`: one per account, started, replaced and stopped as the
 * wanted set changes, each tagging its events with its account and reporting how it stopped.
 *
 * @module
 */
import type { Observable, SchedulerLike, Subscriber, Subscription } from 'rxjs';
import type { ListenKeyProvider } from '../stream/listen-key-source.js';
import { watchedUserDataStream, type RunWatcher, type UserDataEvent, type UserDataStreamOptions } from '../stream/user-data-stream.js';
import { pacedProvider, StartGate } from './paced-provider.js';
import type { HealthBoard } from './streams-health.js';
import type { StartPacer } from './start-pacer.js';
import type { AccountStopReason, TaggedEvent } from './tagged-event.js';

interface Running {
  readonly provider: ListenKeyProvider;
  readonly gate: StartGate;
  subscription: Subscription | undefined;
  /** The stream ended by itself; the account waits for another provider. */
  failed: boolean;
}

/** What the streams are made with. */
export interface AccountStreamsSettings {
  readonly pacer: StartPacer;
  readonly scheduler: SchedulerLike;
  readonly startTimeoutMs: number;
  readonly streamOptions: UserDataStreamOptions;
  /** Told of each run of an account's stream (to await its key DELETEs). */
  readonly watchRun: RunWatcher;
  /** Told of each account's start, events, PONGs and stop. */
  readonly health: HealthBoard;
}

/** One stream per wanted account, feeding one subscriber. */
export class AccountStreams {
  private readonly running = new Map<string, Running>();
  private closed = false;

  /**
   * @example
   * ```ts
   * const streams = new AccountStreams(subscriber, { pacer, scheduler, startTimeoutMs: 30_000, streamOptions });
   * streams.reconcile(new Map([['strategy01', client]]));
   * ```
   */
  constructor(
    private readonly subscriber: Subscriber<TaggedEvent>,
    private readonly settings: AccountStreamsSettings,
  ) {}

  /** Starts the accounts new to `wanted`, stops those missing, restarts those with a new provider. */
  reconcile(wanted: ReadonlyMap<string, ListenKeyProvider>): void {
    for (const [account, entry] of [...this.running]) {
      if (!wanted.has(account)) this.stop(account, entry, 'removed');
    }
    for (const [account, provider] of wanted) {
      const entry = this.running.get(account);
      if (entry?.provider === provider) continue;
      if (entry) this.stop(account, entry, 'replaced');
      this.start(account, provider);
    }
  }

  /** Whether {@link close} was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Stops every stream (each DELETEs its key), each running account's last event a `stopped`
   * (`closed`) first; nothing is reported after.
   */
  closeAll(): void {
    for (const [account, entry] of [...this.running]) {
      if (!this.closed && !entry.failed) this.stopped(account, 'closed', undefined);
    }
    this.close();
  }

  /** Stops every stream (each DELETEs its key) without reporting them stopped. */
  close(): void {
    this.closed = true;
    for (const entry of this.running.values()) {
      entry.gate.release();
      entry.subscription?.unsubscribe();
    }
    this.running.clear();
  }

  private stopped(account: string, reason: AccountStopReason, error: unknown): void {
    const { health } = this.settings;
    // A removed or replaced account left the board already (in `stop`).
    if (reason !== 'removed' && reason !== 'replaced') health.account(account, { type: 'end', at: health.now() });
    if (!this.closed) this.subscriber.next({ account, event: { type: 'stopped', reason, error, at: this.settings.scheduler.now() } });
  }

  private start(account: string, provider: ListenKeyProvider): void {
    const { pacer, scheduler, startTimeoutMs, streamOptions, watchRun, health } = this.settings;
    const entry: Running = { provider, gate: new StartGate(pacer, scheduler, startTimeoutMs), subscription: undefined, failed: false };
    this.running.set(account, entry);
    health.account(account, { type: 'start', at: health.now() });
    let stream: Observable<UserDataEvent>;
    try {
      const pong = (roundTripMs: number): void => {
        if (this.running.get(account) === entry) health.account(account, { type: 'pong', roundTripMs, at: health.now() });
      };
      stream = watchedUserDataStream(pacedProvider(provider, entry.gate), streamOptions, { run: watchRun, pong });
    } catch (error) {
      entry.failed = true;
      this.stopped(account, 'failed', error);
      return;
    }
    const end = (reason: AccountStopReason, error: unknown): void => {
      if (entry.failed) return;
      entry.gate.release();
      entry.failed = true;
      entry.subscription = undefined;
      if (this.running.get(account) === entry) this.stopped(account, reason, error);
    };
    const subscription = stream.subscribe({
      next: (event: UserDataEvent) => {
        entry.gate.observe(event);
        // The stream's own last event (its client closed) is told as the account's.
        if (event.type === 'stopped') return end(event.reason, undefined);
        if (this.closed || this.running.get(account) !== entry) return;
        health.account(account, { type: 'event', event, at: health.now() });
        this.subscriber.next({ account, event });
      },
      error: (error: unknown) => end('failed', error),
      complete: () => end('failed', undefined),
    });
    if (!entry.failed) entry.subscription = subscription;
  }

  private stop(account: string, entry: Running, reason: AccountStopReason): void {
    this.running.delete(account);
    this.settings.health.feed({ type: 'remove', account });
    entry.gate.release();
    const wasRunning = !entry.failed;
    entry.subscription?.unsubscribe();
    entry.subscription = undefined;
    if (wasRunning) this.stopped(account, reason, undefined);
  }
}
