/**
 * A lost transfer's answer, found in the history as not carried out: the error the transfer
 * functions and the journal give when the record under the transfer's `clientTranId` says `FAILED`
 * or, at the end of the lookups, still `WAIT`.
 *
 * @module
 */
import { MexcError, type RequestTarget } from '../error-context.js';

/** The two states of a transfer record that are not a transfer carried out. */
export type NotCompletedStatus = 'FAILED' | 'WAIT';

/**
 * The transfer history holds a transfer whose answer was lost, under its `clientTranId`, but not
 * as carried out: `status: 'FAILED'` (the service turned it down, nothing moved) or `'WAIT'` (still
 * in progress when the lookups ended: it may yet complete or fail). The library sends neither again
 * by itself. Under a journal a FAILED transfer is recorded as refused, so the key is sent again by a
 * later call; one in progress stays pending and is looked up again.
 *
 * @example
 * ```ts
 * universalTransfer(client, params).subscribe({
 *   error: (e) => { if (e instanceof TransferNotCompletedError && e.status === 'FAILED') console.log('nothing moved:', e.clientTranId); },
 * });
 * ```
 */
export class TransferNotCompletedError extends MexcError {
  override readonly name = 'TransferNotCompletedError' as const;
  /** Spec id of the transfer: M6 or B13. */
  readonly operation: 'M6' | 'B13';
  /** Not one request's: the transfer was settled from several. */
  readonly target: RequestTarget | undefined = undefined;
  /** The transfer's `clientTranId`. */
  readonly clientTranId: string;
  /** The service's `tranId` of the record found. */
  readonly tranId: string;
  /** What the record says: `FAILED` (nothing moved) or `WAIT` (in progress). */
  readonly status: NotCompletedStatus;

  constructor(args: { operation: 'M6' | 'B13'; clientTranId: string; tranId: string; status: NotCompletedStatus }) {
    super(
      args.status === 'FAILED'
        ? `${args.operation}: transfer ${args.clientTranId} is in the history as FAILED: nothing moved`
        : `${args.operation}: transfer ${args.clientTranId} is in the history as WAIT (in progress): look it up again before doing anything`,
    );
    this.operation = args.operation;
    this.clientTranId = args.clientTranId;
    this.tranId = args.tranId;
    this.status = args.status;
  }
}

/**
 * The error a found record stands for, or `undefined` when it is a transfer carried out (`SUCCESS`,
 * or a status this library does not know: it exists, so it is never sent again).
 *
 * @example
 * ```ts
 * notCompleted('M6', 'c1', { tranId: '7', status: 'FAILED' }); // a TransferNotCompletedError
 * ```
 */
export function notCompleted(
  operation: 'M6' | 'B13',
  clientTranId: string,
  record: { readonly tranId: string; readonly status: string },
): TransferNotCompletedError | undefined {
  if (record.status !== 'FAILED' && record.status !== 'WAIT') return undefined;
  return new TransferNotCompletedError({ operation, clientTranId, tranId: record.tranId, status: record.status });
}
