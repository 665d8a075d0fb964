/**
 * The simulator of the request-budget benchmark, in a child process: real-time clock, the
 * service's request budget (500 per 10 s per endpoint, per IP and per account; `BUDGET_LIMIT` and
 * `BUDGET_WINDOW_MS` to change it) and its IP ban, `BUDGET_MASTERS` master accounts and as many
 * brokers, each with one sub-account (for the operations that name one). Sends
 * {@link BudgetServerInfo} to its parent; stops when the parent disconnects (or after 10 minutes).
 *
 * @module
 */
import { startSimulator } from '../src/simulator/index.js';

/** One account the parent calls with. */
export interface BudgetAccount {
  readonly kind: 'master' | 'broker';
  readonly apiKey: string;
  readonly secretKey: string;
  /** Its sub-account. */
  readonly subAccount: string;
}

/** What the child tells its parent once listening. */
export interface BudgetServerInfo {
  readonly type: 'ready';
  readonly restUrl: string;
  readonly accounts: readonly BudgetAccount[];
}

const LIFETIME_MS = 10 * 60_000;
const masters = Number(process.env['BUDGET_MASTERS'] ?? 50);
const limit = Number(process.env['BUDGET_LIMIT'] ?? 500);
const windowMs = Number(process.env['BUDGET_WINDOW_MS'] ?? 10_000);

const sim = await startSimulator({ realtime: true, rateLimit: { limit, windowMs } });
const accounts: BudgetAccount[] = [];
for (let i = 0; i < masters; i++) {
  for (const kind of ['master', 'broker'] as const) {
    const name = `${kind}${String(i).padStart(5, '0')}`;
    const keys = sim.admin.createAccount(kind, name);
    const subAccount = `${kind}sub${String(i).padStart(5, '0')}`;
    sim.admin.createSubAccount(name, subAccount);
    sim.admin.createApiKey(subAccount);
    accounts.push({ kind, apiKey: keys.apiKey, secretKey: keys.secretKey, subAccount });
  }
}

const stop = (code: number): void => {
  void sim.close().then(() => process.exit(code));
};
process.on('disconnect', () => stop(0));
setTimeout(() => stop(1), LIFETIME_MS).unref();

const info: BudgetServerInfo = { type: 'ready', restUrl: sim.restUrl, accounts };
if (process.send) process.send(info);
else stop(1);
