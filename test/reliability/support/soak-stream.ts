/**
 * The soak's stream under test: a sub-account trading on a simulator with a fast clock, its user
 * data stream with the state operators on it (balances resynced from M8, open orders from the
 * simulator's book), and a recorder that keeps only what one round needs (the market events since
 * the last round, the gaps, counters), so the soak's own memory stays flat.
 */
import { defer, of, type Observable, type Subscription } from 'rxjs';
import {
  balanceSnapshots,
  createClient,
  getSubAccountAssets,
  reduceOrders,
  userDataStream,
  type BalanceSnapshot,
  type Client,
  type OrderBook,
  type OrderSeed,
  type UserDataEvent,
  type UserDataStreamOptions,
} from '../../../src/index.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../src/simulator/index.js';
import type { MarketEvent } from '../../../src/stream/events.js';
import type { GapEvent } from '../../../src/stream/lifecycle.js';
import { ACCOUNT, MINUTE, seedOf } from './row.js';

/** A running soak stream. */
export interface SoakStream {
  readonly sim: Simulator;
  readonly master: Client;
  /** Every gap reported so far. */
  readonly gaps: GapEvent[];
  /** The last 40 lifecycle events, to tell what happened when a round fails. */
  readonly recent: UserDataEvent[];
  /** Notes on the last faults injected (kind, target, clock time), for a failure message. */
  readonly notes: string[];
  /** Lifecycle events by type, diagnostics by `diagnostic:code`, and market events by type. */
  readonly counts: Map<string, number>;
  readonly snapshots: { balances: BalanceSnapshot | undefined; book: OrderBook | undefined };
  /** The stream's error, if it ended with one. */
  error: unknown;
  /** The market events received since the last call, in order. */
  takeRound(): MarketEvent[];
  /** The market events received since the last call, without taking them. */
  peekRound(): readonly MarketEvent[];
  /** How many events of a counted kind so far. */
  count(kind: string): number;
  stop(): Promise<void>;
}

/** Settings of the soak stream. */
export interface SoakStreamOptions {
  readonly speed: number;
  readonly sim?: SimulatorOptions;
  readonly stream: UserDataStreamOptions;
  /** Final orders, and ids of evicted ones, the order book keeps (small, so it reaches its bounds early in the run). */
  readonly maxTerminalOrders: number;
}

function isMarket(event: UserDataEvent): event is MarketEvent {
  return event.type === 'account' || event.type === 'deal' || event.type === 'order';
}

/** Starts the simulator, the funded sub-account and its stream; resolves once connected. */
export async function startSoakStream(options: SoakStreamOptions): Promise<SoakStream> {
  const sim = await startSimulator({ timestampSlackMs: 30 * MINUTE, ...options.sim, speed: options.speed });
  sim.admin.createSubAccount(sim.master.name, ACCOUNT);
  sim.admin.fund(ACCOUNT, 'USDT', '100000000');
  sim.admin.fund(ACCOUNT, 'BTC', '10000');
  const common = { baseUrl: sim.restUrl, wsUrl: sim.wsUrl, clock: () => sim.clock.now(), scheduler: sim.scheduler, recvWindow: 60_000 };
  const master = createClient({ ...common, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey });
  const keys = sim.admin.createApiKey(ACCOUNT);
  const client = createClient({ ...common, apiKey: keys.apiKey, secretKey: keys.secretKey });
  const assets = (): Observable<readonly { asset: string; free: string; locked: string }[]> => getSubAccountAssets(master, { subAccount: ACCOUNT });
  const openOrders = (): Observable<OrderSeed[]> =>
    defer(() => of(sim.market.orders(ACCOUNT).filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED').map(seedOf)));
  const events$ = userDataStream(client, options.stream);
  let round: MarketEvent[] = [];
  const counts = new Map<string, number>();
  const bump = (kind: string): void => {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  const subscriptions: Subscription[] = [];
  const stream: SoakStream = {
    sim,
    master,
    gaps: [],
    recent: [],
    notes: [],
    counts,
    snapshots: { balances: undefined, book: undefined },
    error: undefined,
    takeRound() {
      const taken = round;
      round = [];
      return taken;
    },
    peekRound: () => round,
    count: (kind) => counts.get(kind) ?? 0,
    async stop() {
      for (const s of subscriptions.splice(0)) s.unsubscribe();
      await sim.close();
    },
  };
  subscriptions.push(
    events$.subscribe({
      next: (event) => {
        if (isMarket(event)) round.push(event);
        else {
          if (event.type === 'gap') stream.gaps.push(event);
          stream.recent.push(event);
          if (stream.recent.length > 40) stream.recent.shift();
        }
        bump(event.type === 'diagnostic' ? `diagnostic:${event.code}` : event.type);
      },
      error: (error: unknown) => {
        stream.error = error;
      },
    }),
    events$.pipe(balanceSnapshots({ seed: assets(), resync: assets })).subscribe({ next: (s) => (stream.snapshots.balances = s), error: () => undefined }),
    events$
      .pipe(reduceOrders({
          seed: openOrders(),
          resync: openOrders,
          maxTerminalOrders: options.maxTerminalOrders,
          maxForgottenIds: options.maxTerminalOrders,
          scheduler: sim.scheduler,
        }))
      .subscribe({ next: (b) => (stream.snapshots.book = b), error: () => undefined }),
  );
  return stream;
}
