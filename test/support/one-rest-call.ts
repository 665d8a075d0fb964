/**
 * A process that makes one REST call and then has nothing left to do (`node --import tsx
 * test/support/one-rest-call.ts <baseUrl>`, the keys in MEXC_API_KEY and MEXC_SECRET_KEY): it
 * prints whether undici was loaded before the call (with the library imported and a client made)
 * and after it, the call's result and, a turn later, what still keeps its event loop alive
 * (`process.getActiveResourcesInfo()`, which leaves out what is unref'd), then ends on its own if
 * nothing does. Used by `test/rest/node-sender-exit.test.ts`.
 */
import { createRequire } from 'node:module';
import { createClient, listSubAccounts } from '../../src/index.js';

/** Whether undici's entry is among the modules this process has loaded. */
const undiciLoaded = (): boolean => Object.keys(createRequire(import.meta.url).cache).some((path) => /[\\/]node_modules[\\/]undici[\\/]index\.js$/.test(path));

const baseUrl = process.argv[2] ?? '';
const client = createClient({ baseUrl, apiKey: process.env.MEXC_API_KEY ?? '', secretKey: process.env.MEXC_SECRET_KEY ?? '' });
const loadedBefore = undiciLoaded();
listSubAccounts(client, {}).subscribe({
  next: (answer) => process.stdout.write(`${JSON.stringify({ answered: typeof answer, undiciLoaded: [loadedBefore, undiciLoaded()] })}\n`),
  error: (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  },
  complete: () => setImmediate(() => process.stdout.write(`${JSON.stringify({ keptAlive: process.getActiveResourcesInfo() })}\n`)),
});
