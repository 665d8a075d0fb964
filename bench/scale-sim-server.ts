/**
 * The simulator for the scale benchmark, in a child process (its own event loop, as the real
 * service would be): real-time clock, no request budget, `SCALE_ACCOUNTS` (default 200) funded
 * broker sub-accounts with a key each. Sends {@link ScaleServerInfo} to its parent; on
 * `{ type: 'trade', orders, seed }` runs a trading session on every account (ten accounts at a
 * time, yielding between them) and answers `{ type: 'traded', delivered }` (events pushed to at
 * least one connection). Stops when the parent disconnects (or after 15 minutes).
 *
 * @module
 */
import { startSimulator } from '../src/simulator/index.js';

/** An account the parent streams. */
export interface ScaleAccount {
  readonly name: string;
  readonly apiKey: string;
  readonly secretKey: string;
}

/** What the child tells its parent once listening. */
export interface ScaleServerInfo {
  readonly type: 'ready';
  readonly restUrl: string;
  readonly wsUrl: string;
  readonly accounts: readonly ScaleAccount[];
}

/** A trading round asked by the parent. */
export interface TradeRequest {
  readonly type: 'trade';
  readonly orders: number;
  readonly seed: number;
}

/** The answer to a {@link TradeRequest}. */
export interface TradeDone {
  readonly type: 'traded';
  /** Events pushed by this round to at least one connection. */
  readonly delivered: number;
}

const LIFETIME_MS = 15 * 60_000;
const count = Number(process.env['SCALE_ACCOUNTS'] ?? 200);

const sim = await startSimulator({ realtime: true, rateLimit: false });
const accounts: ScaleAccount[] = [];
for (let i = 0; i < count; i++) {
  const name = `bench${String(i).padStart(5, '0')}`;
  sim.admin.createSubAccount(sim.broker.name, name);
  sim.admin.fund(name, 'USDT', '100000000');
  sim.admin.fund(name, 'BTC', '10000');
  const keys = sim.admin.createApiKey(name);
  accounts.push({ name, apiKey: keys.apiKey, secretKey: keys.secretKey });
}

const stop = (code: number): void => {
  void sim.close().then(() => process.exit(code));
};
process.on('disconnect', () => stop(0));
setTimeout(() => stop(1), LIFETIME_MS).unref();

const delivered = (): number => accounts.reduce((sum, a) => sum + sim.ws.pushes(a.name).filter((p) => p.deliveries.length > 0).length, 0);

process.on('message', (message: TradeRequest) => {
  if (message.type !== 'trade') return;
  void (async () => {
    const before = delivered();
    for (const [i, account] of accounts.entries()) {
      sim.market.runSession({ account: account.name, orders: message.orders, seed: message.seed * 100_000 + i });
      if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    const done: TradeDone = { type: 'traded', delivered: delivered() - before };
    process.send?.(done);
  })();
});

const info: ScaleServerInfo = { type: 'ready', restUrl: sim.restUrl, wsUrl: sim.wsUrl, accounts };
if (process.send) process.send(info);
else stop(1);
