/**
 * The operations example: a broker's sub-accounts streaming in one process, watched as an
 * operator watches them. It starts the simulator, creates the broker's sub-accounts through the
 * API (each with a key and funds), runs every account's stream with `userDataStreams`, trades on
 * them with the simulator's market driver, exports the library's metrics with the OpenTelemetry
 * Prometheus exporter and serves the health probes, both on 127.0.0.1.
 *
 * `npm run example:operations` (or `npx tsx examples/operations/server.ts [--accounts N]
 * [--metrics-port N] [--health-port N] [--pace MS]`) prints the URLs; Ctrl+C (or SIGTERM) stops
 * trading, closes the probes, stops every stream (their listen keys DELETEd), closes the clients,
 * the metrics endpoint and the simulator.
 */
import { parseArgs } from 'node:util';
import { createClient } from '../../src/index.js';
import { createHealthHandler } from '../../src/server/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { driveMarketSlowly } from '../browser/drive.js';
import { isMain } from '../browser/is-main.js';
import { brokerFundsFor, createSubAccounts, subAccountNames, type SubAccount } from './accounts.js';
import type { DeliveredCounts } from './delivered.js';
import { listenLocally } from './listen.js';
import { serveMetrics } from './metrics.js';
import { runStreams } from './streams.js';

/** A running example. */
export interface OperationsExample {
  /** The Prometheus scrape: `http://127.0.0.1:PORT/metrics`. */
  readonly metricsUrl: string;
  /** The liveness probe: `http://127.0.0.1:PORT/livez`. */
  readonly livenessUrl: string;
  /** The readiness probe: `http://127.0.0.1:PORT/readyz`. */
  readonly readinessUrl: string;
  /** The simulator playing the service. */
  readonly sim: Simulator;
  /** The broker's sub-accounts, with their keys (they stay in this process). */
  readonly accounts: readonly SubAccount[];
  /** Market events the example's own subscriber received so far, per kind. */
  delivered(): DeliveredCounts;
  /** Starts trading on every sub-account, unless it is trading. */
  startTrading(): void;
  /** Stops trading (after each account's current step): the figures then stop moving. */
  stopTrading(): void;
  /** Stops and closes everything, in order. Safe to call twice. */
  close(): Promise<void>;
}

/** Settings of {@link startOperationsExample}. */
export interface OperationsExampleOptions {
  /** Broker sub-accounts to create and stream, 1 to 1000. Default 50. */
  readonly accounts?: number | undefined;
  /** Port of the metrics endpoint on 127.0.0.1. Default 0: one the system picks. */
  readonly metricsPort?: number | undefined;
  /** Port of the health probes on 127.0.0.1. Default 0: one the system picks. */
  readonly healthPort?: number | undefined;
  /** Whether trading starts once every stream is live. Default `true`; else when `startTrading()` is called. */
  readonly trade?: boolean | undefined;
  /** Time between two trading steps (a placement, a fill or a cancel) of each account, ms. Default 1000. */
  readonly tradeIntervalMs?: number | undefined;
  /** Told when something goes wrong in the background (a stream failed, keys left open). Default: stderr. */
  readonly report?: ((line: string) => void) | undefined;
}

/** The longest the example waits for every stream to be live before it gives up. */
const LIVE_TIMEOUT_MS = 30_000;

/** Closes what was opened, newest first. */
function closers(): { add(close: () => Promise<void>): void; closeAll(): Promise<void> } {
  const stack: (() => Promise<void>)[] = [];
  return {
    add: (close) => void stack.push(close),
    async closeAll() {
      for (let close = stack.pop(); close !== undefined; close = stack.pop()) await close();
    },
  };
}

function trading(sim: Simulator, accounts: readonly SubAccount[], intervalMs: number): { start(): void; stop(): void } {
  let drivers: { stop(): void }[] | undefined;
  return {
    start() {
      // Each account its own script: seeds far enough apart that no two accounts play the same session.
      drivers ??= accounts.map(({ name }, index) => driveMarketSlowly(sim, name, { intervalMs, firstSeed: 1 + index * 10_000 }));
    },
    stop() {
      for (const driver of drivers ?? []) driver.stop();
      drivers = undefined;
    },
  };
}

/**
 * Starts the simulator, the broker's sub-accounts, their streams, the metrics endpoint and the
 * health probes; resolves once every stream is live (and trading has begun, unless `trade: false`).
 *
 * @example
 * ```ts
 * const example = await startOperationsExample({ accounts: 50 });
 * console.log(`scrape ${example.metricsUrl}, ask ${example.readinessUrl}`);
 * await example.close();
 * ```
 */
export async function startOperationsExample(options: OperationsExampleOptions = {}): Promise<OperationsExample> {
  const count = options.accounts ?? 50;
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new RangeError(`accounts: a whole number from 1 to 1000, not ${count}`);
  const report = options.report ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const sim = await startSimulator({ realtime: true, broker: { balances: brokerFundsFor(count) } });
  const owned = closers();
  owned.add(() => sim.close());
  try {
    const metrics = await serveMetrics(options.metricsPort ?? 0);
    owned.add(() => metrics.close());
    const broker = createClient({ baseUrl: sim.restUrl, wsUrl: sim.wsUrl, apiKey: sim.broker.apiKey, secretKey: sim.broker.secretKey, meterProvider: metrics.meterProvider });
    owned.add(async () => void (await broker.close()));
    const accounts = await createSubAccounts(broker, subAccountNames(count));
    const streams = runStreams(sim, accounts, metrics, report);
    owned.add(() => streams.close());
    const health = createHealthHandler({ health: streams.events$.health() });
    const probes = await listenLocally(options.healthPort ?? 0, (req, res) => health.node(req, res));
    owned.add(async () => {
      health.close();
      await probes.close();
    });
    const market = trading(sim, accounts, options.tradeIntervalMs ?? 1000);
    owned.add(async () => market.stop());
    await streams.whenLive(LIVE_TIMEOUT_MS);
    if (options.trade ?? true) market.start();
    let closing: Promise<void> | undefined;
    return {
      metricsUrl: metrics.url,
      livenessUrl: `http://127.0.0.1:${probes.port}/livez`,
      readinessUrl: `http://127.0.0.1:${probes.port}/readyz`,
      sim,
      accounts,
      delivered: () => streams.delivered(),
      startTrading: () => market.start(),
      stopTrading: () => market.stop(),
      close: () => (closing ??= owned.closeAll()),
    };
  } catch (error) {
    await owned.closeAll();
    throw error;
  }
}

function wholeNumber(name: string, text: string | undefined, fallback: number, [min, max]: readonly [number, number]): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`--${name}: a whole number from ${min} to ${max}, not ${text}`);
  return value;
}

/** Every 10 s, a line of what was delivered: a person watching sees the figures move. */
const PROGRESS_EVERY_MS = 10_000;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { accounts: { type: 'string' }, 'metrics-port': { type: 'string' }, 'health-port': { type: 'string' }, pace: { type: 'string' } } });
  const example = await startOperationsExample({
    accounts: wholeNumber('accounts', values.accounts, 50, [1, 1000]),
    metricsPort: wholeNumber('metrics-port', values['metrics-port'], 0, [0, 65535]),
    healthPort: wholeNumber('health-port', values['health-port'], 0, [0, 65535]),
    tradeIntervalMs: wholeNumber('pace', values.pace, 1000, [10, 3_600_000]),
  });
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  say(`mexc-rx operations example: ${example.accounts.length} broker sub-accounts streaming from the simulator at ${example.sim.restUrl}`);
  say(`metrics (Prometheus):  ${example.metricsUrl}`);
  say(`liveness:              ${example.livenessUrl}`);
  say(`readiness:             ${example.readinessUrl}`);
  say('trading on every sub-account; Ctrl+C to stop');
  const progress = setInterval(() => {
    const { account, deal, order } = example.delivered();
    say(`delivered so far: ${account} account, ${deal} deal, ${order} order events`);
  }, PROGRESS_EVERY_MS);
  const stop = (): void => {
    clearInterval(progress);
    say('closing: trading, probes, streams (listen keys DELETEd), clients, metrics, simulator');
    void example.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`example failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exit(1);
  });
}
