/**
 * The options of `publishToJetStream`, their defaults and their checks.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { type DefaultsOf, optional, required, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { count, duration, SCHEDULER } from '../settings/rules.js';
import { NATS_NAME, NATS_TIMEOUT, WORKER_NAME } from './nats-rules.js';
import type { RetrySettings } from './retried.js';
import { DEFAULT_SUBJECT_PREFIX, SUBJECT_PREFIX } from './subject.js';

/** Settings of {@link publishToJetStream}. */
export interface PublishToJetStreamOptions {
  /**
   * This worker's name, stable across its restarts (`worker-0`, a pod name): 1 to 64 letters,
   * digits, `_` or `-`. It makes the ids of lifecycle events worker-specific.
   */
  readonly worker: string;
  /** First token(s) of the subjects. Default `mexc` (subjects `mexc.<account>.<kind>`). */
  readonly subjectPrefix?: string | undefined;
  /**
   * The stream that stores the subjects. When set, an account's first event of this run (its
   * first `connected`, or the `reconnecting` of a first attempt that failed) is preceded by a
   * `gap` from the last moment up to which the stream holds the account's events (stored by any
   * worker: see `lastStoredTime`; from 0 when it holds nothing of the account) to that event, so
   * consumers learn that whatever happened while no one published may be missing. Default: none,
   * no such gaps.
   */
  readonly resumeFromStream?: string | undefined;
  /**
   * Publishes awaiting their ack at once, over all accounts (one per account at a time). A
   * publish awaiting its ack when the operator is unsubscribed is abandoned: no receipt, no retry
   * (JetStream may still store it, under its id). Default 256.
   */
  readonly maxInFlight?: number | undefined;
  /**
   * Events not yet stored (waiting, or awaiting their ack), over all accounts; one more errors the
   * operator (the worker cannot keep up). Default 100000.
   */
  readonly maxBacklog?: number | undefined;
  /** Wait for each ack, ms; an attempt not acknowledged in time has failed (and is retried). Default 5000. */
  readonly ackTimeoutMs?: number | undefined;
  /** Attempts after the first, with the same id (so a retry is never stored twice). Default 3. */
  readonly retries?: number | undefined;
  /** Wait before the first retry, ms, from 1, doubling with each retry (no cap, no jitter). Default 250. */
  readonly retryDelayMs?: number | undefined;
  /** Scheduler of the retry waits. Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
  /** Id of this run (in lifecycle ids and payloads). Default: 16 random hex digits per subscription. */
  readonly runId?: string | undefined;
  /**
   * How far the service's clock may be ahead of `scheduler`'s, ms. It bounds when a connection's
   * view of an account began, on the service's clock, which decides whether this worker has seen
   * every earlier push of an event's content (docs/scaling.md). Too small a value could let a new
   * push pass for a copy; a larger one costs nothing but a few `ambiguous-copy` gaps when a view
   * begins. 0 when the scheduler is the service's clock (the simulator's). Default 1000.
   */
  readonly maxClockSkewMs?: number | undefined;
}

/** The options, checked, with their defaults. */
export interface PublishSettings extends RetrySettings {
  readonly worker: string;
  readonly runId: string | undefined;
  readonly prefix: string;
  readonly resumeStream: string | undefined;
  readonly maxInFlight: number;
  readonly maxBacklog: number;
  readonly ackTimeoutMs: number;
  readonly maxClockSkewMs: number;
}

/**
 * The shortest first retry delay: a millisecond. The delay doubles with each retry, so however
 * often a publish fails at once, at most ten retries come in its first second; a delay of 0 with
 * `retries: Infinity` retried in a loop for ever.
 */
const SHORTEST_RETRY_DELAY_MS = 1;

/**
 * The defaults of {@link PublishToJetStreamOptions}, each written here only: `PUBLISH_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const PUBLISH_DEFAULTS = {
  subjectPrefix: DEFAULT_SUBJECT_PREFIX,
  maxInFlight: 256,
  maxBacklog: 100_000,
  ackTimeoutMs: 5000,
  retries: 3,
  retryDelayMs: 250,
  scheduler: asyncScheduler,
  maxClockSkewMs: 1000,
} as const satisfies DefaultsOf<PublishToJetStreamOptions>;

/** The options' rules and defaults. */
export const PUBLISH_SETTINGS = settingsFor<PublishToJetStreamOptions>()({
  worker: required(WORKER_NAME),
  subjectPrefix: setting(SUBJECT_PREFIX, PUBLISH_DEFAULTS.subjectPrefix),
  resumeFromStream: optional(NATS_NAME),
  maxInFlight: setting(count({ min: 1, orInfinity: true }), PUBLISH_DEFAULTS.maxInFlight),
  maxBacklog: setting(count({ min: 1, orInfinity: true }), PUBLISH_DEFAULTS.maxBacklog),
  ackTimeoutMs: setting(NATS_TIMEOUT, PUBLISH_DEFAULTS.ackTimeoutMs),
  retries: setting(count({ min: 0, orInfinity: true }), PUBLISH_DEFAULTS.retries),
  retryDelayMs: setting(duration({ min: SHORTEST_RETRY_DELAY_MS }), PUBLISH_DEFAULTS.retryDelayMs),
  scheduler: setting(SCHEDULER, PUBLISH_DEFAULTS.scheduler),
  runId: optional(WORKER_NAME),
  maxClockSkewMs: setting(duration({ min: 0 }), PUBLISH_DEFAULTS.maxClockSkewMs),
});

/**
 * The options with their defaults, checked.
 *
 * @throws ValidationError (operation `config`) naming each bad setting.
 * @example
 * ```ts
 * publishSettings({ worker: 'w0' }).maxInFlight; // 256
 * ```
 */
export function publishSettings(options: PublishToJetStreamOptions): PublishSettings {
  const settings = resolveSettings(PUBLISH_SETTINGS, options);
  return {
    worker: settings.worker,
    runId: settings.runId,
    prefix: settings.subjectPrefix,
    resumeStream: settings.resumeFromStream,
    maxInFlight: settings.maxInFlight,
    maxBacklog: settings.maxBacklog,
    ackTimeoutMs: settings.ackTimeoutMs,
    retries: settings.retries,
    retryDelayMs: settings.retryDelayMs,
    scheduler: settings.scheduler,
    maxClockSkewMs: settings.maxClockSkewMs,
  };
}
