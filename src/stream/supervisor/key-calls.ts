/**
 * The shell's calls to the listen-key source: create, keep alive, DELETE. Each answer goes back to
 * the transitions as an input. What a stop does to them: keepalives are cancelled; creations and
 * DELETEs are not (a creation that reached the service made a key, which is DELETEd when it comes;
 * a DELETE must reach the service after the end), and the stop is over once they have ended.
 *
 * @module
 */
import { defer, type Subscription } from 'rxjs';
import { creationOutcomeUnknown } from '../../client/listen-key-ledger.js';
import type { toListenKeySource } from '../listen-key-source.js';
import type { KnownKeys } from './diagnostics.js';
import { KeyWork } from './key-work.js';
import type { SupervisorInputEvent } from './model.js';

/** A key source with every method returning an Observable. */
export type KeySource = ReturnType<typeof toListenKeySource>;

/**
 * A stream's key calls.
 *
 * @example
 * ```ts
 * const calls = new KeyCalls(toListenKeySource(client), knownKeys, (input) => feed(input), () => stopped);
 * calls.create();
 * ```
 */
export class KeyCalls {
  /** What the stop waits for, and what came of the keys. */
  readonly work = new KeyWork();
  private readonly keepAlives = new Set<Subscription>();

  constructor(
    private readonly keys: KeySource,
    private readonly known: KnownKeys,
    private readonly report: (input: SupervisorInputEvent) => void,
    private readonly stopped: () => boolean,
  ) {}

  /**
   * Creates a key. A stop does not cancel the creation: a request that already reached the service
   * made a key, valid for an hour and counted against the account's limit, that nobody would
   * DELETE. A key that comes after the stop is DELETEd instead.
   */
  create(): void {
    let received: string | undefined;
    const done = this.work.begin();
    this.keys.create().subscribe({
      next: (key) => {
        received ??= key;
      },
      error: (error: unknown) => {
        if (this.stopped() && creationOutcomeUnknown(error)) this.work.creationUnanswered();
        done();
        this.report({ type: 'key-failed', error });
      },
      complete: () => {
        if (this.stopped()) {
          if (received !== undefined) this.close(received);
          return done();
        }
        if (received !== undefined) this.known.remember(received);
        done();
        this.report({ type: 'key-created', key: received ?? '' });
      },
    });
  }

  /**
   * DELETEs a key. Never cancelled, not even by the stop. A failure (a key source whose `close`
   * throws or rejects included) counts the key among those not closed, and is reported (a
   * `diagnostic` while the stream runs); the key expires by itself.
   */
  close(key: string): void {
    const close = this.keys.close;
    if (close === undefined) return;
    const done = this.work.begin(key);
    defer(() => close(key)).subscribe({
      error: (error: unknown) => {
        this.work.notClosedKey(key);
        done();
        this.report({ type: 'key-close-failed', key, error });
      },
      complete: done,
    });
  }

  /** Keeps a key alive; cancelled by the stop. */
  keepAlive(key: string): void {
    const keepAlive = this.keys.keepAlive;
    // A source that does not keep keys alive leaves it to something else: as good as done.
    if (keepAlive === undefined) return this.report({ type: 'keepalive-ok', key });
    let settled = false;
    const subscription = defer(() => keepAlive(key)).subscribe({
      error: (error: unknown) => {
        settled = true;
        this.report({ type: 'keepalive-failed', key, error });
      },
      complete: () => {
        settled = true;
        this.report({ type: 'keepalive-ok', key });
      },
    });
    if (settled || this.stopped()) return;
    this.keepAlives.add(subscription);
    subscription.add(() => this.keepAlives.delete(subscription));
  }

  /** The stream is stopping: keepalives under way are cancelled (creations and DELETEs go on). */
  cancelKeepAlives(): void {
    for (const keepAlive of [...this.keepAlives]) keepAlive.unsubscribe();
    this.keepAlives.clear();
  }
}
