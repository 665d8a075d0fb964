/**
 * The payouts example: a broker back office paying its 25 sub-accounts a batch of payouts, each
 * carried out once through a file journal, even when the process dies in the middle and the batch
 * is started again. On start it settles what a previous run left pending, then pays what is not
 * yet paid, skips what is settled, and prints a summary.
 *
 * `npm run example:payouts` (or `npx tsx examples/payouts/main.ts [--date YYYY-MM-DD] [--journal
 * PATH]`) pays on the embedded simulator, with a journal of its own in a new temporary folder
 * (the simulator's money does not outlive the process, so neither should its journal); with
 * `MEXC_API_KEY` and `MEXC_API_SECRET` set, it pays from that broker account (`MEXC_BASE_URL` for
 * another address) into `payouts-<date>.journal` here, unless `--journal` says where.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileTransferJournal } from '../../src/journal/file/index.js';
import { isMain } from '../browser/is-main.js';
import { payoutBatch } from './batch.js';
import { payBatch } from './pay.js';
import { openService } from './service.js';

const say = (line: string): void => void process.stdout.write(`${line}\n`);

/** Where the journal goes, and whether it is a temporary one (the simulator's, removed at the end). */
function journalPath(given: string | undefined, date: string, embedded: boolean): { path: string; temporary: boolean } {
  if (given !== undefined) return { path: given, temporary: false };
  if (!embedded) return { path: `payouts-${date}.journal`, temporary: false };
  return { path: join(mkdtempSync(join(tmpdir(), 'mexc-rx-payouts-')), `payouts-${date}.journal`), temporary: true };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { date: { type: 'string' }, journal: { type: 'string' } } });
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  const batch = payoutBatch(date);
  const service = await openService(process.env);
  try {
    const where = journalPath(values.journal, date, service.embedded);
    const journal = fileTransferJournal(where.path);
    try {
      say(`mexc-rx payouts example: ${batch.length} payouts of ${date} from the broker at ${service.where}`);
      say(`journal: ${journal.path} (${journal.recovery.keys} payouts recorded)`);
      if (journal.recovery.staleLockOf !== undefined) say(`took over the lock left by process ${journal.recovery.staleLockOf}, which died holding it`);
      if (journal.recovery.tornBytes > 0) say(`cut off a torn last line (${journal.recovery.tornBytes} bytes): its request never left`);
      const summary = await payBatch(service.client, journal, batch, { say });
      if (summary.paid + summary.resumed + summary.failed === 0) say('nothing to send: every payout of the batch is already settled');
      say(`summary: ${summary.payouts} payouts, ${summary.paid} paid now, ${summary.resumed} resumed, ${summary.skipped} already settled, ${summary.failed} failed; ${summary.amountPaid} USDT settled by this run`);
      return summary.failed === 0 ? 0 : 1;
    } finally {
      journal.close();
      if (where.temporary) rmSync(dirname(where.path), { recursive: true, force: true });
    }
  } finally {
    await service.close();
  }
}

if (isMain(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`example failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
      process.exit(1);
    },
  );
}
