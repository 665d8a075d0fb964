/**
 * The streaming half of the scale benchmark: one process runs `userDataStreams` over every
 * sub-account of a simulator in a child process, and measures the time until all are connected,
 * the heap each stream holds, and the events per second the subscriber gets while every account
 * trades at once.
 *
 * @module
 */
import { BehaviorSubject, type Subscription } from 'rxjs';
import { createClient, createRequestBudget, type Client } from '../src/index.js';
import { isMarketEvent } from '../src/scale/tagged-event.js';
import { userDataStreams, type AccountSet, type UserDataStreamsOptions } from '../src/scale/user-data-streams.js';
import { startBenchChild } from './child-process.js';
import type { ScaleAccount, ScaleServerInfo, TradeDone, TradeRequest } from './scale-sim-server.js';
import { collectGarbage, megabytes } from './stats.js';
import { waitFor } from './wait.js';
import { UNLIMITED_BUDGET_LIMIT } from './load.js';


/** The simulator child and the clients of its accounts. */
export interface ScaleServer {
  readonly info: ScaleServerInfo;
  readonly clients: ReadonlyMap<string, Client>;
  /** Runs a trading session on every account (or the first `accounts`); resolves with what was pushed. */
  trade(orders: number, seed: number, accounts?: number): Promise<TradeDone>;
  stop(): Promise<void>;
}

/** How to start the simulator child and make its accounts' clients. */
export interface ScaleServerOptions {
  /** Whose sub-accounts they are. Default `broker`. */
  readonly parent?: 'master' | 'broker';
  /** Give the simulator the service's request budget and IP ban. Default false (no budget). */
  readonly serviceBudget?: boolean;
  /** Have the broker make its sub-accounts through the API (B2, B5, B13). Default false (the simulator's admin). */
  readonly viaApi?: boolean;
  /** Makes an account's client. Default: a client with a request budget raised out of the way, shared by all. */
  readonly client?: (info: ScaleServerInfo, account: ScaleAccount) => Client;
}

/**
 * Starts the simulator child with `accounts` sub-accounts.
 *
 * @example
 * ```ts
 * const server = await startScaleServer(200);
 * ```
 */
export async function startScaleServer(accounts: number, options: ScaleServerOptions = {}): Promise<ScaleServer> {
  const server = await startBenchChild<ScaleServerInfo>(new URL('./scale-sim-server.ts', import.meta.url), {
    SCALE_ACCOUNTS: String(accounts),
    SCALE_PARENT: options.parent ?? 'broker',
    SCALE_BUDGET: options.serviceBudget === true ? 'service' : 'off',
    SCALE_VIA_API: options.viaApi === true ? '1' : '0',
  });
  const { info } = server;
  // Without the simulator's budget, the clients' is raised out of the way too (its bookkeeping still runs).
  const budget = createRequestBudget({ ipLimit: UNLIMITED_BUDGET_LIMIT, accountLimit: UNLIMITED_BUDGET_LIMIT, maxInFlight: Infinity });
  const make =
    options.client ??
    ((i: ScaleServerInfo, a: ScaleAccount) => createClient({ baseUrl: i.restUrl, wsUrl: i.wsUrl, apiKey: a.apiKey, secretKey: a.secretKey, recvWindow: 60_000, budget }));
  const clients = new Map(info.accounts.map((a) => [a.name, make(info, a)]));
  const isTradeDone = (message: unknown): message is TradeDone => (message as TradeDone | undefined)?.type === 'traded';
  return {
    info,
    clients,
    trade: (orders, seed, count) => {
      const request: TradeRequest = { type: 'trade', orders, seed, ...(count === undefined ? {} : { accounts: count }) };
      return server.ask(request, isTradeDone);
    },
    stop: () => server.stop(),
  };
}

/** Unsubscribes, then lets the closes and key DELETEs go out (before the next round opens as many again). */
async function stop(subscription: Subscription | undefined): Promise<void> {
  if (subscription === undefined || subscription.closed) return;
  subscription.unsubscribe();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** One round's figures. */
export interface StreamRound {
  /** From subscription to the last account's `connected`, ms. */
  readonly connectMs: number;
  /** Market events per second at the subscriber while every account trades (bounded by how fast the simulator trades). */
  readonly eventsPerSecond: number;
  /** CPU time this process spent per event received while every account traded, µs (the library's cost, whatever the producer's pace). */
  readonly cpuMicrosPerEvent: number;
  readonly events: number;
}

/**
 * Streams every account of `server` once: connect all, trade once on all, stop.
 *
 * @example
 * ```ts
 * const round = await streamRound(server, { startsPerSecond: 20 }, 3, 1);
 * ```
 */
export async function streamRound(server: ScaleServer, options: UserDataStreamsOptions, orders: number, seed: number): Promise<StreamRound> {
  const accounts = server.clients.size;
  let connected = 0;
  let market = 0;
  let failed: string | undefined;
  const failure = (): string | undefined => failed;
  const started = performance.now();
  let subscription: Subscription | undefined;
  try {
    subscription = userDataStreams(new BehaviorSubject<AccountSet>(server.clients), options).subscribe((tagged) => {
      if (tagged.event.type === 'connected') connected += 1;
      else if (isMarketEvent(tagged.event)) market += 1;
      else if (tagged.event.type === 'stopped') failed ??= `account ${tagged.account} stopped: ${String(tagged.event.error)}`;
    });
    await waitFor('every account connected', () => connected >= accounts, failure, 2);
    const connectMs = performance.now() - started;
    const tradeStart = performance.now();
    const cpuStart = process.cpuUsage();
    const { delivered } = await server.trade(orders, seed);
    await waitFor('every pushed event', () => market >= delivered, failure, 2);
    const seconds = (performance.now() - tradeStart) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    return { connectMs, eventsPerSecond: delivered / seconds, cpuMicrosPerEvent: (cpu.user + cpu.system) / delivered, events: delivered };
  } finally {
    await stop(subscription);
  }
}

/** Connects every account (unpaced), runs `whileConnected`, then closes them all. */
async function connectAll(server: ScaleServer, whileConnected: () => Promise<void> | void): Promise<void> {
  let connected = 0;
  let failed: string | undefined;
  const subscription = userDataStreams(new BehaviorSubject<AccountSet>(server.clients), { startsPerSecond: 1000, maxConcurrentStarts: 64 }).subscribe((tagged) => {
    if (tagged.event.type === 'connected') connected += 1;
    else if (tagged.event.type === 'stopped') failed ??= `account ${tagged.account} stopped`;
  });
  try {
    await waitFor('every account connected', () => connected >= server.clients.size, () => failed, 2);
    await whileConnected();
  } finally {
    await stop(subscription);
  }
}

/**
 * The heap one connected, idle stream holds, KB. A first connect-and-close of every account
 * warms what any run keeps anyway (compiled code, HTTP connection pools); then: a full
 * collection, the heap; every account connected (unpaced), a full collection, the heap; the
 * difference over the number of streams. Meaningful only with --expose-gc.
 *
 * @example
 * ```ts
 * const kb = await heapPerStream(server);
 * ```
 */
export async function heapPerStream(server: ScaleServer): Promise<number> {
  await connectAll(server, () => undefined);
  await new Promise((resolve) => setTimeout(resolve, 300));
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  let open = before;
  await connectAll(server, async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    collectGarbage();
    open = process.memoryUsage().heapUsed;
  });
  return (megabytes(open - before) * 1000) / server.clients.size;
}
