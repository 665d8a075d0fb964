/**
 * The plumbing shared by the state operators: feed market events to a book, mark it stale on a
 * gap, and refresh it from an outside source (a seed at the start, a resync after each gap).
 *
 * The first snapshot comes at once: synchronously, as the operator is subscribed to, before any
 * event (and not held back by a coalescing window), so a UI or a `combineLatest` has a value before
 * trading begins. It is empty and fresh without a seed (`cause: 'start'`), empty and stale while a
 * seed is on its way (`cause: 'seed-pending'`), or the seed's own snapshot when the seed answers
 * synchronously (`'seed'`, or `'seed-failed'`).
 *
 * Staleness rules, the same for every book:
 * - with a seed, the book is stale until the seed has been applied;
 * - the seed is asked again at the first `connected` event (a stream's first connection, which
 *   comes after the seed was asked at subscription): an event between the seed's read and that
 *   connection reaches no one, so the first answer cannot be trusted past it. The book is stale
 *   (`cause: 'seed-pending'`) until the second answer; a source already connected when the
 *   operator subscribes (a shared stream) sends no `connected`, and its first seed stands;
 * - a `gap` event makes it stale, and only a refresh requested after that gap makes it fresh again:
 *   a refresh still in flight from before the gap is applied but leaves the book stale;
 * - a newer gap cancels a resync in flight and starts another;
 * - a failed refresh leaves the book stale and says so (`cause: '...-failed'`, with the error).
 *
 * @module
 */
import { defer, first, type Observable, type OperatorFunction, type Subscriber, type Subscription } from 'rxjs';
import { operate, relay } from '../internal/operate.js';
import type { MarketEvent } from '../stream/events.js';
import type { GapEvent } from '../stream/lifecycle.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import { CoalescingWindow, type Coalescing } from './coalesce.js';

/**
 * What made a state operator emit a snapshot:
 * - `'start'`: the first snapshot, emitted on subscription, with no seed: empty and fresh;
 * - `'seed-pending'`: the first snapshot, emitted on subscription while the seed is on its way:
 *   empty and stale (show "loading"); again at the stream's first connection if the seed had
 *   answered before it (the seed is asked again: see above);
 * - `'event'`: a market event changed the state;
 * - `'gap'`: events may have been missed: the state is stale from now on, until a resync;
 * - `'seed'`, `'resync'`: a refresh was applied (fresh, unless a gap came after it was requested);
 * - `'seed-failed'`, `'resync-failed'`: a refresh failed (stale, with the `error`).
 */
export type SnapshotCause = 'start' | 'seed-pending' | 'event' | 'gap' | 'seed' | 'resync' | 'seed-failed' | 'resync-failed';

/** The freshness of a book at the moment of a snapshot. */
export interface Freshness {
  /** Whether the state may be wrong: events may have been missed and no refresh has repaired it yet. */
  readonly stale: boolean;
  /** The gap the book is stale since (the latest one), `undefined` when fresh. */
  readonly gap: GapEvent | undefined;
  /** What made this snapshot. */
  readonly cause: SnapshotCause;
  /** Why the refresh failed, when `cause` is `seed-failed` or `resync-failed`; else `undefined`. */
  readonly error: unknown;
}

/** A state that market events and refreshes update, and that can show itself as a snapshot. */
export interface RefreshableBook<R, Out, Mark = number> {
  /** Applies one market event. Returns whether anything changed. */
  applyEvent(event: MarketEvent): boolean;
  /** A refresh request is starting: returns a mark that tells later events from earlier ones. */
  markRefresh(): Mark;
  /** Applies a refresh result whose request started at `mark`. */
  applyRefresh(result: R, mark: Mark): void;
  /** The snapshot to emit now; the book forgets the changes it reported. */
  snapshot(freshness: Freshness): Out;
}

/** Where a book's outside state comes from. */
export interface RefreshSources<R> {
  /** Requested once at subscription; only its first value is used. */
  readonly seed: Observable<R> | undefined;
  /** Requested after each gap; only its first value is used. */
  readonly resync: ((gap: GapEvent) => Observable<R>) | undefined;
}

/**
 * Builds a state operator from a book factory (one book per subscription) and its refresh sources.
 * Its first snapshot is emitted synchronously on subscription (see the module's comment). With
 * `coalescing`, after that first one, the snapshots of the updates in one window are one snapshot, emitted when the
 * window closes (and at once when the source completes): its `cause` is that of the window's last
 * gap or refresh if there was one, else `'event'`; `stale` and `gap` are as of the emission.
 *
 * @example
 * ```ts
 * const reduce = refreshingReducer(() => new MyBook(), { seed: undefined, resync: (gap) => fetchState() });
 * events$.pipe(reduce).subscribe((snapshot) => render(snapshot));
 * ```
 */
export function refreshingReducer<R, Out, Mark>(
  makeBook: () => RefreshableBook<R, Out, Mark>,
  sources: RefreshSources<R>,
  coalescing?: Coalescing,
): OperatorFunction<UserDataEvent, Out> {
  return operate<UserDataEvent, Out>((source, subscriber) => {
    const run = new RefreshingRun(makeBook(), sources, subscriber, coalescing);
    // The seed is requested first, so that every event the source delivers counts as newer than
    // it; the first snapshot goes out before the source can deliver anything.
    run.start();
    // Closed already (a failed seed, or a consumer that took the first snapshot and left, as
    // `take(1)` or Svelte's `get` do): the source is never opened.
    if (subscriber.closed) return () => run.stop();
    relay(source, subscriber, { next: (event) => run.onEvent(event), complete: () => run.complete() });
    return () => run.stop();
  });
}

/** One subscription of a state operator: its book, its freshness, its refresh and its window. */
class RefreshingRun<R, Out, Mark> {
  private stale: boolean;
  private gap: GapEvent | undefined;
  private gaps = 0;
  private refreshing: Subscription | undefined;
  /** The freshness of event snapshots changes only with a gap or a refresh: one object until then. */
  private eventFreshness: Freshness | undefined;
  /** Coalescing: the window's last gap or refresh, if any, names the snapshot that ends it. */
  private windowCause: { readonly cause: SnapshotCause; readonly error: unknown } | undefined;
  /**
   * While the run starts (the seed is requested): what a seed that answers at once leaves, to name
   * the first snapshot instead of emitting one of its own.
   */
  private startCause: { readonly cause: SnapshotCause; readonly error: unknown } | undefined;
  private starting = false;
  /** Whether a `connected` event came: only the first asks the seed again. */
  private connected = false;
  private readonly window: CoalescingWindow | undefined;

  constructor(
    private readonly book: RefreshableBook<R, Out, Mark>,
    private readonly sources: RefreshSources<R>,
    private readonly subscriber: Subscriber<Out>,
    coalescing: Coalescing | undefined,
  ) {
    this.stale = sources.seed !== undefined;
    this.window = coalescing
      ? new CoalescingWindow(coalescing, () => {
          const named = this.windowCause;
          this.windowCause = undefined;
          this.emitNow(named?.cause ?? 'event', named?.error);
        })
      : undefined;
  }

  /**
   * Requests the seed, if any, then emits the first snapshot at once (past any coalescing window):
   * the seed's when it answered synchronously, else an empty one, stale while the seed is pending.
   */
  start(): void {
    this.starting = true;
    if (this.sources.seed) this.refresh(this.sources.seed, 'seed');
    this.starting = false;
    if (this.subscriber.closed) return;
    const first = this.startCause ?? { cause: this.sources.seed ? 'seed-pending' : 'start', error: undefined };
    this.startCause = undefined;
    this.emitNow(first.cause, first.error);
  }

  onEvent(event: UserDataEvent): void {
    if (event.type === 'gap') {
      this.gaps += 1;
      this.stale = true;
      this.gap = event;
      this.emit('gap');
      const resync = this.sources.resync;
      // Deferred, so that a resync function that throws counts as a failed resync.
      if (resync) this.refresh(defer(() => resync(event)), 'resync');
    } else if (event.type === 'account' || event.type === 'deal' || event.type === 'order') {
      if (this.book.applyEvent(event)) this.emit('event');
    } else if (event.type === 'connected' && !this.connected) {
      this.connected = true;
      this.reseed();
    }
  }

  /**
   * The first connection, after the seed was asked: what happened between the seed's read and the
   * connection was sent to no one, so the seed is asked again (a cold Observable, subscribed anew;
   * an answer still on its way is dropped), and the book is stale until it answers.
   */
  private reseed(): void {
    const seed = this.sources.seed;
    if (!seed) return;
    const wasStale = this.stale;
    this.stale = true;
    if (!wasStale) this.emit('seed-pending');
    this.refresh(seed, 'seed');
  }

  refresh(request: Observable<R>, kind: 'seed' | 'resync'): void {
    this.refreshing?.unsubscribe();
    const gapsAtStart = this.gaps;
    const mark = this.book.markRefresh();
    this.refreshing = request.pipe(first()).subscribe({
      next: (result) => {
        try {
          this.book.applyRefresh(result, mark);
        } catch (error: unknown) {
          this.subscriber.error(error);
          return;
        }
        if (gapsAtStart === this.gaps) {
          this.stale = false;
          this.gap = undefined;
        }
        this.emit(kind);
      },
      error: (error: unknown) => this.emit(kind === 'seed' ? 'seed-failed' : 'resync-failed', error),
    });
  }

  complete(): void {
    this.window?.flushNow();
    this.subscriber.complete();
  }

  stop(): void {
    this.refreshing?.unsubscribe();
    this.window?.cancel();
  }

  private emit(cause: SnapshotCause, error?: unknown): void {
    if (this.starting) {
      this.startCause = { cause, error };
      return;
    }
    if (!this.window) return this.emitNow(cause, error);
    // A gap or refresh names the window's snapshot, and emitting it resets the event freshness.
    if (cause !== 'event') this.windowCause = { cause, error };
    this.window.request();
  }

  private emitNow(cause: SnapshotCause, error?: unknown): void {
    const { stale, gap } = this;
    if (cause !== 'event') {
      this.eventFreshness = undefined;
      this.subscriber.next(this.book.snapshot({ stale, gap, cause, error }));
      return;
    }
    this.eventFreshness ??= { stale, gap, cause, error: undefined };
    this.subscriber.next(this.book.snapshot(this.eventFreshness));
  }
}
