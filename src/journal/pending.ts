/**
 * What a journal holds unresolved, for an operator to look at, and the call that settles every
 * pending transfer after a restart. Pending withdrawals are reported, never sent: they wait for
 * `settleWithdrawal`.
 *
 * @module
 */
import { catchError, concatMap, defer, from, map, type Observable } from 'rxjs';
import type { Client } from '../client/types.js';
import type { TransferOptions } from '../operations/safe-transfer.js';
import { carryOn, type TransferOnceResult } from './transfer-once.js';
import type { JournalEntry, JournalRead, TransferJournal } from './types.js';

/** A transfer whose request may have left and whose outcome is not yet known. */
export interface PendingTransfer {
  readonly kind: 'transfer';
  readonly key: string;
  readonly operation: 'M6' | 'B13';
  readonly clientTranId: string;
  readonly fromAccount: string | undefined;
  readonly toAccount: string | undefined;
  readonly fromAccountType: string;
  readonly toAccountType: string;
  readonly asset: string;
  readonly amount: string;
  /** When its latest request was recorded as about to leave, epoch ms. */
  readonly sentAt: number;
  readonly sends: number;
}

/** A withdrawal whose request may have left: what a person needs to check it in the withdrawal history. */
export interface PendingWithdrawal {
  readonly kind: 'withdrawal';
  readonly key: string;
  readonly operation: 'B12';
  readonly coin: string;
  readonly network: string;
  readonly address: string;
  readonly amount: string;
  readonly remark: string | undefined;
  /** When its request was recorded as about to leave, epoch ms. */
  readonly sentAt: number;
  readonly sends: number;
}

/** An unresolved intent. */
export type PendingIntent = PendingTransfer | PendingWithdrawal;

/** What {@link resumeTransfers} did with one pending transfer: settled (`result`) or still unresolved or refused (`error`). */
export type ResumeOutcome =
  | { readonly key: string; readonly result: TransferOnceResult; readonly error?: undefined }
  | { readonly key: string; readonly result?: undefined; readonly error: unknown };

/** Options of {@link resumeTransfers}: how unknown outcomes are resolved, and which transfers. */
export interface ResumeOptions extends TransferOptions {
  /** The operations to resume (one client signs either the master's M6 or the broker's B13). Default both. */
  readonly operations?: readonly ('M6' | 'B13')[] | undefined;
}

function pendingOf(entry: JournalEntry): PendingIntent {
  const p = entry.params;
  const text = (name: string) => p[name] ?? '';
  if (entry.operation === 'B12') {
    return { kind: 'withdrawal', key: entry.key, operation: 'B12', coin: text('coin'), network: text('network'), address: text('address'),
      amount: text('amount'), remark: p['remark'], sentAt: entry.sentAt, sends: entry.sends };
  }
  return { kind: 'transfer', key: entry.key, operation: entry.operation, clientTranId: text('clientTranId'), fromAccount: p['fromAccount'],
    toAccount: p['toAccount'], fromAccountType: text('fromAccountType'), toAccountType: text('toAccountType'), asset: text('asset'),
    amount: text('amount'), sentAt: entry.sentAt, sends: entry.sends };
}

const unresolved = (reads: readonly JournalRead[]) => reads.filter((r) => r.entry.state === 'sending');

/**
 * Every intent of the journal whose outcome is unknown (its request may have left): transfers to
 * settle with {@link resumeTransfers}, withdrawals to check by hand and settle with
 * `settleWithdrawal`. Settled and refused intents are not listed.
 *
 * @example
 * ```ts
 * pendingTransfers(journal).subscribe((pending) => console.table(pending));
 * ```
 */
export function pendingTransfers(journal: TransferJournal): Observable<readonly PendingIntent[]> {
  return defer(() => from(journal.entries())).pipe(map((reads) => unresolved(reads).map((r) => pendingOf(r.entry))));
}

/**
 * Settles every pending transfer of the journal, one at a time: each is looked for in the
 * history by its journaled `clientTranId` and settled, or sent again with the same id when the
 * history proves it never happened. Emits one {@link ResumeOutcome} per transfer (a failure is
 * reported and the next one tried), then completes. Pending withdrawals are left for a person.
 *
 * @example
 * ```ts
 * resumeTransfers(client, journal, { operations: ['M6'] })
 *   .subscribe(({ key, result, error }) => console.log(key, result?.tranId ?? error));
 * ```
 */
export function resumeTransfers(client: Client, journal: TransferJournal, options: ResumeOptions = {}): Observable<ResumeOutcome> {
  return defer(() => {
    const { operations = ['M6', 'B13'], ...transferOptions } = options ?? {};
    return from(journal.entries()).pipe(
      concatMap((reads) => unresolved(reads).filter((r) => r.entry.operation !== 'B12' && operations.includes(r.entry.operation))),
      concatMap((read) =>
        carryOn(client, journal, read, transferOptions).pipe(
          map((result): ResumeOutcome => ({ key: read.entry.key, result })),
          catchError((error: unknown) => [{ key: read.entry.key, error } as ResumeOutcome]),
        ),
      ),
    );
  });
}
