/**
 * The JetStream journal's errors, each a {@link MexcError}: a value in the bucket that is not a
 * journal entry (refused, never read as "not sent"), and a bucket that is missing or is no journal's.
 * Their messages name buckets, keys and revisions only: a journal never holds a secret.
 *
 * @module
 */
import { MexcError, type RequestTarget } from '../../errors.js';

/**
 * A value in the journal's bucket that is not a journal entry (not JSON, another format, a bad
 * field, a deleted key, or the entry of another key): the journal refuses it rather than take the
 * intent it held for one never sent.
 *
 * @example
 * ```ts
 * journal.read('payout-0042').catch((e: unknown) => {
 *   if (e instanceof JetStreamJournalCorruptError) console.error(e.bucket, e.key, e.revision, e.reason);
 * });
 * ```
 */
export class JetStreamJournalCorruptError extends MexcError {
  override readonly name = 'JetStreamJournalCorruptError' as const;
  readonly operation: undefined = undefined;
  readonly target: RequestTarget | undefined = undefined;
  readonly bucket: string;
  /** The journal key (decoded), or the raw key-value key when it decodes to none. */
  readonly key: string;
  /** The value's revision (its stream sequence). */
  readonly revision: number;
  /** What is wrong with it. */
  readonly reason: string;

  constructor(args: { bucket: string; key: string; revision: number; reason: string }) {
    super(
      `journal bucket ${args.bucket}, key ${JSON.stringify(args.key)} (revision ${args.revision}): ${args.reason}; ` +
        'the journal is refused rather than read without it (an intent it records could be taken for one never sent): ' +
        'restore the value or settle the intent by hand',
    );
    this.bucket = args.bucket;
    this.key = args.key;
    this.revision = args.revision;
    this.reason = args.reason;
  }
}

/**
 * The journal's bucket is missing (and was not to be created), or its stream is not laid out as a
 * key-value bucket.
 *
 * @example
 * ```ts
 * await jetStreamTransferJournal(js, { bucket: 'payouts', create: false }).catch((e: unknown) => {
 *   if (e instanceof JetStreamJournalBucketError) console.error(e.message);
 * });
 * ```
 */
export class JetStreamJournalBucketError extends MexcError {
  override readonly name = 'JetStreamJournalBucketError' as const;
  readonly operation: undefined = undefined;
  readonly target: RequestTarget | undefined = undefined;
  readonly bucket: string;

  constructor(args: { bucket: string; reason: string }, options?: { cause?: unknown }) {
    super(`journal bucket ${args.bucket}: ${args.reason}`, options);
    this.bucket = args.bucket;
  }
}
