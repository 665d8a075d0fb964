/**
 * The batch paid through the journal: first what a previous run left pending is settled
 * (`pendingTransfers`, `resumeTransfers`), then each payout is carried out once with
 * `brokerTransferOnce` under its own key, one at a time; a payout the journal holds as settled is
 * skipped, nothing sent. Every step is told, one line each.
 */
import { catchError, concatMap, from, lastValueFrom, map, of, toArray, type Observable } from 'rxjs';
import { brokerTransferOnce, pendingTransfers, resumeTransfers, type Client, type TransferJournal } from '../../src/index.js';
import type { Payout } from './batch.js';

/** What one run did with the batch. */
export interface PayoutSummary {
  /** Payouts in the batch. */
  readonly payouts: number;
  /** Paid by this run (their request sent now). */
  readonly paid: number;
  /** Left pending by a previous run and settled now (found in the history, or sent when proven never sent). */
  readonly resumed: number;
  /** Settled before this run: skipped, nothing sent. */
  readonly skipped: number;
  /** Not paid: a refusal or an outcome still unknown (a later run carries them on). */
  readonly failed: number;
  /** USDT of the payouts settled by this run (paid and resumed ones). */
  readonly amountPaid: string;
}

/** How one payout ended in this run. */
type Outcome = 'paid' | 'resumed' | 'skipped' | 'failed';

/** Options of {@link payBatch}. */
export interface PayBatchOptions {
  /** Where each step is told. */
  readonly say: (line: string) => void;
  /** Wait before looking a lost answer up in the history, ms. Default the library's (1000). */
  readonly lookupDelayMs?: number | undefined;
}

const reason = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Settles what a previous run left pending; resolves to the keys settled now. */
async function resume(client: Client, journal: TransferJournal, options: PayBatchOptions): Promise<Set<string>> {
  const { say } = options;
  const pending = await lastValueFrom(pendingTransfers(journal));
  if (pending.length === 0) {
    say('nothing pending from a previous run');
    return new Set();
  }
  say(`pending from a previous run: ${pending.length} (${pending.map((p) => p.key).join(', ')})`);
  const outcomes = await lastValueFrom(resumeTransfers(client, journal, { operations: ['B13'], lookupDelayMs: options.lookupDelayMs }).pipe(toArray()));
  const settled = new Set<string>();
  for (const { key, result, error } of outcomes) {
    if (result === undefined) {
      say(`still pending ${key}: ${reason(error)}`);
      continue;
    }
    settled.add(key);
    say(`resumed ${key}: tranId ${result.tranId}, confirmed by ${result.confirmedBy}`);
  }
  return settled;
}

/** Carries out one payout; `resumed`: settled a moment ago by {@link resume}, so not told again. */
function payOne(client: Client, journal: TransferJournal, payout: Payout, resumed: boolean, options: PayBatchOptions): Observable<Outcome> {
  const { say } = options;
  const intent = { key: payout.key, toAccount: payout.account, fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: payout.amount } as const;
  return brokerTransferOnce(client, intent, { journal, lookupDelayMs: options.lookupDelayMs }).pipe(
    map((result): Outcome => {
      if (result.confirmedBy === 'journal' && resumed) return 'resumed';
      if (result.confirmedBy === 'journal') {
        say(`skipped ${payout.key}: already settled (tranId ${result.tranId})`);
        return 'skipped';
      }
      say(`paid ${payout.key}: ${payout.amount} USDT to ${payout.account}, tranId ${result.tranId}, confirmed by ${result.confirmedBy}`);
      return 'paid';
    }),
    catchError((error: unknown) => {
      say(`failed ${payout.key}: ${reason(error)}`);
      return of<Outcome>('failed');
    }),
  );
}

/**
 * Pays `batch` through `journal` with the broker's `client`: resumes what a previous run left
 * pending, then carries out each payout once, and resolves to what this run did.
 *
 * @example
 * ```ts
 * const summary = await payBatch(broker, journal, payoutBatch('2026-12-06'), { say: console.log });
 * console.log(`${summary.paid} paid, ${summary.skipped} already settled`);
 * ```
 */
export async function payBatch(client: Client, journal: TransferJournal, batch: readonly Payout[], options: PayBatchOptions): Promise<PayoutSummary> {
  const resumed = await resume(client, journal, options);
  const outcomes = await lastValueFrom(
    from(batch).pipe(
      concatMap((payout) => payOne(client, journal, payout, resumed.has(payout.key), options).pipe(map((outcome) => ({ payout, outcome })))),
      toArray(),
    ),
  );
  const count = (outcome: Outcome) => outcomes.filter((o) => o.outcome === outcome).length;
  const total = outcomes.filter((o) => o.outcome === 'paid' || o.outcome === 'resumed').reduce((sum, o) => sum + BigInt(o.payout.amount), 0n);
  return { payouts: batch.length, paid: count('paid'), resumed: count('resumed'), skipped: count('skipped'), failed: count('failed'), amountPaid: String(total) };
}
