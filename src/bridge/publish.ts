/**
 * `publishToJetStream`: an operator that publishes each tagged event to JetStream, on a subject
 * per account and kind, with a deduplication id, and emits a receipt per stored event.
 *
 * @module
 */
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { concat, concatMap, defer, map, type Observable, type OperatorFunction } from 'rxjs';
import { keyedConcatMap } from '../operators/internal/keyed-concat-map.js';
import type { ScaleEvent, TaggedEvent } from '../scale/tagged-event.js';
import { encodeEnvelope, type Publisher } from './envelope.js';
import { JetStreamPublishError } from './errors.js';
import { IdentityGate } from './identity-gate.js';
import { messageId } from './message-id.js';
import { publishSettings, type PublishSettings, type PublishToJetStreamOptions } from './publish-options.js';
import { retried } from './retried.js';
import { lastStoredTime, resumeGap, viewStart } from './resume-gap.js';
import { eventSubject } from './subject.js';

export type { PublishToJetStreamOptions } from './publish-options.js';

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
  readonly tagged: TaggedEvent<ScaleEvent>;
  readonly subject: string;
  readonly msgId: string;
  readonly data: Uint8Array;
}

/** Before an account's first event of the run (`resumeFromStream`): look up what `stream` holds of it, and publish the gap since then. */
interface Resume {
  readonly stream: string;
  /** Where this run's view of the account begins. */
  readonly startedAt: number;
}

/** What one event of the source asks of its account's queue. */
interface Job {
  readonly account: string;
  readonly resume: Resume | undefined;
  readonly event: PublishJob;
}

/** How long a worker remembers a content after its last push, to count identical pushes, ms. */
const IDENTITY_MEMORY_MS = 60_000;

function randomRunId(): string {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One subscription of the publisher: turns each event of the source, as it comes, into a job for
 * its account's queue (the event with its subject, id and payload; before the account's first
 * event, the resume look-up), and carries a job out.
 */
class PublishRun {
  private readonly publisher: Publisher;
  /** Accounts whose first event of this run was seen (and, with resume, its look-up queued). */
  private readonly resumed = new Set<string>();
  private readonly identities: IdentityGate;
  private jsm: Promise<JetStreamManager> | undefined;
  /** Messages of this run given an id of their own (lifecycle events). */
  private seq = 0;

  constructor(
    private readonly js: JetStreamClient,
    private readonly settings: PublishSettings,
  ) {
    this.publisher = { worker: settings.worker, run: settings.runId ?? randomRunId() };
    this.identities = new IdentityGate({ maxClockSkewMs: settings.maxClockSkewMs, memoryMs: IDENTITY_MEMORY_MS }, () => settings.scheduler.now());
  }

  /** The job of the source's next event. */
  job(tagged: TaggedEvent<ScaleEvent>): Job {
    const { account, event } = tagged;
    let resume: Resume | undefined;
    if (event.type === 'stopped') this.resumed.delete(account);
    else if (!this.resumed.has(account)) {
      this.resumed.add(account);
      const stream = this.settings.resumeStream;
      if (stream !== undefined) resume = { stream, startedAt: viewStart(event) };
    }
    const admitted = this.identities.admit(tagged);
    return { account, resume, event: this.publishJob(admitted.tagged, admitted.marketId) };
  }

  /** Carries out a job: the receipts of what it stored (the resume gap first, if any, then the event). */
  execute(job: Job): Observable<PublishReceipt> {
    const event = this.publish(job.event);
    if (job.resume === undefined) return event;
    const { stream, startedAt } = job.resume;
    const lookUp = async (): Promise<PublishJob> => this.publishJob({ account: job.account, event: resumeGap(await this.lastStored(stream, job.account), startedAt) });
    const gap = retried(`looking up the last message of ${job.account}`, lookUp, this.settings);
    return concat(gap.pipe(concatMap((resumeJob) => this.publish(resumeJob))), event);
  }

  private publishJob(tagged: TaggedEvent<ScaleEvent>, marketId?: string): PublishJob {
    return {
      tagged,
      subject: eventSubject(this.settings.prefix, tagged.account, tagged.event.type),
      msgId: marketId ?? messageId(tagged, this.publisher, ++this.seq),
      data: encodeEnvelope(tagged, this.publisher),
    };
  }

  private publish(job: PublishJob): Observable<PublishReceipt> {
    const { tagged, subject, msgId } = job;
    const options = { msgID: msgId, timeout: this.settings.ackTimeoutMs };
    return retried(
      `publishing to ${subject}`,
      () => this.js.publish(subject, job.data, options).then((ack) => ({ ...tagged, subject, msgId, stream: ack.stream, seq: ack.seq, duplicate: ack.duplicate })),
      this.settings,
    );
  }

  private async lastStored(stream: string, account: string): Promise<number | undefined> {
    // A manager that could not be had is asked for again on the next attempt.
    const pending = (this.jsm ??= this.js.jetstreamManager());
    const jsm = await pending.catch((error: unknown) => {
      if (this.jsm === pending) this.jsm = undefined;
      throw error;
    });
    return lastStoredTime(jsm, stream, this.settings.prefix, account);
  }
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
 * - Unsubscribing stops at once: publishes awaiting their ack are abandoned (no receipt, no
 *   retry; JetStream may still store them, under their ids, so a later copy is not stored twice)
 *   and waiting events are dropped.
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
  const settings = publishSettings(options);
  const limits = {
    maxInFlight: settings.maxInFlight,
    maxBacklog: settings.maxBacklog,
    backlogError: (max: number) => new JetStreamPublishError(`more than ${max} events wait to be published: the worker cannot keep up`),
  };
  return (source) =>
    defer(() => {
      const run = new PublishRun(js, settings);
      return source.pipe(
        map((tagged) => run.job(tagged)),
        keyedConcatMap(
          (job: Job) => job.account,
          (job: Job) => run.execute(job),
          limits,
        ),
      );
    });
}
