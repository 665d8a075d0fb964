/**
 * `consumeJetStream`: reads the bridge's events back from JetStream, through a durable consumer,
 * as the same typed tagged events the workers published.
 *
 * @module
 */
import type { ConsumerMessages, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { asyncScheduler, Observable, type SchedulerLike } from 'rxjs';
import type { ScaleEvent, TaggedEvent } from '../scale/tagged-event.js';
import { type DefaultsOf, optional, required, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { BOOLEAN, count, SCHEDULER } from '../settings/rules.js';
import { decodeEnvelope, type Publisher } from './envelope.js';
import { NATS_NAME, NATS_SUBJECT } from './nats-rules.js';
import { ACK_WAIT, ensureDurableConsumer } from './stream-setup.js';
import { DEFAULT_SUBJECT_PREFIX, parseEventSubject, SUBJECT_PREFIX } from './subject.js';

const nonEmpty = (text: string | undefined): string | undefined => (text === undefined || text === '' ? undefined : text);

/** Settings of {@link consumeJetStream}. */
export interface ConsumeJetStreamOptions {
  /** The stream the workers publish into. */
  readonly stream: string;
  /** Durable consumer name: a restarted reader with the same name goes on where it stopped. */
  readonly durable: string;
  /** Subject prefix the workers use. Default `mexc`. */
  readonly subjectPrefix?: string | undefined;
  /** Subjects to read. Default `<prefix>.>` (everything); e.g. `mexc.*.order`, `mexc.strategy01.>`. */
  readonly filterSubject?: string | undefined;
  /**
   * Create the durable consumer when it does not exist (explicit acks, from the start of the
   * stream). An existing one is used as it is. Default `true`.
   */
  readonly create?: boolean | undefined;
  /** For a consumer this creates: redelivery after this long without an ack, ms. Default 30000. */
  readonly ackWaitMs?: number | undefined;
  /** Messages pulled per batch. Default 256. */
  readonly batch?: number | undefined;
  /** Clock of the `diagnostic` events for refused messages. Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
}

/**
 * The defaults of {@link ConsumeJetStreamOptions}, each written here only: `CONSUME_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const CONSUME_DEFAULTS = {
  subjectPrefix: DEFAULT_SUBJECT_PREFIX,
  create: true,
  batch: 256,
  scheduler: asyncScheduler,
} as const satisfies DefaultsOf<ConsumeJetStreamOptions>;

/** The settings' rules and defaults. */
export const CONSUME_SETTINGS = settingsFor<ConsumeJetStreamOptions>()({
  stream: required(NATS_NAME),
  durable: required(NATS_NAME),
  subjectPrefix: setting(SUBJECT_PREFIX, CONSUME_DEFAULTS.subjectPrefix),
  filterSubject: optional(NATS_SUBJECT),
  create: setting(BOOLEAN, CONSUME_DEFAULTS.create),
  ackWaitMs: optional(ACK_WAIT),
  batch: setting(count({ min: 1 }), CONSUME_DEFAULTS.batch),
  scheduler: setting(SCHEDULER, CONSUME_DEFAULTS.scheduler),
});

/** Where a consumed event came from. */
export interface Delivery {
  readonly subject: string;
  /** Sequence number in the stream: increasing, unique per stored message. */
  readonly streamSequence: number;
  /** Whether JetStream delivered it before without an ack (a reader stopped in between). */
  readonly redelivered: boolean;
  /** The message's deduplication id, when it has one. */
  readonly msgId: string | undefined;
  /** Who published it; `undefined` for the diagnostic of a refused message. */
  readonly publisher: Publisher | undefined;
}

/** A tagged event read from JetStream, with where it came from. */
export interface ConsumedEvent extends TaggedEvent<ScaleEvent> {
  readonly delivery: Delivery;
}

/**
 * Consumes bridge messages as {@link ConsumedEvent}s, in stream order (so each account's events
 * in the order they were published). Each message is acknowledged right after the subscriber's
 * `next` returned. A message that is not a valid bridge message (not JSON, a wrong field, an
 * account or kind that does not match its subject) is terminated (never redelivered) and
 * reported as a `diagnostic` event (code `malformed-frame`) of the account its subject names (or
 * `''`): one bad message never stops the stream. Unsubscribing stops pulling; messages pulled
 * and not yet handed over are delivered again later (after the ack wait).
 *
 * @example
 * ```ts
 * import { connect } from '@nats-io/transport-node';
 * import { jetstream } from '@nats-io/jetstream';
 * import { perAccount, reduceOrders } from 'mexc-rx';
 * import { consumeJetStream } from 'mexc-rx/nats';
 *
 * const nc = await connect({ servers: '127.0.0.1:4222' });
 * consumeJetStream(jetstream(nc), { stream: 'MEXC', durable: 'order-books' })
 *   .pipe(perAccount(reduceOrders()))
 *   .subscribe(({ account, value }) => save(account, value));
 * ```
 */
export function consumeJetStream(js: JetStreamClient, options: ConsumeJetStreamOptions): Observable<ConsumedEvent> {
  const { subjectPrefix: prefix, batch, scheduler, ...settings } = resolveSettings(CONSUME_SETTINGS, options);
  const filterSubject = settings.filterSubject ?? `${prefix}.>`;

  return new Observable<ConsumedEvent>((subscriber) => {
    let closed = false;
    let messages: ConsumerMessages | undefined;

    const run = async (): Promise<void> => {
      const pulled = await openMessages(js, options, filterSubject, batch, () => closed);
      if (pulled === undefined) return;
      messages = pulled;
      if (closed) {
        pulled.stop();
        return;
      }
      for await (const msg of pulled) {
        if (closed) break;
        const read = readBridgeMessage(prefix, msg, scheduler);
        subscriber.next(read.event);
        if (read.accepted) msg.ack();
      }
    };

    run().then(
      () => {
        if (!closed) subscriber.complete();
      },
      (error: unknown) => {
        if (!closed) subscriber.error(error);
      },
    );

    return () => {
      closed = true;
      messages?.stop();
    };
  });
}

/** Ensures the durable consumer (unless told not to) and starts pulling; `undefined` once stopped. */
async function openMessages(
  js: JetStreamClient,
  options: ConsumeJetStreamOptions,
  filterSubject: string,
  batch: number,
  stopped: () => boolean,
): Promise<ConsumerMessages | undefined> {
  if (options.create ?? CONSUME_DEFAULTS.create) {
    const jsm = await js.jetstreamManager();
    await ensureDurableConsumer(jsm, {
      stream: options.stream,
      durable: options.durable,
      filterSubject,
      ...(options.ackWaitMs === undefined ? {} : { ackWaitMs: options.ackWaitMs }),
    });
  }
  if (stopped()) return undefined;
  const consumer = await js.consumers.get(options.stream, options.durable);
  if (stopped()) return undefined;
  return consumer.consume({ max_messages: batch });
}

/**
 * One pulled message as the event to hand over: the published event when the message is a valid
 * bridge message whose subject agrees with it (to be acknowledged after delivery), else a
 * `diagnostic` event; the refused message is terminated here, so it is never delivered again.
 */
function readBridgeMessage(
  prefix: string,
  msg: JsMsg,
  scheduler: SchedulerLike,
): { readonly accepted: boolean; readonly event: ConsumedEvent } {
  const target = parseEventSubject(prefix, msg.subject);
  const decoded = decodeEnvelope(msg.data);
  const problems = decoded.ok ? [] : [...decoded.problems];
  if (target === undefined) problems.push(`subject: ${msg.subject} is not <prefix>.<account>.<kind>`);
  if (decoded.ok && target !== undefined) {
    if (decoded.envelope.account !== target.account) problems.push('account: does not match the subject');
    if (decoded.envelope.event.type !== target.kind) problems.push('event.type: does not match the subject');
  }
  const delivery = {
    subject: msg.subject,
    streamSequence: msg.seq,
    redelivered: msg.redelivered,
    msgId: nonEmpty(msg.headers?.get('Nats-Msg-Id')),
  };
  if (decoded.ok && problems.length === 0) {
    const { publisher, ...tagged } = decoded.envelope;
    return { accepted: true, event: { ...tagged, delivery: { ...delivery, publisher } } };
  }
  const message = `JetStream message ${msg.seq} on ${msg.subject} refused: ${problems.join('; ')}`;
  // Terminated: never delivered again. (No reason text: servers before 2.10 do not read
  // `+TERM <reason>` as a termination.)
  msg.term();
  return {
    accepted: false,
    event: {
      account: target?.account ?? '',
      event: { type: 'diagnostic', code: 'malformed-frame', message, at: scheduler.now() },
      delivery: { ...delivery, publisher: undefined },
    },
  };
}
