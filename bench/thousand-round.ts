/**
 * One round of the thousand-accounts benchmark: every account's stream started inside the
 * request budget, one trading round checked account by account against the simulator's digests,
 * and the heap with every stream connected and after every stream closed.
 *
 * @module
 */
import { BehaviorSubject, type Subscription } from 'rxjs';
import { userDataStreams, type AccountSet, type Client, type RequestBudget } from '../src/index.js';
import { isMarketEvent } from '../src/scale/tagged-event.js';
import { EventDigest } from './event-digest.js';
import type { ScaleServer } from './scale-streams.js';
import { collectGarbage } from './stats.js';
import { waitFor } from './wait.js';

/** What one round measured. */
export interface RoundFigures {
  /** From subscription to the last account's `connected`, ms. */
  readonly connectMs: number;
  /** Accounts whose market events matched the simulator's pushes exactly (each once, in order). */
  readonly exact: number;
  /** Market events the subscriber received in the trading round. */
  readonly events: number;
  /** CPU time of this process per event received while every account traded, µs. */
  readonly cpuMicrosPerEvent: number;
  /** Heap with every stream connected minus the heap after every stream closed, bytes (after full collections). */
  readonly heapBytes: number;
}

/** Waits until the budget has nothing waiting and nothing in flight (the closes all went out). */
export async function budgetQuiet(budget: RequestBudget): Promise<void> {
  await waitFor('the request budget to go quiet', () => {
    const state = budget.snapshot();
    return state.waiting === 0 && state.lanes.every((lane) => lane.inFlight === 0);
  });
}

/** Collects garbage twice (finalizers, then what they freed) and reads the heap. */
function settledHeap(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/**
 * Streams `clients` of `server`, trades once on all of them, stops, and measures.
 *
 * @example
 * ```ts
 * const figures = await thousandRound(server, clients, budget, { orders: 3, seed: 1 });
 * ```
 */
export async function thousandRound(
  server: ScaleServer,
  clients: ReadonlyMap<string, Client>,
  budget: RequestBudget,
  options: { readonly orders: number; readonly seed: number },
): Promise<RoundFigures> {
  const names = [...clients.keys()];
  const digests = new Map<string, EventDigest>();
  let connected = 0;
  let trading = false;
  let failed: string | undefined;
  const subscriptions: Subscription[] = [];
  const started = performance.now();
  subscriptions.push(
    userDataStreams(new BehaviorSubject<AccountSet>(clients)).subscribe(({ account, event }) => {
      if (event.type === 'connected') connected += 1;
      else if (event.type === 'stopped' || event.type === 'gap') failed ??= `${account}: ${event.type}`;
      else if (isMarketEvent(event) && trading) {
        const { channel: _channel, ...rest } = event;
        let digest = digests.get(account);
        if (digest === undefined) digests.set(account, (digest = new EventDigest()));
        digest.add(rest);
      }
    }),
  );
  try {
    await waitFor('every account connected', () => connected >= names.length, () => failed, 2);
    const connectMs = performance.now() - started;
    const heapConnected = settledHeap();
    trading = true;
    const cpu = process.cpuUsage();
    const done = await server.trade(options.orders, options.seed, names.length);
    const received = (): number => [...digests.values()].reduce((sum, d) => sum + d.count, 0);
    await waitFor('every pushed event', () => received() >= done.delivered, () => failed, 2);
    const used = process.cpuUsage(cpu);
    const events = received();
    const exact = names.filter((name) => {
      const pushed = done.digests[name];
      const got = digests.get(name);
      return pushed !== undefined && got !== undefined && got.count === pushed.count && got.digest() === pushed.digest;
    }).length;
    for (const s of subscriptions.splice(0)) s.unsubscribe();
    await budgetQuiet(budget);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const heapBytes = heapConnected - settledHeap();
    return { connectMs, exact, events, cpuMicrosPerEvent: (used.user + used.system) / events, heapBytes };
  } finally {
    for (const s of subscriptions) s.unsubscribe();
  }
}
