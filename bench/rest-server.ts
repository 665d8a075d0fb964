/**
 * The simulator for the REST benchmark, run in a child process (its own event loop and core, as a
 * real service would be): real-time clock, a request budget too large to interfere, ten
 * sub-accounts to list. Sends `{ restUrl, apiKey, secretKey }` to its parent, and stops when the
 * parent disconnects (or after 15 minutes, whatever happens).
 *
 * @module
 */
import { startSimulator } from '../src/simulator/index.js';

/** What the child tells its parent once listening. */
export interface RestServerInfo {
  readonly restUrl: string;
  readonly apiKey: string;
  readonly secretKey: string;
}

const LIFETIME_MS = 15 * 60_000;

const sim = await startSimulator({ realtime: true, rateLimit: { limit: 1_000_000_000, windowMs: 10_000 } });
for (let i = 0; i < 10; i++) sim.admin.createSubAccount(sim.master.uid, `benchsub${String(i).padStart(4, '0')}`, 'bench');

const stop = (code: number): void => {
  void sim.close().then(() => process.exit(code));
};
process.on('disconnect', () => stop(0));
setTimeout(() => stop(1), LIFETIME_MS).unref();

const info: RestServerInfo = { restUrl: sim.restUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey };
if (process.send) process.send(info);
else stop(1);
