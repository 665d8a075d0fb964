/**
 * The browser example's backend: starts the simulator, sets up a funded sub-account with an API
 * key, and serves the page, its bundle and the few endpoints the page needs, on 127.0.0.1. The
 * sub-account's secret stays here: the page asks for listen keys and never sees a credential.
 *
 * Run it by hand with `npx tsx examples/browser/server.ts`: it prints the page's URL and trades
 * slowly on the sub-account so you can watch the tables change.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { setUpFundedAccount, type ExampleAccount } from './account.js';
import { buildBundle } from './build.js';
import { driveMarketSlowly } from './drive.js';
import { isMain } from './is-main.js';
import { listenKeyService } from './listen-keys.js';
import { createRoutes, type PageFiles } from './routes.js';
import { balanceSeeds, orderSeeds } from './seeds.js';

/** A running example backend. */
export interface ExampleServer {
  /** The page's address, `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** The simulator behind it (drive its market to see the page change). */
  readonly sim: Simulator;
  /** The funded sub-account the page watches. */
  readonly account: ExampleAccount;
  /** Closes the listen keys still open, the server and the simulator. Safe to call twice. */
  close(): Promise<void>;
}

/** Settings of {@link startExampleServer}. */
export interface ExampleServerOptions {
  /** The page's bundle, when already built. Default: built now with {@link buildBundle}. */
  readonly bundle?: string;
}

async function pageFiles(bundle: string | undefined): Promise<PageFiles> {
  const read = (name: string): Promise<string> => readFile(new URL(`./page/${name}`, import.meta.url), 'utf8');
  const [html, css, js] = await Promise.all([read('index.html'), read('style.css'), bundle ?? buildBundle()]);
  return { html, css, js };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Starts the simulator and the backend (port 0: a free port on 127.0.0.1).
 *
 * @example
 * ```ts
 * const example = await startExampleServer();
 * console.log(`open ${example.url}`);
 * example.sim.market.placeOrder({ account: example.account.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
 * await example.close();
 * ```
 */
export async function startExampleServer(options: ExampleServerOptions = {}): Promise<ExampleServer> {
  const sim = await startSimulator({ realtime: true });
  try {
    const [account, files] = await Promise.all([setUpFundedAccount(sim), pageFiles(options.bundle)]);
    const listenKeys = listenKeyService(account.trader);
    const server = createServer(
      createRoutes({
        files,
        config: { wsUrl: sim.wsUrl, account: account.name },
        listenKeys,
        balances: () => balanceSeeds(account.master, account.name),
        orders: () => orderSeeds(sim, account.name),
      }),
    );
    const port = await listen(server);
    let closing: Promise<void> | undefined;
    return {
      url: `http://127.0.0.1:${port}/`,
      sim,
      account,
      close() {
        closing ??= (async () => {
          await Promise.allSettled(listenKeys.open().map((key) => listenKeys.close(key)));
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          await sim.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await sim.close();
    throw error;
  }
}

async function main(): Promise<void> {
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  const example = await startExampleServer();
  say(`mexc-rx browser example: open ${example.url} in a browser (Ctrl+C to stop)`);
  say(`simulator at ${example.sim.restUrl}; sub-account ${example.account.name} funded with 25000 USDT and 1.5 BTC`);
  say('trading BTCUSDT on it, one step every 1.5 s');
  const driver = driveMarketSlowly(example.sim, example.account.name, { report: (line) => say(line) });
  const stop = (): void => {
    driver.stop();
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
