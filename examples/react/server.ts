/**
 * The React example's backend: starts the simulator, sets up a funded sub-account with an API key,
 * mounts `createListenKeyBroker` for it, serves the page and its bundle on 127.0.0.1, and trades on
 * the sub-account with the simulator's market driver so the page's numbers move. The secret stays
 * here: the page gets listen keys and account reads through the broker, nothing else.
 *
 * `npm run example:react` (or `npx tsx examples/react/server.ts [--port N]`) prints the page's URL;
 * Ctrl+C closes the page's keys, the server and the simulator.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createListenKeyBroker } from '../../src/server/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { driveMarketSlowly } from '../browser/drive.js';
import { isMain } from '../browser/is-main.js';
import { setUpSubAccount, type FundedSubAccount } from './account.js';
import { buildPage } from './build.js';
import { BROKER_PATH, createRoutes, pageHtml, type PageFiles } from './routes.js';

/** The one trading pair the market driver trades, and the page reads open orders of. */
export const SYMBOL = 'BTCUSDT';

/** A running example backend. */
export interface ReactExample {
  /** The page's address, `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** The simulator behind it. */
  readonly sim: Simulator;
  /** The funded sub-account the page watches. */
  readonly account: FundedSubAccount;
  /** Starts the market driver, unless it is running. */
  startTrading(): void;
  /** Stops the market driver (the page's numbers then settle). */
  stopTrading(): void;
  /** Stops trading, DELETEs every key the broker issued, closes the server and the simulator. Safe to call twice. */
  close(): Promise<void>;
}

/** Settings of {@link startReactExample}. */
export interface ReactExampleOptions {
  /** Port on 127.0.0.1. Default 0: one the system picks. */
  readonly port?: number | undefined;
  /** Whether the market driver starts trading at once. Default `true`; else when `startTrading()` is called. */
  readonly trade?: boolean | undefined;
  /** Time between two of the market driver's steps (a placement, a fill or a cancel), ms. Default 1500. */
  readonly tradeIntervalMs?: number | undefined;
  /** The page's bundle, when built already. Default: built now, with React's development build. */
  readonly bundle?: string | undefined;
}

async function pageFiles(bundle: string | undefined): Promise<Omit<PageFiles, 'html'> & { readonly template: string }> {
  const read = (name: string): Promise<string> => readFile(new URL(`./page/${name}`, import.meta.url), 'utf8');
  const [template, css, js] = await Promise.all([read('index.html'), read('style.css'), bundle ?? buildPage()]);
  return { template, css, js };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts the simulator, the broker and the backend, and starts trading.
 *
 * @example
 * ```ts
 * const example = await startReactExample({ tradeIntervalMs: 500 });
 * console.log(`open ${example.url}`);
 * await example.close();
 * ```
 */
export async function startReactExample(options: ReactExampleOptions = {}): Promise<ReactExample> {
  const sim = await startSimulator({ realtime: true });
  const server = createServer();
  try {
    const [account, files] = await Promise.all([setUpSubAccount(sim), pageFiles(options.bundle)]);
    const port = await listen(server, options.port ?? 0);
    // The broker checks the Origin of every request against the page's own, known once the port
    // is; the routes are attached then, before anyone was told the port.
    const broker = createListenKeyBroker(account.trader, {
      path: BROKER_PATH,
      allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
      symbols: [SYMBOL],
    });
    server.on('request', createRoutes({ ...files, html: pageHtml(files.template, { wsUrl: sim.wsUrl, account: account.name }) }, broker));
    let driver: { stop(): void } | undefined;
    const startTrading = (): void => {
      driver ??= driveMarketSlowly(sim, account.name, { intervalMs: options.tradeIntervalMs ?? 1500 });
    };
    const stopTrading = (): void => {
      driver?.stop();
      driver = undefined;
    };
    if (options.trade ?? true) startTrading();
    let closing: Promise<void> | undefined;
    return {
      url: `http://127.0.0.1:${port}/`,
      sim,
      account,
      startTrading,
      stopTrading,
      close() {
        closing ??= (async () => {
          stopTrading();
          await broker.close();
          await closeServer(server);
          await Promise.all([account.trader.close(), account.master.close()]);
          await sim.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await closeServer(server);
    await sim.close();
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' } } });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: a port number from 0 to 65535, not ${values.port ?? ''}`);
  const example = await startReactExample({ port });
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  say(`mexc-rx React example: open ${example.url} in a browser (Ctrl+C to stop)`);
  say(`sub-account ${example.account.name}, funded with 25000 USDT and 1.5 BTC, trading ${SYMBOL} on the simulator at ${example.sim.restUrl}`);
  const stop = (): void => void example.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`example failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exit(1);
  });
}
