/**
 * The simulator for the scale benchmarks, in a child process (its own event loop, as the real
 * service would be): real-time clock, `SCALE_ACCOUNTS` (default 200) funded sub-accounts with a key
 * each, of the broker (default) or, with `SCALE_PARENT=master`, of the master (at most 30: the
 * simulator keeps the service's limit per master); made by the simulator's admin, or with
 * `SCALE_VIA_API=1` by the broker through the API (B2, B5, B13) as a back office does; no request
 * budget, or with `SCALE_BUDGET=service` the service's (500 per 10 s per endpoint, per IP and per
 * account) and its IP ban. Sends {@link ScaleServerInfo} to its
 * parent; on `{ type: 'trade', orders, seed, accounts? }` runs a trading session on every account
 * (or the first `accounts`; ten at a time, yielding between them) and answers `{ type: 'traded',
 * delivered, digests }` (events pushed to at least one connection, and per account the digest of
 * those events). Stops when the parent disconnects (or after 15 minutes).
 *
 * @module
 */
import { createClient } from '../src/index.js';
import { startSimulator } from '../src/simulator/index.js';
import { createBrokerSubAccounts } from './broker-accounts.js';
import { EventDigest } from './event-digest.js';

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
  /** The master's key (the parent of the accounts with `SCALE_PARENT=master`). */
  readonly master: { readonly apiKey: string; readonly secretKey: string };
  readonly accounts: readonly ScaleAccount[];
}

/** A trading round asked by the parent. */
export interface TradeRequest {
  readonly type: 'trade';
  readonly orders: number;
  readonly seed: number;
  /** Trade on the first this many accounts only. Default all. */
  readonly accounts?: number;
}

/** The answer to a {@link TradeRequest}. */
export interface TradeDone {
  readonly type: 'traded';
  /** Events pushed by this round to at least one connection. */
  readonly delivered: number;
  /** Per account that traded: the count and digest of the events this round pushed to it. */
  readonly digests: Readonly<Record<string, { readonly count: number; readonly digest: string }>>;
}

const LIFETIME_MS = 15 * 60_000;
const count = Number(process.env['SCALE_ACCOUNTS'] ?? 200);
const underMaster = process.env['SCALE_PARENT'] === 'master';
const serviceBudget = process.env['SCALE_BUDGET'] === 'service';
const viaApi = process.env['SCALE_VIA_API'] === '1' && !underMaster;
const FUNDS = { USDT: '100000000', BTC: '10000' } as const;

const sim = await startSimulator({
  realtime: true,
  ...(serviceBudget ? {} : { rateLimit: false as const }),
  broker: { balances: { USDT: String(100_000_000 * (count + 1)), BTC: String(10_000 * (count + 1)) } },
});
const names = Array.from({ length: count }, (_, i) => `bench${String(i).padStart(5, '0')}`);
const accounts: ScaleAccount[] = [];
if (viaApi) {
  // A long timeout: this process answers the requests it sends, on a machine that may be busy.
  const broker = createClient({ baseUrl: sim.restUrl, apiKey: sim.broker.apiKey, secretKey: sim.broker.secretKey, recvWindow: 60_000, timeout: 60_000 });
  accounts.push(...(await createBrokerSubAccounts(broker, names, FUNDS)).sort((a, b) => (a.name < b.name ? -1 : 1)));
  await broker.close();
} else {
  for (const name of names) {
    sim.admin.createSubAccount(underMaster ? sim.master.name : sim.broker.name, name);
    for (const [asset, amount] of Object.entries(FUNDS)) sim.admin.fund(name, asset, amount);
    const keys = sim.admin.createApiKey(name);
    accounts.push({ name, apiKey: keys.apiKey, secretKey: keys.secretKey });
  }
}

const stop = (code: number): void => {
  void sim.close().then(() => process.exit(code));
};
process.on('disconnect', () => stop(0));
setTimeout(() => stop(1), LIFETIME_MS).unref();

const deliveredTo = (name: string) => sim.ws.pushes(name).filter((p) => p.deliveries.length > 0);

process.on('message', (message: TradeRequest) => {
  if (message.type !== 'trade') return;
  void (async () => {
    const trading = accounts.slice(0, message.accounts ?? accounts.length);
    const before = new Map(trading.map((a) => [a.name, deliveredTo(a.name).length]));
    for (const [i, account] of trading.entries()) {
      sim.market.runSession({ account: account.name, orders: message.orders, seed: message.seed * 100_000 + i });
      if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    const digests: Record<string, { count: number; digest: string }> = {};
    let delivered = 0;
    for (const account of trading) {
      const digest = new EventDigest();
      for (const push of deliveredTo(account.name).slice(before.get(account.name))) digest.add(push.event);
      digests[account.name] = { count: digest.count, digest: digest.digest() };
      delivered += digest.count;
    }
    const done: TradeDone = { type: 'traded', delivered, digests };
    process.send?.(done);
  })();
});

const info: ScaleServerInfo = { type: 'ready', restUrl: sim.restUrl, wsUrl: sim.wsUrl, master: { apiKey: sim.master.apiKey, secretKey: sim.master.secretKey }, accounts };
if (process.send) process.send(info);
else stop(1);
