/**
 * A process that makes one REST call and then has nothing left to do (`node --import tsx
 * test/support/one-rest-call.ts <baseUrl>`, the keys in MEXC_API_KEY and MEXC_SECRET_KEY): it
 * prints the call's result and, a turn later, what still keeps its event loop alive
 * (`process.getActiveResourcesInfo()`, which leaves out what is unref'd), then ends on its own if
 * nothing does. Used by `test/rest/node-sender-exit.test.ts`.
 */
import { createClient, listSubAccounts } from '../../src/index.js';

const baseUrl = process.argv[2] ?? '';
const client = createClient({ baseUrl, apiKey: process.env.MEXC_API_KEY ?? '', secretKey: process.env.MEXC_SECRET_KEY ?? '' });
listSubAccounts(client, {}).subscribe({
  next: (answer) => process.stdout.write(`${JSON.stringify({ answered: typeof answer })}\n`),
  error: (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  },
  complete: () => setImmediate(() => process.stdout.write(`${JSON.stringify({ keptAlive: process.getActiveResourcesInfo() })}\n`)),
});
