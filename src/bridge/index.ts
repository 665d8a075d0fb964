/**
 * mexc-rx/nats: a bridge from the user data streams of many accounts to NATS JetStream, and back.
 * Workers publish (`publishToJetStream`) with deduplication ids, so JetStream stores each event
 * once however many connections or workers delivered it; readers consume (`consumeJetStream`)
 * through durable consumers, with every payload checked at run time.
 *
 * The entry exports what a user calls and nothing else: the publisher and the consumer with their
 * options and types (a delivery's `Publisher`), the stream and consumer set-up, the error, the
 * subjects to filter on, the worker partition, and the transfer journal on a key-value bucket
 * (`jetStreamTransferJournal`, for `transferOnce` across many workers). The message codec, the
 * message ids and the resume look-up are the bridge's own.
 *
 * Needs the optional peers `@nats-io/jetstream`, `@nats-io/nats-core` and a transport
 * (`@nats-io/transport-node`). The core package (`mexc-rx`) never imports this entry.
 *
 * @module
 */
export { publishToJetStream, type PublishReceipt, type PublishToJetStreamOptions } from './publish.js';
export { consumeJetStream, type ConsumedEvent, type ConsumeJetStreamOptions, type Delivery } from './consume.js';
export {
  ensureDurableConsumer,
  ensureEventStream,
  type DurableConsumerOptions,
  type EventStreamOptions,
} from './stream-setup.js';
export type { Publisher } from './envelope.js';
export { JetStreamPublishError } from './errors.js';
export { accountSubjects, DEFAULT_SUBJECT_PREFIX, eventSubject, type EventKind } from './subject.js';
export {
  jetStreamTransferJournal,
  type JetStreamJournalOptions,
  type JetStreamTransferJournal,
} from './journal/index.js';
export { JetStreamJournalBucketError, JetStreamJournalCorruptError } from './journal/errors.js';
export { ownedAccounts, ownerOf, ownsAccount } from '../scale/partition.js';
