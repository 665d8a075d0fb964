/**
 * The journal's bucket: a JetStream stream laid out as a NATS key-value bucket (`KV_<bucket>`,
 * subjects `$KV.<bucket>.>`, one value per key), so `nats kv` and `@nats-io/kv` read it, created
 * when missing if asked.
 *
 * @module
 */
import { DiscardPolicy, RetentionPolicy, StorageType, type JetStreamManager, type StreamInfo } from '@nats-io/jetstream';
import { JetStreamJournalBucketError } from './errors.js';

/** What a bucket is named and created with. */
export interface BucketLayout {
  readonly bucket: string;
  readonly create: boolean;
  readonly replicas: number;
  readonly storage: 'file' | 'memory';
}

/** The stream of bucket `bucket`. */
export const streamOf = (bucket: string): string => `KV_${bucket}`;
/** The subject prefix of bucket `bucket`'s keys (ending with a dot). */
export const prefixOf = (bucket: string): string => `$KV.${bucket}.`;

/** JetStream's code for "stream not found". */
const STREAM_NOT_FOUND = 10059;

/** The JetStream API error code an error carries, read by shape (the manager may be another copy of the client's). */
export function apiErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'number' ? error.code : undefined;
}

function checkLayout(layout: BucketLayout, info: StreamInfo): StreamInfo {
  const subjects = info.config.subjects ?? [];
  if (!subjects.includes(`${prefixOf(layout.bucket)}>`)) {
    throw new JetStreamJournalBucketError({ bucket: layout.bucket, reason: `its stream ${info.config.name} does not capture ${prefixOf(layout.bucket)}> (it is no key-value bucket)` });
  }
  return info;
}

/**
 * The bucket's stream, created (as a key-value bucket keeping one value per key) when it is
 * missing and `layout.create` is set; a {@link JetStreamJournalBucketError} otherwise.
 *
 * @example
 * ```ts
 * await ensureJournalBucket(jsm, { bucket: 'payouts', create: true, replicas: 3, storage: 'file' });
 * ```
 */
export async function ensureJournalBucket(jsm: JetStreamManager, layout: BucketLayout): Promise<StreamInfo> {
  const name = streamOf(layout.bucket);
  try {
    return checkLayout(layout, await jsm.streams.info(name));
  } catch (error) {
    if (apiErrorCode(error) !== STREAM_NOT_FOUND) throw error;
    if (!layout.create) throw new JetStreamJournalBucketError({ bucket: layout.bucket, reason: `there is no stream ${name} (and create is false)` }, { cause: error });
  }
  const config = {
    name,
    subjects: [`${prefixOf(layout.bucket)}>`],
    retention: RetentionPolicy.Limits,
    max_msgs_per_subject: 1,
    max_msgs: -1,
    max_bytes: -1,
    max_age: 0,
    discard: DiscardPolicy.New,
    deny_delete: true,
    allow_rollup_hdrs: true,
    allow_direct: true,
    storage: layout.storage === 'memory' ? StorageType.Memory : StorageType.File,
    num_replicas: layout.replicas,
  };
  try {
    return await jsm.streams.add(config);
  } catch (error) {
    // Another worker may have created it in between: its stream is used when it is a bucket.
    const info = await jsm.streams.info(name).catch(() => undefined);
    if (info === undefined) throw error;
    return checkLayout(layout, info);
  }
}
