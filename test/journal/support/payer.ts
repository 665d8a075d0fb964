/**
 * A back office paying 25 sub-accounts through a file journal, to be killed (`node --import tsx
 * test/journal/support/payer.ts`). Its settings come from the environment: SIM_URL, MEXC_API_KEY,
 * MEXC_SECRET_KEY, JOURNAL (the file), and KILL_AT, a hook that kills this process with SIGKILL:
 * `write:N` just after the Nth send is journaled (before its request leaves), `answer:N` just after
 * the Nth transfer's answer arrives (the service has committed, the answer is never read). It pays
 * payee001..payee025 `n` USDT each under the keys `payout-n`, prints `paid <key> <confirmedBy>` per
 * payout and `done` at the end. Used by `test/journal/sigkill.test.ts`.
 */
import { concatMap, from } from 'rxjs';
import { createClient, type FetchLike } from '../../../src/index.js';
import { fileTransferJournal } from '../../../src/journal/file/index.js';
import { transferOnce, type TransferJournal } from '../../../src/journal/index.js';

const env = (name: string): string => process.env[name] ?? '';
const [hook, at] = env('KILL_AT').split(':');
const kill = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('killed');
};

const file = fileTransferJournal(env('JOURNAL'));
let writes = 0;
const journal: TransferJournal = {
  ...file,
  async write(entry, version) {
    const written = await file.write(entry, version);
    if (entry.state === 'sending' && hook === 'write' && ++writes === Number(at)) kill();
    return written;
  },
};

let answers = 0;
const fetch: FetchLike = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  const method = input instanceof Request ? input.method : init?.method;
  if (url.includes('/universalTransfer') && method === 'POST' && hook === 'answer' && ++answers === Number(at)) kill();
  return response;
};

const client = createClient({ baseUrl: env('SIM_URL'), apiKey: env('MEXC_API_KEY'), secretKey: env('MEXC_SECRET_KEY'), fetch });
const payees = Array.from({ length: 25 }, (_, i) => i + 1);
from(payees)
  .pipe(
    concatMap((n) =>
      transferOnce(client, { key: `payout-${n}`, toAccount: `payee${String(n).padStart(3, '0')}`, fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: String(n) },
        { journal, lookupDelayMs: 20 }),
    ),
  )
  .subscribe({
    next: (paid) => process.stdout.write(`paid ${paid.key} ${paid.confirmedBy}\n`),
    error: (error: unknown) => {
      process.stdout.write(`failed ${error instanceof Error ? error.name : 'error'}\n`);
      file.close();
      process.exitCode = 1;
    },
    complete: () => {
      file.close();
      process.stdout.write('done\n');
    },
  });
