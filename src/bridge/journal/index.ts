/**
 * The transfer journal on a JetStream key-value bucket, for many workers on many machines: each
 * intent is one key, written with compare-and-set on its revision (create for a key never written,
 * update on the revision last read otherwise), so two workers never both take one intent. A write
 * resolves once JetStream has stored it (acknowledged by the stream's leader, and by a quorum of
 * replicas when it has more than one). Values are read back strictly: a value that is not a journal
 * entry is a {@link JetStreamJournalCorruptError}, never an intent "not sent".
 *
 * @module
 */
import { DeliverPolicy, type JetStreamClient, type JetStreamManager, type StoredMsg } from '@nats-io/jetstream';
import { ValidationError, type ValidationIssue } from '../../errors.js';
import type { JournalEntry, JournalRead, TransferJournal } from '../../journal/types.js';
import { refuseUnknownNames } from '../../settings/given.js';
import { NATS_TIMEOUT } from '../nats-rules.js';
import { apiErrorCode, ensureJournalBucket, prefixOf, streamOf } from './bucket.js';
import { JetStreamJournalCorruptError } from './errors.js';
import { decodeJournalKey, encodeJournalKey } from './key-codec.js';
import { encodeJournalValue, parseJournalValue, type JournalValue } from './value.js';

/** Options of {@link jetStreamTransferJournal}. */
export interface JetStreamJournalOptions {
  /** The bucket's name (letters, digits, `-`, `_`): its stream is `KV_<bucket>`. */
  readonly bucket: string;
  /** Create the bucket when it does not exist (else a {@link JetStreamJournalBucketError}). Default `true`. */
  readonly create?: boolean | undefined;
  /** Replicas of a bucket created here (1 to 5; 3 on a cluster, so a write outlives a server). Default `1`. */
  readonly replicas?: number | undefined;
  /** Storage of a bucket created here: `file` (survives a server restart) or `memory`. Default `file`. */
  readonly storage?: 'file' | 'memory' | undefined;
  /** How long each JetStream request may take, ms. Default `5000`. */
  readonly timeoutMs?: number | undefined;
}

/** A journal on a JetStream bucket. */
export interface JetStreamTransferJournal extends TransferJournal {
  readonly bucket: string;
  /** The bucket's stream, `KV_<bucket>`. */
  readonly stream: string;
}

/** Where a key stands on the server: its journal version, its revision, its first write's revision. */
interface Known {
  readonly version: number;
  readonly revision: number;
  readonly firstRevision: number;
}

const BUCKET = /^[A-Za-z0-9_-]{1,200}$/;
const OPTION_NAMES = ['bucket', 'create', 'replicas', 'storage', 'timeoutMs'] as const;
/** JetStream's code for a publish whose expected last subject sequence is not the subject's. */
const WRONG_LAST_SEQUENCE = 10071;
const ENTRIES_BATCH = 256;

function checkOptions(options: JetStreamJournalOptions): Required<{ [K in keyof JetStreamJournalOptions]: NonNullable<JetStreamJournalOptions[K]> }> {
  const { bucket, create = true, replicas = 1, storage = 'file', timeoutMs = 5000 } = options ?? ({} as Partial<JetStreamJournalOptions>);
  const issues: ValidationIssue[] = [];
  if (typeof options === 'object' && options !== null) refuseUnknownNames(options, OPTION_NAMES, new Set(OPTION_NAMES), issues, '', '(options)');
  if (typeof bucket !== 'string' || !BUCKET.test(bucket)) issues.push({ field: 'bucket', rule: '1 to 200 letters, digits, - or _' });
  if (typeof create !== 'boolean') issues.push({ field: 'create', rule: 'true or false' });
  if (!Number.isSafeInteger(replicas) || replicas < 1 || replicas > 5) issues.push({ field: 'replicas', rule: 'a whole number from 1 to 5' });
  if (storage !== 'file' && storage !== 'memory') issues.push({ field: 'storage', rule: "'file' or 'memory'" });
  if (!NATS_TIMEOUT.accepts(timeoutMs)) issues.push({ field: 'timeoutMs', rule: NATS_TIMEOUT.words });
  if (issues.length > 0) throw new ValidationError({ operation: 'config', issues });
  return { bucket, create, replicas, storage, timeoutMs };
}

/**
 * A {@link TransferJournal} on the JetStream key-value bucket `options.bucket` (created when
 * missing, unless `create: false`). Give every worker the same bucket: a key's first write is a
 * create and every later one an update on the revision last read, so of two workers taking one
 * intent exactly one writes and the other's `write` resolves `undefined`. Keys are encoded
 * reversibly (`encodeJournalKey`); values are checked on every read.
 *
 * For a write to outlive a machine, use `replicas: 3` on a cluster; a single server acknowledges
 * once the write is in its store, and fsyncs it per its `sync_interval` (`sync_interval: always` in
 * its `jetstream` block fsyncs each write before the acknowledgement).
 *
 * @example
 * ```ts
 * import { connect } from '@nats-io/transport-node';
 * import { jetstream } from '@nats-io/jetstream';
 * import { resumeTransfers, transferOnce } from 'mexc-rx';
 * import { jetStreamTransferJournal } from 'mexc-rx/nats';
 *
 * const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
 * const journal = await jetStreamTransferJournal(jetstream(nc), { bucket: 'payouts', replicas: 3 });
 * transferOnce(client, { key: 'payout-2026-12-06-client0042', toAccount: 'client0042',
 *   fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '250' }, { journal })
 *   .subscribe(({ tranId, confirmedBy }) => console.log('paid', tranId, confirmedBy));
 * ```
 */
export async function jetStreamTransferJournal(js: JetStreamClient, options: JetStreamJournalOptions): Promise<JetStreamTransferJournal> {
  const settings = checkOptions(options);
  const jsm = await js.jetstreamManager();
  await ensureJournalBucket(jsm, settings);
  return new BucketJournal(js, jsm, settings.bucket, settings.timeoutMs);
}

class BucketJournal implements JetStreamTransferJournal {
  readonly stream: string;
  readonly #prefix: string;
  /** What this journal last read or wrote of each key: an update's expected revision. */
  readonly #known = new Map<string, Known>();

  constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    readonly bucket: string,
    private readonly timeoutMs: number,
  ) {
    this.stream = streamOf(bucket);
    this.#prefix = prefixOf(bucket);
  }

  async read(key: string): Promise<JournalRead | undefined> {
    if (typeof key !== 'string' || key === '') return undefined;
    const message = await this.jsm.streams.getMessage(this.stream, { last_by_subj: this.#prefix + encodeJournalKey(key) });
    if (message !== null) return this.#accept(key, message).read;
    this.#known.delete(key);
    return undefined;
  }

  async write(entry: JournalEntry, version: number): Promise<number | undefined> {
    if (!Number.isSafeInteger(version) || version < 0) throw new ValidationError({ operation: 'config', issues: [{ field: 'version', rule: 'a whole number from 0' }] });
    if (typeof entry?.key !== 'string' || entry.key === '') throw new ValidationError({ operation: 'config', issues: [{ field: 'entry.key', rule: 'non-empty text' }] });
    let known = version === 0 ? undefined : this.#known.get(entry.key);
    if (version > 0 && known?.version !== version) {
      const read = await this.read(entry.key);
      if (read?.version !== version) return undefined;
      known = this.#known.get(entry.key);
    }
    const value: JournalValue = { version: version + 1, firstRevision: known?.firstRevision, entry };
    try {
      const ack = await this.js.publish(this.#prefix + encodeJournalKey(entry.key), encodeJournalValue(value), {
        expect: { lastSubjectSequence: known?.revision ?? 0 },
        timeout: this.timeoutMs,
      });
      this.#known.set(entry.key, { version: version + 1, revision: ack.seq, firstRevision: known?.firstRevision ?? ack.seq });
      return version + 1;
    } catch (error) {
      if (apiErrorCode(error) !== WRONG_LAST_SEQUENCE) throw error;
      this.#known.delete(entry.key);
      return undefined;
    }
  }

  async entries(): Promise<readonly JournalRead[]> {
    const info = await this.jsm.streams.info(this.stream);
    if (info.state.messages === 0) return [];
    const consumer = await this.js.consumers.get(this.stream, { filter_subjects: `${this.#prefix}>`, deliver_policy: DeliverPolicy.LastPerSubject });
    const found: { first: number; read: JournalRead }[] = [];
    try {
      let pending = info.state.messages;
      for (let round = 0; pending > 0 && round <= info.state.messages / ENTRIES_BATCH + 16; round++) {
        const batch = await consumer.fetch({ max_messages: ENTRIES_BATCH, expires: this.timeoutMs });
        for await (const message of batch) {
          const encoded = message.subject.slice(this.#prefix.length);
          found.push(this.#accept(decodeJournalKey(encoded) ?? encoded, { seq: message.seq, data: message.data, subject: message.subject }));
          pending = message.info.pending;
          if (pending === 0) break;
        }
      }
      if (pending > 0) throw new Error(`journal bucket ${this.bucket}: ${pending} entries were not delivered in time`);
    } finally {
      await consumer.delete().catch(() => undefined);
    }
    return found.sort((a, b) => a.first - b.first).map((f) => f.read);
  }

  /** A stored value of `key` checked, remembered, and returned with its first write's revision. */
  #accept(key: string, message: Pick<StoredMsg, 'seq' | 'data' | 'subject'>): { first: number; read: JournalRead } {
    const encoded = message.subject.slice(this.#prefix.length);
    const value = decodeJournalKey(encoded) === key ? parseJournalValue(key, message.data) : 'a key-value key that encodes no journal key';
    if (typeof value === 'string') throw new JetStreamJournalCorruptError({ bucket: this.bucket, key, revision: message.seq, reason: value });
    const first = value.firstRevision ?? message.seq;
    this.#known.set(key, { version: value.version, revision: message.seq, firstRevision: first });
    return { first, read: { entry: value.entry, version: value.version } };
  }
}
