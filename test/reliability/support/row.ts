/**
 * One row of the fault matrix: a simulator on its manual clock, moved by the test from timer to
 * timer with the I/O settled in between (`row.drive`, sim-drive.ts), a sub-account that trades
 * and streams with its own key, and the state operators on its stream (balances resynced from M8
 * over REST by the master, orders resynced from the simulator's book); ways to look at what the
 * stream did. The checks of a row are in `row-checks.ts`.
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
  type ClientConfig,
  type FetchLike,
  type OrderBook,
  type OrderSeed,
  type UserDataEvent,
  type UserDataStreamOptions,
} from '../../../src/index.js';
import type { OrderView, Simulator, SimulatorOptions, WsRules } from '../../../src/simulator/index.js';
import { subtractDecimal } from '../../../src/decimal/arithmetic.js';
import type { MarketEvent } from '../../../src/stream/events.js';
import { startDrivenSim, type SimDrive } from '../../support/sim-drive.js';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
/** The sub-account that trades and streams. */
export const ACCOUNT = 'faultsub01';

/** A REST request the client made, as the recorder saw it. */
export interface SentRequest {
  readonly method: string;
  readonly path: string;
  /** Simulator clock time it was sent, epoch ms. */
  readonly at: number;
}

/** A running row. */
export interface Row {
  readonly sim: Simulator;
  /** Moves the simulator's clock (every wait of a row is on it). */
  readonly drive: SimDrive;
  /** The master, which reads the sub-account's balances (M8). */
  readonly master: Client;
  /** The sub-account's client, whose stream is under test. */
  readonly client: Client;
  readonly events: UserDataEvent[];
  /** Every REST request of either client. */
  readonly requests: SentRequest[];
  readonly snapshots: { balances: BalanceSnapshot | undefined; book: OrderBook | undefined };
  /** Sequence number of the first push after the stream started (the funding before it does not count). */
  readonly firstSeq: number;
  /** The stream's error, if it ended with one. */
  error: unknown;
  /** Unsubscribes from the stream (the last subscriber: the key is DELETEd). */
  unsubscribe(): void;
  /** Unsubscribes and stops the simulator. */
  stop(): Promise<void>;
}

/** Settings of a row. */
export interface RowOptions {
  readonly sim?: Omit<SimulatorOptions, 'clock' | 'realtime' | 'speed'>;
  readonly rules?: Partial<WsRules>;
  readonly stream?: UserDataStreamOptions;
  /** Settings of both clients (the master's and the sub-account's). */
  readonly client?: ClientConfig;
  /** Runs on the simulator before the stream starts (to block a channel, arm a fault). */
  readonly before?: (sim: Simulator) => void;
  /** Wraps the recording `fetch` (to make it fail on purpose). */
  readonly fetch?: (inner: FetchLike) => FetchLike;
}

/** The seed form of a simulator order, as a REST query of the orders would give it. */
export function seedOf(order: OrderView): OrderSeed {
  return {
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    side: order.side,
    orderType: order.orderType,
    price: order.price,
    quantity: order.quantity,
    amount: order.amount,
    status: order.status,
    cumulativeQuantity: order.filledQuantity,
    cumulativeAmount: order.filledAmount,
    remainQuantity: subtractDecimal(order.quantity, order.filledQuantity),
    remainAmount: subtractDecimal(order.amount, order.filledAmount),
    avgPrice: order.filledQuantity === '0' ? '0' : order.price,
    createTime: order.createTime,
    updatedAt: order.updateTime,
  };
}

function recordingFetch(sim: Simulator, requests: SentRequest[], inner: FetchLike): FetchLike {
  return (input, init) => {
    // The client may pass a URL and an init, or a Request (as ky does).
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    requests.push({ method, path: url.pathname, at: sim.clock.now() });
    return inner(input, init);
  };
}

/**
 * Starts a row: simulator, funded sub-account with its key, clients, and the stream with its
 * recorder and state operators; resolves once the stream is connected.
 */
export async function startRow(options: RowOptions = {}): Promise<Row> {
  const { sim, drive } = await startDrivenSim({ ...options.sim, ws: { ...options.sim?.ws, ...options.rules } });
  sim.admin.createSubAccount(sim.master.name, ACCOUNT);
  sim.admin.fund(ACCOUNT, 'USDT', '1000000');
  sim.admin.fund(ACCOUNT, 'BTC', '100');
  const requests: SentRequest[] = [];
  const recorder = recordingFetch(sim, requests, drive.watchFetch());
  const fetchImpl = options.fetch ? options.fetch(recorder) : recorder;
  const common = { baseUrl: sim.restUrl, wsUrl: sim.wsUrl, clock: () => sim.clock.now(), scheduler: sim.scheduler, recvWindow: 60_000, fetch: fetchImpl, ...options.client };
  const master = createClient({ ...common, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey });
  const keys = sim.admin.createApiKey(ACCOUNT);
  const client = createClient({ ...common, apiKey: keys.apiKey, secretKey: keys.secretKey });
  const assets = (): Observable<readonly { asset: string; free: string; locked: string }[]> => getSubAccountAssets(master, { subAccount: ACCOUNT });
  const orders = (): Observable<OrderSeed[]> => defer(() => of(sim.market.orders(ACCOUNT).map(seedOf)));
  options.before?.(sim);
  const events$ = userDataStream(client, { random: () => 0.5, ...options.stream });
  const events: UserDataEvent[] = [];
  const snapshots: Row['snapshots'] = { balances: undefined, book: undefined };
  const subscriptions: Subscription[] = [];
  const row: Row = {
    sim,
    drive,
    master,
    client,
    events,
    requests,
    snapshots,
    firstSeq: (sim.ws.pushes(ACCOUNT).at(-1)?.seq ?? 0) + 1,
    error: undefined,
    unsubscribe() {
      for (const s of subscriptions.splice(0)) s.unsubscribe();
    },
    async stop() {
      row.unsubscribe();
      await sim.close();
    },
  };
  subscriptions.push(
    events$.subscribe({
      next: (event) => events.push(event),
      error: (error: unknown) => {
        row.error = error;
      },
    }),
    events$.pipe(balanceSnapshots({ seed: assets(), resync: assets })).subscribe({ next: (s) => (snapshots.balances = s), error: () => undefined }),
    events$.pipe(reduceOrders({ seed: orders(), resync: orders, scheduler: sim.scheduler })).subscribe({ next: (b) => (snapshots.book = b), error: () => undefined }),
  );
  await drive.until('the first connection', () => count(row, 'connected') >= 1 || row.error !== undefined);
  return row;
}

/** Waits (real time, polling every 2 ms) until `condition` holds; rejects after `timeoutMs` real ms naming `what`. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** How many events of `type` the row has seen. */
export function count(row: Row, type: UserDataEvent['type']): number {
  return row.events.filter((e) => e.type === type).length;
}

/** The events of one type. */
export function ofType<T extends UserDataEvent['type']>(row: Row, type: T): Extract<UserDataEvent, { type: T }>[] {
  return row.events.filter((e): e is Extract<UserDataEvent, { type: T }> => e.type === type);
}

/** The lifecycle events' types in order (market events left out). */
export function lifecycle(row: Row): string[] {
  return row.events.flatMap((e) => (isMarket(e) ? [] : [e.type === 'diagnostic' ? `diagnostic:${e.code}` : e.type]));
}

/** Whether an event is a market event (account, deal, order). */
export function isMarket(e: UserDataEvent): e is MarketEvent {
  return e.type === 'account' || e.type === 'deal' || e.type === 'order';
}

/** Trades: a scripted session of `orders` orders (each placed, then filled, part-filled or canceled). */
export function trade(row: Row, orders: number, seed: number): void {
  row.sim.market.runSession({ account: ACCOUNT, orders, seed });
}
