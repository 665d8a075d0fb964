/**
 * The plumbing shared by the state operators: feed market events to a book, mark it stale on a
 * gap, and refresh it from an outside source (a seed at the start, a resync after each gap).
 *
 * Staleness rules, the same for every book:
 * - with a seed, the book is stale until the seed has been applied;
 * - a `gap` event makes it stale, and only a refresh requested after that gap makes it fresh again:
 *   a refresh still in flight from before the gap is applied but leaves the book stale;
 * - a newer gap cancels a resync in flight and starts another;
 * - a failed refresh leaves the book stale and says so (`cause: '...-failed'`, with the error).
 *
 * @module
 */
import { defer, first, Observable, type OperatorFunction, type Subscription } from 'rxjs';
import type { MarketEvent } from '../stream/events.js';
import type { GapEvent } from '../stream/lifecycle.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import { CoalescingWindow, type Coalescing } from './coalesce.js';

/** What made a state operator emit a snapshot. */
export type SnapshotCause = 'event' | 'gap' | 'seed' | 'resync' | 'seed-failed' | 'resync-failed';

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
 * With `coalescing`, the snapshots of the updates in one window are one snapshot, emitted when the
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
  return (source) =>
    new Observable<Out>((subscriber) => {
      const book = makeBook();
      let stale = sources.seed !== undefined;
      let gap: GapEvent | undefined;
      let gaps = 0;
      let refreshing: Subscription | undefined;

      // The freshness of event snapshots changes only with a gap or a refresh: one object until then.
      let eventFreshness: Freshness | undefined;
      const emitNow = (cause: SnapshotCause, error?: unknown): void => {
        if (cause !== 'event') {
          eventFreshness = undefined;
          subscriber.next(book.snapshot({ stale, gap, cause, error }));
          return;
        }
        eventFreshness ??= { stale, gap, cause, error: undefined };
        subscriber.next(book.snapshot(eventFreshness));
      };
      // Coalescing: the window's last gap or refresh, if any, names the snapshot that ends it.
      let windowCause: { readonly cause: SnapshotCause; readonly error: unknown } | undefined;
      const window = coalescing
        ? new CoalescingWindow(coalescing, () => {
            const named = windowCause;
            windowCause = undefined;
            emitNow(named?.cause ?? 'event', named?.error);
          })
        : undefined;
      const emit = (cause: SnapshotCause, error?: unknown): void => {
        if (!window) return emitNow(cause, error);
        if (cause !== 'event') {
          eventFreshness = undefined;
          windowCause = { cause, error };
        }
        window.request();
      };

      const refresh = (request: Observable<R>, kind: 'seed' | 'resync'): void => {
        refreshing?.unsubscribe();
        const gapsAtStart = gaps;
        const mark = book.markRefresh();
        refreshing = request.pipe(first()).subscribe({
          next: (result) => {
            try {
              book.applyRefresh(result, mark);
            } catch (error: unknown) {
              subscriber.error(error);
              return;
            }
            if (gapsAtStart === gaps) {
              stale = false;
              gap = undefined;
            }
            emit(kind);
          },
          error: (error: unknown) => emit(kind === 'seed' ? 'seed-failed' : 'resync-failed', error),
        });
      };

      const onEvent = (event: UserDataEvent): void => {
        if (event.type === 'gap') {
          gaps += 1;
          stale = true;
          gap = event;
          emit('gap');
          const resync = sources.resync;
          // Deferred, so that a resync function that throws counts as a failed resync.
          if (resync) refresh(defer(() => resync(event)), 'resync');
        } else if (event.type === 'account' || event.type === 'deal' || event.type === 'order') {
          if (book.applyEvent(event)) emit('event');
        }
      };

      // The seed is requested first, so that every event the source delivers counts as newer than it.
      if (sources.seed) refresh(sources.seed, 'seed');
      const upstream = source.subscribe({
        next: (event) => {
          try {
            onEvent(event);
          } catch (error: unknown) {
            subscriber.error(error);
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          window?.flushNow();
          subscriber.complete();
        },
      });
      return () => {
        upstream.unsubscribe();
        refreshing?.unsubscribe();
        window?.cancel();
      };
    });
}
