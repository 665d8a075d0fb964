/**
 * The transfer journal's names for the root entry: money that moves exactly once, even when the
 * process dies. The file journal, which needs Node, is the `mexc-rx/journal` entry's.
 *
 * @module
 */
export { JournalConflictError, JournalContendedError, JournalCorruptError, JournalLockedError, WithdrawalPendingError } from './errors.js';
export { memoryTransferJournal } from './memory.js';
export { pendingTransfers, resumeTransfers, type PendingIntent, type PendingTransfer, type PendingWithdrawal, type ResumeOptions, type ResumeOutcome } from './pending.js';
export { brokerTransferOnce, transferOnce, type JournalOptions, type TransferIntent, type TransferOnceResult } from './transfer-once.js';
export type { ConfirmedBy, JournalEntry, JournalOperation, JournalRead, JournalState, TransferJournal } from './types.js';
export { settleWithdrawal, withdrawOnce, type WithdrawalFinding, type WithdrawalIntent, type WithdrawOnceOptions, type WithdrawOnceResult } from './withdraw-once.js';
