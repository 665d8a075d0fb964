/**
 * The journal group of the root entry: transfers and withdrawals that run exactly once under the
 * caller's own key, even when the process dies between a request and its answer, and the journal
 * interface a back office can back with its own database. The file journal, which needs Node, is
 * the `mexc-rx/journal` entry's. For back offices moving money.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export {
  brokerTransferOnce, JournalConflictError, JournalContendedError, JournalCorruptError, JournalLockedError,
  memoryTransferJournal, pendingTransfers, resumeTransfers, settleWithdrawal, transferOnce, withdrawOnce,
  WithdrawalPendingError,
} from '../journal/index.js';
export type {
  ConfirmedBy, JournalEntry, JournalOperation, JournalOptions, JournalRead, JournalState, PendingIntent,
  PendingTransfer, PendingWithdrawal, ResumeOptions, ResumeOutcome, TransferIntent, TransferJournal,
  TransferOnceResult, WithdrawalFinding, WithdrawalIntent, WithdrawOnceOptions, WithdrawOnceResult,
} from '../journal/index.js';
