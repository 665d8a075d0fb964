/**
 * Setting up JetStream for the bridge: the stream that stores every event, with the duplicate
 * window the deduplication ids rely on, and the durable consumer a reader acknowledges on.
 *
 * @module
 */
import { AckPolicy, DeliverPolicy, StorageType, type ConsumerInfo, type JetStreamManager, type StreamInfo } from '@nats-io/jetstream';
import { type DefaultsOf, required, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { count, duration, oneOf } from '../settings/rules.js';
import { NATS_NAME, NATS_SUBJECT } from './nats-rules.js';
import { DEFAULT_SUBJECT_PREFIX, SUBJECT_PREFIX } from './subject.js';

/** Settings of {@link ensureEventStream}. */
export interface EventStreamOptions {
  /** Stream name, e.g. `MEXC`. */
  readonly name: string;
  /** Subject prefix the publishers use; the stream captures `<prefix>.>`. Default `mexc`. */
  readonly subjectPrefix?: string | undefined;
  /**
   * How long JetStream remembers a deduplication id, ms: two copies of an event further apart
   * than this are both stored. It must cover a rollover overlap (seconds) and how long two
   * workers may run the same account at once during a handover. Default 2 minutes.
   */
  readonly duplicateWindowMs?: number | undefined;
  /** Oldest message kept, ms; 0 keeps them until other limits apply. Default 0. */
  readonly maxAgeMs?: number | undefined;
  /** `file` (survives a server restart) or `memory`. Default `file`. */
  readonly storage?: 'file' | 'memory' | undefined;
}

const NANOS_PER_MS = 1_000_000;

/**
 * The defaults of {@link EventStreamOptions}, each written here only: `EVENT_STREAM_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const EVENT_STREAM_DEFAULTS = {
  subjectPrefix: DEFAULT_SUBJECT_PREFIX,
  duplicateWindowMs: 120_000,
  maxAgeMs: 0,
  storage: 'file',
} as const satisfies DefaultsOf<EventStreamOptions>;

/** The stream's settings: each rule and default. */
export const EVENT_STREAM_SETTINGS = settingsFor<EventStreamOptions>()(
  {
    name: required(NATS_NAME),
    subjectPrefix: setting(SUBJECT_PREFIX, EVENT_STREAM_DEFAULTS.subjectPrefix),
    duplicateWindowMs: setting(duration({ above: 0 }), EVENT_STREAM_DEFAULTS.duplicateWindowMs),
    maxAgeMs: setting(duration({ min: 0 }), EVENT_STREAM_DEFAULTS.maxAgeMs),
    storage: setting(oneOf(['file', 'memory'] as const), EVENT_STREAM_DEFAULTS.storage),
  },
  // JetStream refuses a duplicate window longer than the age limit.
  [{ field: 'duplicateWindowMs', words: 'at most maxAgeMs (when maxAgeMs is not 0)', holds: (s) => s.maxAgeMs === 0 || s.duplicateWindowMs <= s.maxAgeMs }],
);

/** How long a delivered message may wait for its ack before it is delivered again, ms. */
export const ACK_WAIT = duration({ above: 0 });

/**
 * The JetStream API error code an error carries, read by shape rather than by `instanceof`: the
 * manager passed in may come from another copy of the NATS client than the one this module loads
 * (a project that links mexc-rx from a folder has two), and its errors are then of other classes.
 */
function apiErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'number' ? error.code : undefined;
}
/** JetStream's code for "stream name already in use with a different configuration". */
const STREAM_NAME_IN_USE = 10058;

/**
 * Creates the event stream, or updates it to these settings when it exists.
 *
 * @example
 * ```ts
 * import { jetstreamManager } from '@nats-io/jetstream';
 *
 * const jsm = await jetstreamManager(nc);
 * await ensureEventStream(jsm, { name: 'MEXC', duplicateWindowMs: 5 * 60_000 });
 * ```
 */
export async function ensureEventStream(jsm: JetStreamManager, options: EventStreamOptions): Promise<StreamInfo> {
  const settings = resolveSettings(EVENT_STREAM_SETTINGS, options);
  const changeable = {
    subjects: [`${settings.subjectPrefix}.>`],
    duplicate_window: settings.duplicateWindowMs * NANOS_PER_MS,
    max_age: settings.maxAgeMs * NANOS_PER_MS,
  };
  try {
    return await jsm.streams.add({ name: settings.name, storage: settings.storage === 'memory' ? StorageType.Memory : StorageType.File, ...changeable });
  } catch (error) {
    if (apiErrorCode(error) !== STREAM_NAME_IN_USE) throw error;
    return jsm.streams.update(options.name, changeable);
  }
}

/** Settings of {@link ensureDurableConsumer}. */
export interface DurableConsumerOptions {
  readonly stream: string;
  /** The durable name: readers using it share one position in the stream. */
  readonly durable: string;
  /** Subjects it reads, e.g. `mexc.>` or `mexc.*.order`. */
  readonly filterSubject: string;
  /** A delivered message not acknowledged within this is delivered again, ms. Default 30000. */
  readonly ackWaitMs?: number | undefined;
  /** Messages delivered and not yet acknowledged, at most. Default 1000. */
  readonly maxAckPending?: number | undefined;
}

/**
 * The defaults of {@link DurableConsumerOptions}, each written here only: `DURABLE_CONSUMER_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const DURABLE_CONSUMER_DEFAULTS = {
  ackWaitMs: 30_000,
  maxAckPending: 1000,
} as const satisfies DefaultsOf<DurableConsumerOptions>;

/** The consumer's settings: each rule and default. */
export const DURABLE_CONSUMER_SETTINGS = settingsFor<DurableConsumerOptions>()({
  stream: required(NATS_NAME),
  durable: required(NATS_NAME),
  filterSubject: required(NATS_SUBJECT),
  ackWaitMs: setting(ACK_WAIT, DURABLE_CONSUMER_DEFAULTS.ackWaitMs),
  maxAckPending: setting(count({ min: 1 }), DURABLE_CONSUMER_DEFAULTS.maxAckPending),
});

/** JetStream's code for "consumer not found". */
const CONSUMER_NOT_FOUND = 10014;

/**
 * Creates a durable pull consumer with explicit acks, reading from the start of the stream. An
 * existing consumer of that name is used as it is (its position and settings are kept).
 *
 * @example
 * ```ts
 * await ensureDurableConsumer(jsm, { stream: 'MEXC', durable: 'ledger', filterSubject: 'mexc.>' });
 * ```
 */
export async function ensureDurableConsumer(jsm: JetStreamManager, options: DurableConsumerOptions): Promise<ConsumerInfo> {
  const settings = resolveSettings(DURABLE_CONSUMER_SETTINGS, options);
  try {
    return await jsm.consumers.info(options.stream, options.durable);
  } catch (error) {
    if (apiErrorCode(error) !== CONSUMER_NOT_FOUND) throw error;
  }
  return jsm.consumers.add(options.stream, {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: options.filterSubject,
    ack_wait: settings.ackWaitMs * NANOS_PER_MS,
    max_ack_pending: settings.maxAckPending,
  });
}
