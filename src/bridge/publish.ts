/**
 * `publishToJetStream`: an operator that publishes each tagged event to JetStream, on a subject
 * per account and kind, with a deduplication id, and emits a receipt per stored event.
 *
 * @module
 */
import type { JetStreamClient, JetStreamManager, PubAck } from '@nats-io/jetstream';
import { asyncScheduler, Observable, type OperatorFunction, type SchedulerLike, type Subscription } from 'rxjs';
import { ValidationError } from '../errors.js';
import { countOption, durationOption } from '../operators/option-checks.js';
import type { ScaleEvent, TaggedEvent } from '../scale/tagged-event.js';
import { encodeEnvelope, type Publisher } from './envelope.js';
import { JetStreamPublishError } from './errors.js';
import { IdentityGate } from './identity-gate.js';
import { messageId } from './message-id.js';
import { lastStoredTime, resumeGap, viewStart } from './resume-gap.js';
import { checkSubjectPrefix, DEFAULT_SUBJECT_PREFIX, eventSubject } from './subject.js';

/** Settings of {@link publishToJetStream}. */
export interface PublishToJetStreamOptions {
  /**
   * This worker's name, stable across its restarts (`worker-0`, a pod name): 1 to 64 letters,
   * digits, `_` or `-`. It makes the ids of lifecycle events worker-specific.
   */
  readonly worker: string;
  /** First token(s) of the subjects. Default `mexc` (subjects `mexc.<account>.<kind>`). */
  readonly subjectPrefix?: string;
  /**
   * The stream that stores the subjects. When set, an account's first event of this run (its
   * first `connected`, or the `reconnecting` of a first attempt that failed) is preceded by a
   * `gap` from the last moment up to which the stream holds the account's events (stored by any
   * worker: see `lastStoredTime`; from 0 when it holds nothing of the account) to that event, so
   * consumers learn that whatever happened while no one published may be missing. Default: none,
   * no such gaps.
   */
  readonly resumeFromStream?: string;
  /** Publishes awaiting their ack at once, over all accounts (one per account at a time). Default 256. */
  readonly maxInFlight?: number;
  /** Events waiting to be published; past it the operator errors (the worker cannot keep up). Default 100000. */
  readonly maxBacklog?: number;
  /** Wait for each ack, ms. Default 5000. */
  readonly ackTimeoutMs?: number;
  /** Attempts after the first, with the same id (so a retry is never stored twice). Default 3. */
  readonly retries?: number;
  /** Wait before the first retry, ms, doubling each time. Default 250. */
  readonly retryDelayMs?: number;
  /** Scheduler of the retry waits. Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /** Id of this run (in lifecycle ids and payloads). Default: 16 random hex digits per subscription. */
  readonly runId?: string;
  /**
   * How far the service's clock may be ahead of `scheduler`'s, ms. It bounds when a connection's
   * view of an account began, on the service's clock, which decides whether this worker has seen
   * every earlier push of an event's content (docs/scaling.md). Too small a value could let a new
   * push pass for a copy; a larger one costs nothing but a few `ambiguous-copy` gaps when a view
   * begins. 0 when the scheduler is the service's clock (the simulator's). Default 1000.
   */
  readonly maxClockSkewMs?: number;
}

/** An event stored in JetStream (or recognized as already stored: `duplicate`). */
export interface PublishReceipt extends TaggedEvent<ScaleEvent> {
  readonly subject: string;
  /** Its deduplication id (`Nats-Msg-Id`). */
  readonly msgId: string;
  readonly stream: string;
  /** Sequence number in the stream (of the first copy, when `duplicate`). */
  readonly seq: number;
  /** Whether JetStream already held a message with this id (another worker, connection or attempt published it). */
  readonly duplicate: boolean;
}

/** An event ready to publish. */
interface PublishJob {
  readonly kind: 'publish';
  readonly tagged: TaggedEvent<ScaleEvent>;
  readonly subject: string;
  readonly msgId: string;
  readonly data: Uint8Array;
}

/** Look up the account's last stored message and publish the gap since then (`resumeFromStream`). */
interface ResumeJob {
  readonly kind: 'resume';
  readonly account: string;
  readonly startedAt: number;
}

type Job = PublishJob | ResumeJob;

const WORKER = /^[A-Za-z0-9_-]{1,64}$/;
/** How long a worker remembers a content after its last push, to count identical pushes, ms. */
const IDENTITY_MEMORY_MS = 60_000;

function randomRunId(): string {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Publishes every tagged event to JetStream and emits a {@link PublishReceipt} once it is stored.
 *
 * - Subject `<prefix>.<account>.<kind>` (the account id escaped into one token, see `accountToken`).
 * - Deduplication id of a market event from its content and occurrence index (how many earlier
 *   pushes of the account had the same content): the same for every copy of one push, whatever
 *   connection, worker, attempt or run delivered it, so JetStream stores it once; different for
 *   every push, so identical pushes are all stored. Worker-specific for lifecycle events (see
 *   `messageId`). The stream's duplicate window must cover how long two copies can be apart.
 * - An event whose occurrence index this worker cannot know (pushes of the same content may
 *   have been made before its view of the account began: a start, a reconnect) is not published;
 *   a `gap` (reason `ambiguous-copy`) at its send time is, so consumers resync (docs/scaling.md).
 * - Per account, events are published one at a time in order (a retry never lets a later event
 *   overtake), so every consumer sees each account's events in order; accounts go in parallel
 *   up to `maxInFlight`. Receipts come in per-account order.
 * - A publish that keeps failing, or a backlog past `maxBacklog`, errors the operator with a
 *   {@link JetStreamPublishError}: let the worker restart (with `resumeFromStream`, its
 *   restart reports the gap).
 *
 * @example
 * ```ts
 * import { connect } from '@nats-io/transport-node';
 * import { jetstream, jetstreamManager } from '@nats-io/jetstream';
 * import { userDataStreams } from 'mexc-rx';
 * import { ensureEventStream, publishToJetStream } from 'mexc-rx/nats';
 *
 * const nc = await connect({ servers: '127.0.0.1:4222' });
 * await ensureEventStream(await jetstreamManager(nc), { name: 'MEXC' });
 * userDataStreams(accounts$)
 *   .pipe(publishToJetStream(jetstream(nc), { worker: 'worker-0', resumeFromStream: 'MEXC' }))
 *   .subscribe({ error: (e) => { console.error(e); process.exit(1); } });
 * ```
 */
export function publishToJetStream(js: JetStreamClient, options: PublishToJetStreamOptions): OperatorFunction<TaggedEvent<ScaleEvent>, PublishReceipt> {
  if (!WORKER.test(options.worker)) {
    throw new ValidationError({ operation: 'config', issues: [{ field: 'worker', rule: '1 to 64 letters, digits, _ or -' }] });
  }
  const prefix = checkSubjectPrefix(options.subjectPrefix ?? DEFAULT_SUBJECT_PREFIX);
  const maxInFlight = Math.max(1, countOption('maxInFlight', options.maxInFlight, 256));
  const maxBacklog = countOption('maxBacklog', options.maxBacklog, 100_000);
  const ackTimeoutMs = durationOption('ackTimeoutMs', options.ackTimeoutMs) ?? 5000;
  const retries = countOption('retries', options.retries, 3);
  const retryDelayMs = durationOption('retryDelayMs', options.retryDelayMs) ?? 250;
  const scheduler = options.scheduler ?? asyncScheduler;
  const resumeStream = options.resumeFromStream;
  const maxClockSkewMs = durationOption('maxClockSkewMs', options.maxClockSkewMs) ?? 1000;

  return (source) =>
    new Observable<PublishReceipt>((subscriber) => {
      const publisher: Publisher = { worker: options.worker, run: options.runId ?? randomRunId() };
      const lanes = new Map<string, Job[]>();
      const busy = new Set<string>();
      const ready: string[] = [];
      const timers = new Set<Subscription>();
      /** Accounts whose first event of this run was seen (and, with resume, its gap queued). */
      const resumed = new Set<string>();
      const identities = new IdentityGate({ maxClockSkewMs, memoryMs: IDENTITY_MEMORY_MS }, () => scheduler.now());
      let jsm: Promise<JetStreamManager> | undefined;
      let seq = 0;
      let backlog = 0;
      let sourceDone = false;
      let closed = false;

      const fail = (error: unknown): void => {
        if (closed) return;
        closed = true;
        subscriber.error(error instanceof JetStreamPublishError ? error : new JetStreamPublishError('publishing to JetStream failed', { cause: error }));
      };

      const delay = (ms: number): Promise<void> =>
        new Promise((resolve) => {
          const timer = scheduler.schedule(() => {
            timers.delete(timer);
            resolve();
          }, ms);
          timers.add(timer);
        });

      const publishJob = (tagged: TaggedEvent<ScaleEvent>, marketId?: string): PublishJob => ({
        kind: 'publish',
        tagged,
        subject: eventSubject(prefix, tagged.account, tagged.event.type),
        msgId: marketId ?? messageId(tagged, publisher, ++seq),
        data: encodeEnvelope(tagged, publisher),
      });

      const withRetries = async <T>(what: string, attempt: () => Promise<T>): Promise<T> => {
        let lastError: unknown;
        for (let tried = 0; tried <= retries && !closed; tried++) {
          if (tried > 0) await delay(retryDelayMs * 2 ** (tried - 1));
          try {
            return await attempt();
          } catch (error) {
            lastError = error;
          }
        }
        throw new JetStreamPublishError(`${what} failed after ${retries + 1} attempt(s)`, { cause: lastError });
      };

      const publish = async (job: PublishJob): Promise<PublishReceipt> => {
        const ack: PubAck = await withRetries(`publishing to ${job.subject}`, () => js.publish(job.subject, job.data, { msgID: job.msgId, timeout: ackTimeoutMs }));
        return { ...job.tagged, subject: job.subject, msgId: job.msgId, stream: ack.stream, seq: ack.seq, duplicate: ack.duplicate };
      };

      const execute = async (job: Job): Promise<readonly PublishReceipt[]> => {
        if (job.kind === 'publish') return [await publish(job)];
        if (resumeStream === undefined) return [];
        const last = await withRetries(`looking up the last message of ${job.account}`, async () => {
          jsm ??= js.jetstreamManager();
          return lastStoredTime(await jsm, resumeStream, prefix, job.account);
        });
        return [await publish(publishJob({ account: job.account, event: resumeGap(last, job.startedAt) }))];
      };

      const finishIfDone = (): void => {
        if (sourceDone && backlog === 0 && !closed) subscriber.complete();
      };

      const pump = (): void => {
        for (let budget = ready.length; budget > 0 && busy.size < maxInFlight && !closed; budget--) {
          const account = ready.shift();
          if (account === undefined) return;
          const job = lanes.get(account)?.[0];
          if (job === undefined) continue;
          busy.add(account);
          execute(job).then(
            (receipts) => {
              if (closed) return;
              busy.delete(account);
              const lane = lanes.get(account);
              lane?.shift();
              backlog -= 1;
              if (lane !== undefined && lane.length > 0) ready.push(account);
              else lanes.delete(account);
              for (const receipt of receipts) if (!closed) subscriber.next(receipt);
              pump();
              finishIfDone();
            },
            (error: unknown) => fail(error),
          );
        }
      };

      const enqueue = (account: string, job: Job): void => {
        backlog += 1;
        if (backlog > maxBacklog) {
          fail(new JetStreamPublishError(`more than ${maxBacklog} events wait to be published: the worker cannot keep up`));
          return;
        }
        const lane = lanes.get(account);
        if (lane !== undefined) {
          lane.push(job);
          return;
        }
        lanes.set(account, [job]);
        ready.push(account);
      };

      const sourceSubscription = source.subscribe({
        next: (tagged) => {
          if (closed) return;
          const { account, event } = tagged;
          if (event.type === 'stopped') resumed.delete(account);
          else if (!resumed.has(account)) {
            resumed.add(account);
            if (resumeStream !== undefined) enqueue(account, { kind: 'resume', account, startedAt: viewStart(event) });
          }
          const admitted = identities.admit(tagged);
          enqueue(account, publishJob(admitted.tagged, admitted.marketId));
          pump();
        },
        error: (error: unknown) => {
          if (closed) return;
          closed = true;
          subscriber.error(error);
        },
        complete: () => {
          sourceDone = true;
          finishIfDone();
        },
      });

      return () => {
        closed = true;
        sourceSubscription.unsubscribe();
        for (const timer of timers) timer.unsubscribe();
        timers.clear();
      };
    });
}
