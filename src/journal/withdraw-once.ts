/**
 * Withdrawals (B12) under a journal. The service gives a withdrawal no client id, so a lost answer
 * cannot be settled from any history the interface has: a withdrawal whose outcome is unknown is
 * never sent again automatically. It stays pending (see `pendingTransfers`) with what a person needs
 * to check it, and is settled by an explicit {@link settleWithdrawal}.
 *
 * @module
 */
import { catchError, concatMap, defer, from, map, throwError, type Observable } from 'rxjs';
import type { CallOptions, Client } from '../client/types.js';
import { beforeSendAfter } from '../http/call-options.js';
import { B12 } from '../endpoints/broker.js';
import type { BrokerWithdrawParams } from '../endpoints/broker-capital.js';
import { ValidationError } from '../errors.js';
import { brokerWithdraw } from '../operations/broker.js';
import { JournalConflictError, JournalContendedError, WithdrawalPendingError } from './errors.js';
import { differingFields, journalParams, splitIntent } from './intent.js';
import { recordRefusal } from './refusal.js';
import type { JournalEntry, JournalRead, TransferJournal } from './types.js';
import { writeAhead } from './write-ahead.js';

/** A withdrawal to carry out once: its parameters and your idempotency key. */
export interface WithdrawalIntent extends BrokerWithdrawParams {
  /** Your key for this intent, 1 to 200 characters. */
  readonly key: string;
}

/** Options of {@link withdrawOnce}. */
export interface WithdrawOnceOptions extends CallOptions {
  /** Where intents are recorded before they are sent. */
  readonly journal: TransferJournal;
}

/** A withdrawal carried out once. */
export interface WithdrawOnceResult {
  readonly key: string;
  /** The withdrawal's id. */
  readonly id: string;
  /** `response`: answered now; `journal`: settled before (`operator`: by {@link settleWithdrawal}), nothing sent now. */
  readonly confirmedBy: 'response' | 'journal' | 'operator';
}

const keyIssue = (rule: string) => new ValidationError({ operation: 'B12', issues: [{ field: 'key', rule }] });

/** Sends the withdrawal of `read`, journaled before it leaves; then records the outcome (an unknown one leaves it pending). */
function send(client: Client, journal: TransferJournal, read: JournalRead, params: BrokerWithdrawParams, options: CallOptions) {
  const ahead = writeAhead(journal, read, options.recvWindow ?? client.recvWindow);
  return brokerWithdraw(client, params, { ...options, beforeSend: beforeSendAfter(ahead.record, options.beforeSend) }).pipe(
    concatMap((receipt) => {
      const written = ahead.written() ?? read;
      const settled: JournalEntry = { ...written.entry, state: 'settled', resultId: receipt.id, confirmedBy: 'response', settledAt: client.clock() };
      return from(journal.write(settled, written.version)).pipe(map((): WithdrawOnceResult => ({ key: settled.key, id: receipt.id, confirmedBy: 'response' })));
    }),
    catchError((error: unknown) => {
      const written = ahead.written();
      // An unknown outcome leaves the entry sending: pending, for a person to settle. Not sent at all: the journal stands.
      return written === undefined ? throwError(() => error) : recordRefusal(journal, written, error, client.clock());
    }),
  );
}

/**
 * B12 under a journal: recorded (never its fund password) before the request leaves. Called again
 * with the key: a settled withdrawal returns its id and sends nothing; one whose outcome is unknown
 * is a {@link WithdrawalPendingError} and is never sent again automatically; one refused is sent
 * again. The same key with other parameters is a {@link JournalConflictError}.
 *
 * @example
 * ```ts
 * withdrawOnce(subClient, { key: 'withdraw-2026-12-06-7', coin: 'USDT', network: 'TRC20',
 *   address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', amount: '100' }, { journal })
 *   .subscribe({ next: ({ id }) => console.log('withdrawal', id), error: (e) => console.error(e.message) });
 * ```
 */
export function withdrawOnce(client: Client, intent: WithdrawalIntent, options: WithdrawOnceOptions): Observable<WithdrawOnceResult> {
  return defer(() => {
    const { journal, ...callOptions } = options ?? ({} as Partial<WithdrawOnceOptions>);
    if (journal === undefined) return throwError(() => new ValidationError({ operation: 'B12', issues: [{ field: 'journal', rule: 'a TransferJournal (required)' }] }));
    const split = splitIntent('B12', intent);
    if (split instanceof ValidationError) return throwError(() => split);
    const params = journalParams(B12, split.params);
    if (params instanceof ValidationError) return throwError(() => params);
    const given = split.params as unknown as BrokerWithdrawParams;
    return from(journal.read(split.key)).pipe(
      concatMap((read) => {
        if (read === undefined) {
          const entry: JournalEntry = { key: split.key, operation: 'B12', params, state: 'sending', sends: 0, sentAt: 0 };
          return send(client, journal, { entry, version: 0 }, given, callOptions);
        }
        const { entry } = read;
        const fields = entry.operation === 'B12' ? differingFields(entry.params, params) : ['operation'];
        if (fields.length > 0) return throwError(() => new JournalConflictError({ operation: 'B12', key: split.key, fields }));
        if (entry.state === 'settled') {
          return [{ key: entry.key, id: entry.resultId ?? '', confirmedBy: entry.confirmedBy === 'operator' ? 'operator' : 'journal' } as WithdrawOnceResult];
        }
        if (entry.state === 'refused') return send(client, journal, read, given, callOptions);
        return throwError(() => new WithdrawalPendingError({ key: entry.key, sentAt: entry.sentAt }));
      }),
    );
  });
}

/** What a person found of a pending withdrawal: its id in the withdrawal history, or that it never happened. */
export type WithdrawalFinding = { readonly id: string } | { readonly carriedOut: false };

/**
 * Settles a pending withdrawal by hand, after checking the withdrawal history: `{ id }` records it
 * carried out (a later {@link withdrawOnce} with the key returns it); `{ carriedOut: false }` records
 * that nothing moved, so a later `withdrawOnce` with the key sends it again. Emits the entry written.
 *
 * @example
 * ```ts
 * settleWithdrawal(journal, 'withdraw-2026-12-06-7', { id: 'b3f0a2c1' }).subscribe();
 * settleWithdrawal(journal, 'withdraw-2026-12-06-8', { carriedOut: false }).subscribe();
 * ```
 */
export function settleWithdrawal(journal: TransferJournal, key: string, finding: WithdrawalFinding): Observable<JournalEntry> {
  return defer(() => from(journal.read(key))).pipe(
    concatMap((read) => {
      if (read === undefined || read.entry.operation !== 'B12' || read.entry.state !== 'sending') {
        return throwError(() => keyIssue('the key of a pending withdrawal (one whose outcome is unknown)'));
      }
      const done = 'id' in finding && typeof finding.id === 'string' && finding.id !== '';
      if (!done && !('carriedOut' in finding && finding.carriedOut === false)) {
        return throwError(() => new ValidationError({ operation: 'B12', issues: [{ field: 'finding', rule: '{ id } of the withdrawal found, or { carriedOut: false }' }] }));
      }
      const entry: JournalEntry = done
        ? { ...read.entry, state: 'settled', resultId: (finding as { id: string }).id, confirmedBy: 'operator', settledAt: Date.now() }
        : { ...read.entry, state: 'refused', refusal: 'settled by hand: never carried out', settledAt: Date.now() };
      return from(journal.write(entry, read.version)).pipe(
        concatMap((written) => (written === undefined ? throwError(() => new JournalContendedError({ operation: 'B12', key })) : [entry])),
      );
    }),
  );
}
