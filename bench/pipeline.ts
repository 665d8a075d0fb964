/**
 * Feeding events through a state operator the way an application does (a Subject piped into the
 * operator, a subscriber keeping the latest snapshot), timing only the feeding: events are made in
 * small chunks between the timed stretches, so the generator neither counts nor piles up.
 *
 * @module
 */
import { scan, Subject, type OperatorFunction } from 'rxjs';
import type { MarketEvent } from '../src/stream/events.js';
import type { UserDataEvent } from '../src/stream/user-data-stream.js';
import type { HeapSampler } from './stats.js';

/** Events made and fed at a time. */
const CHUNK = 1_000;

/** An operator with a subscriber, ready to be fed. */
export interface Pipeline {
  /** Pushes events through the operator, synchronously. */
  feed(events: readonly UserDataEvent[]): void;
  /** Number of snapshots emitted so far. */
  readonly emitted: number;
  /** Unsubscribes (drops the operator's state). */
  close(): void;
}

/**
 * Subscribes to `operators` (one or more, all fed the same events) and returns the feeding end.
 * An error in an operator is thrown from `feed`.
 *
 * @example
 * ```ts
 * const pipeline = openPipeline([reduceOrders()]);
 * pipeline.feed(events);
 * ```
 */
export function openPipeline(operators: readonly OperatorFunction<UserDataEvent, unknown>[]): Pipeline {
  const subject = new Subject<UserDataEvent>();
  let emitted = 0;
  let failure: { readonly error: unknown } | undefined;
  // The latest snapshot of each operator stays referenced, as an application's would.
  const latest: unknown[] = [];
  const subscriptions = operators.map((operator, i) =>
    subject.pipe(operator).subscribe({
      next: (value) => {
        emitted += 1;
        latest[i] = value;
      },
      error: (error: unknown) => {
        failure = { error };
      },
    }),
  );
  return {
    feed(events) {
      for (let i = 0; i < events.length; i++) subject.next(events[i] as UserDataEvent);
      if (failure) throw failure.error;
    },
    get emitted() {
      return emitted;
    },
    close() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      latest.length = 0;
    },
  };
}

/**
 * The baseline of the state operators: a bare mutable fold keeping the latest event per order
 * (final orders deleted) or per asset, with no ranking, no decimals, no immutable snapshots.
 *
 * @example
 * ```ts
 * openPipeline([bareFold('orders')]);
 * ```
 */
export function bareFold(kind: 'orders' | 'balances'): OperatorFunction<UserDataEvent, Map<string, MarketEvent>> {
  return scan((state: Map<string, MarketEvent>, event: UserDataEvent) => {
    if (kind === 'balances') {
      if (event.type === 'account') state.set(event.asset, event);
    } else if (event.type === 'deal') {
      state.set(event.orderId, event);
    } else if (event.type === 'order') {
      if (event.status === 'NEW' || event.status === 'PARTIALLY_FILLED') state.set(event.orderId, event);
      else state.delete(event.orderId);
    }
    return state;
  }, new Map<string, MarketEvent>());
}

/** What `feedTimed` measures: wall time, or this process's CPU time (user + system, all threads). */
export type Clock = 'wall' | 'cpu';

/** Milliseconds on `clock` since an arbitrary origin. */
function now(clock: Clock): number {
  if (clock === 'wall') return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Feeds `count` events from `source` in chunks to every pipeline, timing each pipeline's share
 * separately (the order rotates chunk by chunk, so none always runs first); samples the heap after
 * each chunk when given a sampler. Returns the time each pipeline spent, ms, in the given order.
 * CPU time leaves out the stretches when other processes had the core (it does count the garbage
 * collector's helper threads).
 *
 * @example
 * ```ts
 * const [libraryMs, bareMs] = feedTimed([library, bare], workload.events(1_000_000), 1_000_000, { heap });
 * ```
 */
export function feedTimed(
  pipelines: readonly Pipeline[],
  source: Iterator<UserDataEvent>,
  count: number,
  options: { readonly heap?: HeapSampler; readonly clock?: Clock } = {},
): number[] {
  const clock = options.clock ?? 'wall';
  const elapsed = pipelines.map(() => 0);
  const chunk: UserDataEvent[] = [];
  let turn = 0;
  for (let fed = 0; fed < count; fed += chunk.length) {
    chunk.length = 0;
    while (chunk.length < CHUNK && fed + chunk.length < count) {
      const next = source.next();
      if (next.done) throw new Error(`the source ran out after ${fed + chunk.length} events`);
      chunk.push(next.value);
    }
    for (let k = 0; k < pipelines.length; k++) {
      const i = (turn + k) % pipelines.length;
      const start = now(clock);
      (pipelines[i] as Pipeline).feed(chunk);
      elapsed[i] = (elapsed[i] as number) + now(clock) - start;
    }
    turn += 1;
    options.heap?.sample();
  }
  return elapsed;
}
