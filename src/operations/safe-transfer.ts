/**
 * Transfers that never run twice. A universal transfer always carries a `clientTranId` (generated
 * when the caller gives none). When its outcome is unknown (5XX, timeout, network failure after
 * sending), the transfer history is searched for that id: a record found is the answer; only when
 * repeated lookups prove the transfer never happened is it sent again, with the same id (so the
 * service would refuse a duplicate even then).
 *
 * @module
 */
import type { Observable} from 'rxjs';
import { catchError, concatMap, defer, map, throwError } from 'rxjs';
import type { CallOptions, Client } from '../client/types.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import { UnknownOutcomeError, ValidationError } from '../errors.js';
import { delayInSteps } from '../long-delays.js';
import type { TransferHistoryParams, TransferParams } from '../endpoints/shared-fields.js';
import { paramsObject } from '../params/validate.js';
import { notCompleted } from './transfer-not-completed.js';
import { beforeSendAfter } from '../http/call-options.js';
import { CALL_OPTION_NAMES } from '../http/request-settings.js';
import { type DefaultsOf, type Resolved, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { count, duration } from '../settings/rules.js';
import type { Page, TransferReceipt, UniversalTransferRecord } from '../codecs/results.js';

/** How a transfer's unknown outcome is resolved. */
export interface TransferOptions extends CallOptions {
  /**
   * History lookups before concluding the transfer never happened, 1 or more; one more is made once
   * the request's receive window has closed, when the last came before. Default 3.
   */
  readonly lookups?: number | undefined;
  /**
   * Wait before each lookup, ms (the history may lag the transfer); the read that proves absence
   * comes at least this long after the request's receive window closed. Default 1000.
   */
  readonly lookupDelayMs?: number | undefined;
  /** Times the transfer may be sent in all, 1 or more (a resend happens only after the history proves absence). Default 2. */
  readonly maxSends?: number | undefined;
}

/**
 * The defaults of {@link TransferOptions}, each written here only: `TRANSFER_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const TRANSFER_DEFAULTS = {
  lookups: 3,
  lookupDelayMs: 1000,
  maxSends: 2,
} as const satisfies DefaultsOf<Pick<TransferOptions, 'lookups' | 'lookupDelayMs' | 'maxSends'>>;

/** The settings of its own (the call settings are checked by each call): each rule and default. */
export const TRANSFER_SETTINGS = settingsFor<Pick<TransferOptions, 'lookups' | 'lookupDelayMs' | 'maxSends'>>()(
  {
    lookups: setting(count({ min: 1 }), TRANSFER_DEFAULTS.lookups),
    lookupDelayMs: setting(duration({ min: 0 }), TRANSFER_DEFAULTS.lookupDelayMs),
    maxSends: setting(count({ min: 1 }), TRANSFER_DEFAULTS.maxSends),
  },
  [],
  CALL_OPTION_NAMES,
);

/** The result of a transfer, and how it was learnt. */
export interface TransferResult extends TransferReceipt {
  /** The id the transfer was sent with (yours, or the one generated). */
  readonly clientTranId: string;
  /** `response`: the service answered; `history`: the answer was lost and the record was found. */
  readonly confirmedBy: 'response' | 'history';
  /** The history record, when the transfer was confirmed from the history. */
  readonly record: UniversalTransferRecord | undefined;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh client transfer id: 32 letters and digits from the platform's cryptographic random source.
 *
 * @example
 * ```ts
 * newClientTranId(); // e.g. 'q3ZC0xv1bS9PmnWAUeR4h8tLgk27fYdo'
 * ```
 */
export function newClientTranId(): string {
  let id = '';
  const bytes = new Uint8Array(48);
  while (id.length < 32) {
    globalThis.crypto.getRandomValues(bytes);
    // 62 does not divide 256: bytes from 248 up are dropped so every character is equally likely.
    for (const byte of bytes) if (byte < 248 && id.length < 32) id += ALPHABET.charAt(byte % 62);
  }
  return id;
}

/** A transfer group's history read: M7 `listUniversalTransfers` for M6, B1 `brokerListUniversalTransfers` for B13. */
export type TransferHistory = (client: Client, filter: TransferHistoryParams, options?: CallOptions) => Observable<Page<UniversalTransferRecord>>;

/** How {@link findSentTransfer} reads the history: resolved {@link TransferOptions}. */
export interface TransferLookup {
  /** History reads before concluding the transfer never happened, 1 or more. */
  readonly lookups: number;
  /** Wait before each read, ms. */
  readonly lookupDelayMs: number;
  /** The call options of each read. */
  readonly callOptions: CallOptions;
  /**
   * The receive window the transfer was signed with, ms: until its timestamp plus this has passed,
   * the service may still accept the request (one delayed on its way), so no read before then proves
   * anything.
   */
  readonly recvWindow: number;
}

/**
 * Looks for a transfer sent with `sent.clientTranId` at `sentAt` (its timestamp, epoch ms) in its
 * history: the record, or `undefined` when the reads found none and the transfer never happened. A
 * read that fails fails the lookup with `failed(error)`: the outcome stays unknown. The one rule for
 * settling a lost answer, used in-process by the transfer functions and after a restart by the
 * journal.
 *
 * A record still in progress (`WAIT`) is read again while reads are left, and returned as it is
 * then. Absence is proven only by a read made `lookupDelayMs` (the history's lag) after the last moment
 * the service could accept the request, `sentAt + recvWindow`: after `lookups` reads, a lookup that
 * has not reached that moment waits for it and reads once more. A request held up on its way (a
 * gateway answering 5XX while the request goes on) is found, not sent twice.
 *
 * @example
 * ```ts
 * findSentTransfer(client, listUniversalTransfers, sent, sentAt, { lookups: 3, lookupDelayMs: 1000, callOptions: {}, recvWindow: 5000 }, (e) => e)
 *   .subscribe((record) => console.log(record === undefined ? 'never sent' : record.tranId));
 * ```
 */
export function findSentTransfer(
  client: Client,
  history: TransferHistory,
  sent: TransferParams & { readonly clientTranId: string },
  sentAt: number,
  lookup: TransferLookup,
  failed: (error: unknown) => unknown,
): Observable<UniversalTransferRecord | undefined> {
  const filter: TransferHistoryParams = {
    clientTranId: sent.clientTranId,
    fromAccountType: sent.fromAccountType,
    toAccountType: sent.toAccountType,
    ...(sent.fromAccount !== undefined ? { fromAccount: sent.fromAccount } : {}),
    ...(sent.toAccount !== undefined ? { toAccount: sent.toAccount } : {}),
    // A minute before signing covers clock skew between us and the service.
    startTime: Math.max(0, sentAt - 60_000),
  };
  const lastAccepted = sentAt + lookup.recvWindow;
  const read = (remaining: number, waitMs: number): Observable<UniversalTransferRecord | undefined> =>
    delayInSteps(waitMs + lookup.lookupDelayMs, client.scheduler).pipe(
      concatMap(() => {
        const readAt = client.clock();
        return history(client, filter, lookup.callOptions).pipe(map((page) => ({ page, readAt })));
      }),
      catchError((error: unknown) => throwError(() => failed(error))),
      concatMap(({ page, readAt }) => {
        const record = page.items.find((r) => r.clientTranId === sent.clientTranId);
        // In progress (`WAIT`): read on while reads are left, to see it end.
        if (record !== undefined && (record.status !== 'WAIT' || remaining <= 1)) return [record];
        if (remaining > 1) return read(remaining - 1, 0);
        // A last read begun less than the history's lag after the window closed proves nothing yet: wait for that, read once more.
        const provesAbsence = remaining === 0 || readAt >= lastAccepted + lookup.lookupDelayMs;
        return provesAbsence ? [undefined] : read(0, Math.max(0, lastAccepted - client.clock()));
      }),
    );
  return read(lookup.lookups, 0);
}

/**
 * Told of each send of one transfer before it leaves (after the request budget, before signing),
 * with its timestamp. A rejection fails the transfer with that error, nothing sent. The transfer
 * journal records each send here.
 */
export type SendHook = (timestamp: number) => Promise<void>;

/**
 * {@link safeTransfer} with a {@link SendHook}: the transfer function the journal carries out, and
 * the one the public transfer functions wrap.
 *
 * @example
 * ```ts
 * const transfer = hookedTransfer(M6, listUniversalTransfers);
 * transfer(client, params, {}, async (timestamp) => console.log('a send stamped', timestamp));
 * ```
 */
export function hookedTransfer<P extends TransferParams>(transferRow: Endpoint<P, TransferReceipt>, history: TransferHistory) {
  return (client: Client, params: P, options: TransferOptions, onSend: SendHook | undefined): Observable<TransferResult> =>
    defer(() => {
      // Not an object (null, an array, text...): the same ValidationError the row itself gives, nothing sent.
      // Left out (`undefined`): no parameters, so the row reports every required one missing.
      const given = paramsObject(transferRow.id, params);
      if (given instanceof ValidationError) return throwError(() => given);
      const input = given as Partial<P>;
      const clientTranId = input.clientTranId ?? newClientTranId();
      const sent = { ...input, clientTranId } as P & { readonly clientTranId: string };
      let settings: Resolved<typeof TRANSFER_SETTINGS.fields>;
      try {
        settings = resolveSettings(TRANSFER_SETTINGS, options);
      } catch (error: unknown) {
        return throwError(() => error);
      }
      const { lookups, lookupDelayMs, maxSends } = settings;
      const callOptions: CallOptions = {
        ...(options.recvWindow !== undefined ? { recvWindow: options.recvWindow } : {}),
        ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
      };
      const recvWindow = options.recvWindow ?? client.recvWindow;

      const lookup = (unknown: UnknownOutcomeError): Observable<UniversalTransferRecord | undefined> =>
        // A failed lookup leaves the outcome unknown: the caller gets the original error.
        findSentTransfer(client, history, sent, unknown.sentAt, { lookups, lookupDelayMs, callOptions, recvWindow }, () => unknown);

      const beforeSend = onSend === undefined ? options.beforeSend : beforeSendAfter(onSend, options.beforeSend);
      const sendOptions: CallOptions = { ...callOptions, ...(beforeSend !== undefined ? { beforeSend } : {}) };
      const attempt = (sendsLeft: number): Observable<TransferResult> =>
        client.call(transferRow, sent, sendOptions).pipe(
          map((receipt): TransferResult => ({ tranId: receipt.tranId, clientTranId, confirmedBy: 'response', record: undefined })),
          catchError((error: unknown) => {
            if (!(error instanceof UnknownOutcomeError)) return throwError(() => error);
            return lookup(error).pipe(
              concatMap((record) => {
                if (record !== undefined) {
                  const failed = notCompleted(transferRow.id === 'B13' ? 'B13' : 'M6', clientTranId, record);
                  if (failed !== undefined) return throwError(() => failed);
                  return [{ tranId: record.tranId, clientTranId, confirmedBy: 'history' as const, record }];
                }
                return sendsLeft > 1 ? attempt(sendsLeft - 1) : throwError(() => error);
              }),
            );
          }),
        );

      return attempt(maxSends);
    });
}

/**
 * Builds a transfer function from a transfer row (M6 or B13) and its history operation (M7 or B1).
 *
 * @example
 * ```ts
 * export const universalTransfer = safeTransfer(M6, listUniversalTransfers);
 * ```
 */
export function safeTransfer<P extends TransferParams>(transferRow: Endpoint<P, TransferReceipt>, history: TransferHistory) {
  const transfer = hookedTransfer(transferRow, history);
  return (client: Client, params: P, options: TransferOptions = {}): Observable<TransferResult> => transfer(client, params, options, undefined);
}
