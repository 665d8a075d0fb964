/**
 * The journal's errors, each a {@link MexcError}: an intent reused with other parameters, a key
 * another writer changed first, a withdrawal whose outcome only a person can settle, and a journal
 * file that is corrupt or held by another process. None carries a secret: a fund password never
 * enters a journal, and the messages name keys, fields, paths and line numbers only.
 *
 * @module
 */
import { MexcError, type RequestTarget } from '../error-context.js';
import type { JournalOperation } from './types.js';

/** The same key given again with different parameters (or another operation): nothing was sent. */
export class JournalConflictError extends MexcError {
  override readonly name = 'JournalConflictError' as const;
  readonly operation: JournalOperation;
  readonly target: RequestTarget | undefined = undefined;
  readonly key: string;
  /** The parameters that differ from the journaled ones (names only), or `operation`. */
  readonly fields: readonly string[];

  constructor(args: { operation: JournalOperation; key: string; fields: readonly string[] }) {
    super(
      `${args.operation}: the journal holds key ${JSON.stringify(args.key)} with other parameters (${args.fields.join(', ')}); ` +
        'nothing was sent: use a new key for a new intent',
    );
    this.operation = args.operation;
    this.key = args.key;
    this.fields = args.fields;
  }
}

/** Another writer changed the key's entry between this call's read and its write: nothing was sent. */
export class JournalContendedError extends MexcError {
  override readonly name = 'JournalContendedError' as const;
  readonly operation: JournalOperation;
  readonly target: RequestTarget | undefined = undefined;
  readonly key: string;

  constructor(args: { operation: JournalOperation; key: string }) {
    super(`${args.operation}: another writer changed the journal's entry of ${JSON.stringify(args.key)} first; nothing was sent by this call`);
    this.operation = args.operation;
    this.key = args.key;
  }
}

/** A withdrawal's request may have reached the service and it is never sent again automatically. */
export class WithdrawalPendingError extends MexcError {
  override readonly name = 'WithdrawalPendingError' as const;
  readonly operation = 'B12' as const;
  readonly target: RequestTarget | undefined = undefined;
  readonly key: string;
  /** When its request was recorded as about to leave, epoch ms. */
  readonly sentAt: number;

  constructor(args: { key: string; sentAt: number }) {
    super(
      `B12: the withdrawal ${JSON.stringify(args.key)} was sent at ${new Date(args.sentAt).toISOString()} and its outcome is unknown; ` +
        'check the withdrawal history, then settle it with settleWithdrawal',
    );
    this.key = args.key;
    this.sentAt = args.sentAt;
  }
}

/** A journal file with a line that is not a journal entry: refused, never read as "not sent". */
export class JournalCorruptError extends MexcError {
  override readonly name = 'JournalCorruptError' as const;
  readonly operation: undefined = undefined;
  readonly target: RequestTarget | undefined = undefined;
  readonly path: string;
  /** The line, from 1. */
  readonly line: number;
  /** What is wrong with it. */
  readonly reason: string;

  constructor(args: { path: string; line: number; reason: string }) {
    super(
      `journal ${args.path}, line ${args.line}: ${args.reason}; the journal is refused rather than read without it ` +
        '(an intent it records could be taken for one never sent): restore the file or repair the line',
    );
    this.path = args.path;
    this.line = args.line;
    this.reason = args.reason;
  }
}

/** A journal file already held by another writer (its lock file names a live process). */
export class JournalLockedError extends MexcError {
  override readonly name = 'JournalLockedError' as const;
  readonly operation: undefined = undefined;
  readonly target: RequestTarget | undefined = undefined;
  readonly path: string;
  /** The lock file. */
  readonly lockPath: string;
  /** The process holding it, when the lock file says. */
  readonly pid: number | undefined;

  constructor(args: { path: string; lockPath: string; pid: number | undefined }) {
    super(
      `journal ${args.path} is held by ${args.pid === undefined ? 'another writer' : `process ${args.pid}`} (${args.lockPath}); ` +
        'one writer at a time: close the other, or remove the lock file once that process is gone',
    );
    this.path = args.path;
    this.lockPath = args.lockPath;
    this.pid = args.pid;
  }
}
