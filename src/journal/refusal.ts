/**
 * What a journal records when a send ends in an error: a definite refusal (nothing moved, so a
 * later call with the key sends it again) is written as `refused`; anything else leaves the entry
 * `sending`, its outcome unknown. One rule for transfers and withdrawals.
 *
 * @module
 */
import { concatMap, from, throwError, type Observable } from 'rxjs';
import { isMexcError, UnknownOutcomeError } from '../errors.js';
import { TransferNotCompletedError } from '../operations/transfer-not-completed.js';
import { JournalContendedError } from './errors.js';
import type { JournalEntry, JournalRead, TransferJournal } from './types.js';

/**
 * A definite refusal (any library error but an unknown outcome, a transfer still in progress, or a
 * key taken by another writer), as the text the journal records; `undefined` for anything else.
 *
 * @example
 * ```ts
 * refusal(new ValidationError({ operation: 'M6', issues: [] })); // 'ValidationError: ...'
 * ```
 */
export function refusal(error: unknown): string | undefined {
  if (error instanceof JournalContendedError || error instanceof UnknownOutcomeError) return undefined;
  if (error instanceof TransferNotCompletedError && error.status === 'WAIT') return undefined;
  return isMexcError(error) ? `${error.name}: ${error.message}` : undefined;
}

/**
 * Records `error` as the refusal of the entry `read` when it is one (at `now`), then fails with it;
 * any other error fails at once, the entry left as it is.
 *
 * @example
 * ```ts
 * send$.pipe(catchError((error) => recordRefusal(journal, written, error, client.clock())));
 * ```
 */
export function recordRefusal(journal: TransferJournal, read: JournalRead, error: unknown, now: number): Observable<never> {
  const why = refusal(error);
  if (why === undefined) return throwError(() => error);
  const refused: JournalEntry = { ...read.entry, state: 'refused', refusal: why, settledAt: now };
  return from(journal.write(refused, read.version)).pipe(concatMap(() => throwError(() => error)));
}
