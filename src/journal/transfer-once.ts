/**
 * Universal transfers (M6, B13) carried out once under the caller's own key, across restarts. The
 * journal records the intent with the `clientTranId` it will carry, durably, before the request
 * leaves; then its outcome. Called again with the key: a settled intent returns its recorded result
 * and sends nothing; an intent whose outcome is unknown is looked for in the transfer history by its
 * `clientTranId` (the rule the transfer functions use in-process, `findSentTransfer`); only an
 * intent proven never carried out is sent, with the same id.
 *
 * @module
 */
import { catchError, concatMap, defer, from, map, throwError, type Observable } from 'rxjs';
import type { CallOptions, Client } from '../client/types.js';
import type { TransferReceipt } from '../codecs/results.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import { B13 } from '../endpoints/broker.js';
import { M6 } from '../endpoints/master.js';
import type { TransferParams } from '../endpoints/shared-fields.js';
import { isMexcError, UnknownOutcomeError, ValidationError } from '../errors.js';
import { brokerListUniversalTransfers, brokerUniversalTransfer } from '../operations/broker.js';
import { listUniversalTransfers, universalTransfer } from '../operations/master.js';
import {
  findSentTransfer,
  newClientTranId,
  TRANSFER_SETTINGS,
  type TransferHistory,
  type TransferOptions,
  type TransferResult,
} from '../operations/safe-transfer.js';
import { resolveSettings } from '../settings/resolve.js';
import { JournalConflictError, JournalContendedError } from './errors.js';
import { differingFields, journalParams, splitIntent } from './intent.js';
import type { JournalEntry, JournalRead, TransferJournal } from './types.js';

/** A universal transfer to carry out once: its parameters and your idempotency key. */
export interface TransferIntent extends Omit<TransferParams, 'clientTranId'> {
  /** Your key for this intent, 1 to 200 characters, e.g. `payout-2026-12-06-client0042`. */
  readonly key: string;
  /** The transfer's id; generated (and journaled) when left out, which is the usual way. */
  readonly clientTranId?: string | undefined;
}

/** Options of {@link transferOnce}: the journal, and how an unknown outcome is resolved. */
export interface JournalOptions extends TransferOptions {
  /** Where intents are recorded before they are sent. */
  readonly journal: TransferJournal;
}

/** A transfer carried out once, and how this call learnt it. */
export interface TransferOnceResult {
  readonly key: string;
  readonly operation: 'M6' | 'B13';
  readonly tranId: string;
  readonly clientTranId: string;
  /**
   * `response` or `history`: settled by this call (answered, or found in the history after a lost
   * answer or a crash); `journal`: settled before, nothing sent now.
   */
  readonly confirmedBy: 'response' | 'history' | 'journal';
  /** Times its request was sent in all (a resend happens only after the history proves absence). */
  readonly sends: number;
}

/** A transfer group: its row, its in-process safe transfer and its history. */
export interface TransferGroup {
  readonly row: Endpoint<TransferParams, TransferReceipt>;
  readonly send: (client: Client, params: TransferParams, options?: TransferOptions) => Observable<TransferResult>;
  readonly history: TransferHistory;
}

/** M6 and B13 with their history reads (M7, B1). */
export const TRANSFER_GROUPS: Readonly<Record<'M6' | 'B13', TransferGroup>> = {
  M6: { row: M6, send: universalTransfer, history: listUniversalTransfers },
  B13: { row: B13, send: brokerUniversalTransfer, history: brokerListUniversalTransfers },
};

interface Run {
  readonly client: Client;
  readonly group: TransferGroup;
  readonly journal: TransferJournal;
  readonly entry: JournalEntry;
  readonly options: TransferOptions;
}

const transferParams = (entry: JournalEntry) => entry.params as unknown as TransferParams & { readonly clientTranId: string };

function resultOf(entry: JournalEntry, confirmedBy: TransferOnceResult['confirmedBy']): TransferOnceResult {
  const operation = entry.operation === 'B13' ? 'B13' : 'M6';
  return { key: entry.key, operation, tranId: entry.resultId ?? '', clientTranId: entry.params['clientTranId'] ?? '', confirmedBy, sends: entry.sends };
}

/** Records the result; the transfer is done whether or not the record lands, so its result is returned either way. */
function settle(run: Run, version: number, tranId: string, confirmedBy: 'response' | 'history'): Observable<TransferOnceResult> {
  const settled: JournalEntry = { ...run.entry, state: 'settled', resultId: tranId, confirmedBy, settledAt: run.client.clock() };
  return from(run.journal.write(settled, version)).pipe(map(() => resultOf(settled, confirmedBy)));
}

/** A definite refusal (any library error but an unknown outcome) is recorded: nothing moved. Anything else leaves the outcome unknown. */
export function refusal(error: unknown): string | undefined {
  return isMexcError(error) && !(error instanceof UnknownOutcomeError) ? `${error.name}: ${error.message}` : undefined;
}

function send(run: Run, version: number, sends: number): Observable<TransferOnceResult> {
  const entry: JournalEntry = { ...run.entry, state: 'sending', sends, sentAt: run.client.clock() };
  const next = { ...run, entry };
  return from(run.journal.write(entry, version)).pipe(
    concatMap((written) => {
      if (written === undefined) return throwError(() => new JournalContendedError({ operation: entry.operation, key: entry.key }));
      return run.group.send(run.client, transferParams(entry), run.options).pipe(
        concatMap((result) => settle(next, written, result.tranId, result.confirmedBy)),
        catchError((error: unknown) => {
          const why = refusal(error);
          if (why === undefined) return throwError(() => error);
          const refused: JournalEntry = { ...entry, state: 'refused', refusal: why, settledAt: run.client.clock() };
          return from(run.journal.write(refused, written)).pipe(concatMap(() => throwError(() => error)));
        }),
      );
    }),
  );
}

/**
 * Carries a journaled transfer on from where its entry stands: settled, returned; refused, sent
 * again; sending (outcome unknown), looked for in the history, then settled or sent again.
 */
export function carryOn(client: Client, journal: TransferJournal, read: JournalRead, options: TransferOptions): Observable<TransferOnceResult> {
  const { entry, version } = read;
  const group = TRANSFER_GROUPS[entry.operation === 'B13' ? 'B13' : 'M6'];
  const run: Run = { client, group, journal, entry, options };
  if (entry.state === 'settled') return defer(() => [resultOf(entry, 'journal')]);
  if (entry.state === 'refused') return send(run, version, entry.sends + 1);
  const { lookups, lookupDelayMs } = resolveSettings(TRANSFER_SETTINGS, options);
  const callOptions: CallOptions = {
    ...(options.recvWindow !== undefined ? { recvWindow: options.recvWindow } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  };
  // A failed history read leaves the outcome unknown: its error is the caller's, the entry stays pending.
  return findSentTransfer(client, group.history, transferParams(entry), entry.sentAt, { lookups, lookupDelayMs, callOptions }, (error) => error).pipe(
    concatMap((record) => (record !== undefined ? settle(run, version, record.tranId, 'history') : send(run, version, entry.sends + 1))),
  );
}

function once(operation: 'M6' | 'B13') {
  return (client: Client, intent: TransferIntent, options: JournalOptions): Observable<TransferOnceResult> =>
    defer(() => {
      const { journal, ...transferOptions } = options ?? ({} as Partial<JournalOptions>);
      if (journal === undefined) {
        return throwError(() => new ValidationError({ operation, issues: [{ field: 'journal', rule: 'a TransferJournal (required)' }] }));
      }
      resolveSettings(TRANSFER_SETTINGS, transferOptions);
      const split = splitIntent(operation, intent);
      if (split instanceof ValidationError) return throwError(() => split);
      return from(journal.read(split.key)).pipe(
        concatMap((read) => {
          const clientTranId = split.params['clientTranId'] ?? read?.entry.params['clientTranId'] ?? newClientTranId();
          const params = journalParams(TRANSFER_GROUPS[operation].row, { ...split.params, clientTranId });
          if (params instanceof ValidationError) return throwError(() => params);
          if (read === undefined) {
            const entry: JournalEntry = { key: split.key, operation, params, state: 'sending', sends: 0, sentAt: 0 };
            return send({ client, group: TRANSFER_GROUPS[operation], journal, entry, options: transferOptions }, 0, 1);
          }
          const fields = read.entry.operation === operation ? differingFields(read.entry.params, params) : ['operation'];
          if (fields.length > 0) return throwError(() => new JournalConflictError({ operation, key: split.key, fields }));
          return carryOn(client, journal, read, transferOptions);
        }),
      );
    });
}

/**
 * M6 carried out once under your key, across restarts: the intent is journaled (with the
 * `clientTranId` it carries) before its request leaves. Called again with the key, in this or
 * another process: a settled intent returns its result and sends nothing (`confirmedBy:
 * 'journal'`); one whose outcome is unknown is looked for in the history by its `clientTranId`
 * before anything is sent; only one proven never carried out is sent, with the same id. The same
 * key with other parameters is a {@link JournalConflictError}, nothing sent.
 *
 * @example
 * ```ts
 * import { transferOnce } from 'mexc-rx';
 * import { fileTransferJournal } from 'mexc-rx/journal';
 *
 * const journal = fileTransferJournal('payouts.journal');
 * transferOnce(client, { key: 'payout-2026-12-06-client0042', toAccount: 'client0042',
 *   fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '250' }, { journal })
 *   .subscribe(({ tranId, confirmedBy }) => console.log('paid', tranId, confirmedBy));
 * ```
 */
export const transferOnce = /* @__PURE__ */ once('M6');

/**
 * B13 carried out once under your key, across restarts: {@link transferOnce} for the broker's
 * universal transfer (looked up in B1's history).
 *
 * @example
 * ```ts
 * brokerTransferOnce(broker, { key: 'rebate-2026-12-client7', toAccount: 'client7',
 *   fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '12.5' }, { journal })
 *   .subscribe(({ tranId }) => console.log('paid', tranId));
 * ```
 */
export const brokerTransferOnce = /* @__PURE__ */ once('B13');
