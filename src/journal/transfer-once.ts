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
import { ValidationError } from '../errors.js';
import { brokerListUniversalTransfers } from '../operations/broker.js';
import { listUniversalTransfers } from '../operations/master.js';
import {
  findSentTransfer,
  hookedTransfer,
  newClientTranId,
  TRANSFER_SETTINGS,
  type SendHook,
  type TransferHistory,
  type TransferOptions,
  type TransferResult,
} from '../operations/safe-transfer.js';
import { notCompleted } from '../operations/transfer-not-completed.js';
import { MAX_RECV_WINDOW } from '../params/fields.js';
import { resolveSettings } from '../settings/resolve.js';
import { JournalConflictError } from './errors.js';
import { differingFields, journalParams, splitIntent } from './intent.js';
import { recordRefusal } from './refusal.js';
import type { JournalEntry, JournalRead, TransferJournal } from './types.js';
import { writeAhead } from './write-ahead.js';

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

/** A transfer group: its row, its safe transfer (with a hook told of each send) and its history. */
export interface TransferGroup {
  readonly row: Endpoint<TransferParams, TransferReceipt>;
  readonly send: (client: Client, params: TransferParams, options: TransferOptions, onSend: SendHook | undefined) => Observable<TransferResult>;
  readonly history: TransferHistory;
}

/** M6 and B13 with their history reads (M7, B1). */
export const TRANSFER_GROUPS: Readonly<Record<'M6' | 'B13', TransferGroup>> = {
  M6: { row: M6, send: hookedTransfer(M6, listUniversalTransfers), history: listUniversalTransfers },
  B13: { row: B13, send: hookedTransfer(B13, brokerListUniversalTransfers), history: brokerListUniversalTransfers },
};

interface Run {
  readonly client: Client;
  readonly group: TransferGroup;
  readonly journal: TransferJournal;
  readonly options: TransferOptions;
}

const transferParams = (entry: JournalEntry) => entry.params as unknown as TransferParams & { readonly clientTranId: string };

function resultOf(entry: JournalEntry, confirmedBy: TransferOnceResult['confirmedBy']): TransferOnceResult {
  const operation = entry.operation === 'B13' ? 'B13' : 'M6';
  return { key: entry.key, operation, tranId: entry.resultId ?? '', clientTranId: entry.params['clientTranId'] ?? '', confirmedBy, sends: entry.sends };
}

/** Records the result; the transfer is done whether or not the record lands, so its result is returned either way. */
function settle(run: Run, read: JournalRead, tranId: string, confirmedBy: 'response' | 'history'): Observable<TransferOnceResult> {
  const settled: JournalEntry = { ...read.entry, state: 'settled', resultId: tranId, confirmedBy, settledAt: run.client.clock() };
  return from(run.journal.write(settled, read.version)).pipe(map(() => resultOf(settled, confirmedBy)));
}

/**
 * Sends the intent of `read` (a new one at version 0, or one refused or proven never carried out),
 * each send journaled before it leaves; then records the outcome on the version last written.
 */
function send(run: Run, read: JournalRead): Observable<TransferOnceResult> {
  const ahead = writeAhead(run.journal, read, run.options.recvWindow ?? run.client.recvWindow);
  return run.group.send(run.client, transferParams(read.entry), run.options, ahead.record).pipe(
    concatMap((result) => settle(run, ahead.written() ?? read, result.tranId, result.confirmedBy)),
    catchError((error: unknown) => {
      const written = ahead.written();
      // Not sent at all (refused before it left, or the key taken by another writer): the journal stands as it was.
      return written === undefined ? throwError(() => error) : recordRefusal(run.journal, written, error, run.client.clock());
    }),
  );
}

/**
 * Carries a journaled transfer on from where its entry stands: settled, returned; refused, sent
 * again; sending (outcome unknown), looked for in the history, then settled or sent again.
 */
export function carryOn(client: Client, journal: TransferJournal, read: JournalRead, options: TransferOptions): Observable<TransferOnceResult> {
  const { entry } = read;
  const operation = entry.operation === 'B13' ? 'B13' : 'M6';
  const group = TRANSFER_GROUPS[operation];
  const run: Run = { client, group, journal, options };
  if (entry.state === 'settled') return defer(() => [resultOf(entry, 'journal')]);
  if (entry.state === 'refused') return send(run, read);
  const { lookups, lookupDelayMs } = resolveSettings(TRANSFER_SETTINGS, options);
  const callOptions: CallOptions = {
    ...(options.recvWindow !== undefined ? { recvWindow: options.recvWindow } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  };
  // A failed history read leaves the outcome unknown: its error is the caller's, the entry stays pending.
  const recvWindow = entry.recvWindow ?? MAX_RECV_WINDOW;
  return findSentTransfer(client, group.history, transferParams(entry), entry.sentAt, { lookups, lookupDelayMs, callOptions, recvWindow }, (error) => error).pipe(
    concatMap((record) => {
      if (record === undefined) return send(run, read);
      const failed = notCompleted(operation, transferParams(entry).clientTranId, record);
      return failed === undefined ? settle(run, read, record.tranId, 'history') : recordRefusal(journal, read, failed, client.clock());
    }),
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
            return send({ client, group: TRANSFER_GROUPS[operation], journal, options: transferOptions }, { entry, version: 0 });
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
