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
    if (!this.closed) this.subscriber.next({ account, event: { type: 'stopped', reason, error, at: this.settings.scheduler.now() } });
  }

  private start(account: string, provider: ListenKeyProvider): void {
    const { pacer, scheduler, startTimeoutMs, streamOptions, watchRun } = this.settings;
    const entry: Running = { provider, gate: new StartGate(pacer, scheduler, startTimeoutMs), subscription: undefined, failed: false };
    this.running.set(account, entry);
    let stream: Observable<UserDataEvent>;
    try {
      stream = watchedUserDataStream(pacedProvider(provider, entry.gate), streamOptions, watchRun);
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
        if (!this.closed && this.running.get(account) === entry) this.subscriber.next({ account, event });
      },
      error: (error: unknown) => end('failed', error),
      complete: () => end('failed', undefined),
    });
    if (!entry.failed) entry.subscription = subscription;
  }

  private stop(account: string, entry: Running, reason: AccountStopReason): void {
    this.running.delete(account);
    entry.gate.release();
    const wasRunning = !entry.failed;
    entry.subscription?.unsubscribe();
    entry.subscription = undefined;
    if (wasRunning) this.stopped(account, reason, undefined);
  }
}
