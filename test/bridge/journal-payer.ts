/**
 * A back-office worker paying 25 sub-accounts through a JetStream journal it shares with other
 * workers, to be killed (`node --import tsx test/bridge/journal-payer.ts`). Settings from the
 * environment: SIM_URL, MEXC_API_KEY, MEXC_SECRET_KEY, NATS_URL, BUCKET; ORDER `forward` (payout-1
 * first) or `backward`; MODE `share` (a key another worker has journaled is left to it, and one
 * another worker takes first, JournalContendedError, is too) or `finish` (every key carried on,
 * as a restart does); KILL_AT, a hook that kills this process with SIGKILL: `write:N` just after
 * its Nth send is journaled (before the request leaves), `answer:N` just after its Nth transfer's
 * answer arrives (committed, never read). Prints `ready` once connected and waits for `go` on
 * stdin, so that workers of one batch start together; then `paid <key> <confirmedBy>`, `left <key>`
 * and `done`. Used by `test/bridge/journal-two-workers.test.ts`.
 */
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { firstValueFrom } from 'rxjs';
import { jetStreamTransferJournal } from '../../src/bridge/index.js';
import { createClient, type FetchLike } from '../../src/index.js';
import { JournalContendedError, transferOnce, type TransferJournal } from '../../src/journal/index.js';

const env = (name: string): string => process.env[name] ?? '';
const [hook, at] = env('KILL_AT').split(':');
const kill = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('killed');
};

let answers = 0;
const fetch: FetchLike = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  const method = input instanceof Request ? input.method : init?.method;
  if (url.includes('/universalTransfer') && method === 'POST' && hook === 'answer' && ++answers === Number(at)) kill();
  return response;
};

const nc = await connect({ servers: env('NATS_URL'), name: 'journal-payer' });
const shared = await jetStreamTransferJournal(jetstream(nc), { bucket: env('BUCKET') });
let writes = 0;
const journal: TransferJournal = {
  read: (key) => shared.read(key),
  entries: () => shared.entries(),
  async write(entry, version) {
    const written = await shared.write(entry, version);
    if (written !== undefined && entry.state === 'sending' && hook === 'write' && ++writes === Number(at)) kill();
    return written;
  },
};

// Both workers of a batch start paying together: each says it is ready, then waits for `go` on stdin.
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.setEncoding('utf8').on('data', (text: string) => text.includes('go') && resolve()));
process.stdin.destroy();
const client = createClient({ baseUrl: env('SIM_URL'), apiKey: env('MEXC_API_KEY'), secretKey: env('MEXC_SECRET_KEY'), fetch });
const payees = Array.from({ length: 25 }, (_, i) => i + 1);
if (env('ORDER') === 'backward') payees.reverse();
const out = (line: string) => process.stdout.write(`${line}\n`);
try {
  for (const n of payees) {
    const key = `payout-${n}`;
    const held = env('MODE') === 'share' ? await journal.read(key) : undefined;
    if (held !== undefined && held.entry.state !== 'refused') {
      out(`left ${key}`);
      continue;
    }
    const intent = { key, toAccount: `payee${String(n).padStart(3, '0')}`, fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: String(n) } as const;
    try {
      const paid = await firstValueFrom(transferOnce(client, intent, { journal, lookupDelayMs: 20 }));
      out(`paid ${paid.key} ${paid.confirmedBy}`);
    } catch (error) {
      if (!(error instanceof JournalContendedError)) throw error;
      out(`left ${key}`);
    }
  }
  out('done');
} catch (error) {
  out(`failed ${error instanceof Error ? `${error.name}: ${error.message}` : 'error'}`);
  process.exitCode = 1;
} finally {
  await nc.close();
}
