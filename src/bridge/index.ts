/**
 * mexc-rx/nats: a bridge from the user data streams of many accounts to NATS JetStream, and back.
 * Workers publish (`publishToJetStream`) with deduplication ids, so JetStream stores each event
 * once however many connections or workers delivered it; readers consume (`consumeJetStream`)
 * through durable consumers, with every payload checked at run time.
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
export { JetStreamPublishError } from './errors.js';
export {
  accountFromToken,
  accountSubjects,
  accountToken,
  DEFAULT_SUBJECT_PREFIX,
  eventSubject,
  parseEventSubject,
  type EventKind,
} from './subject.js';
export { marketIdentity, messageId } from './message-id.js';
export { decodeEnvelope, encodeEnvelope, MAX_PAYLOAD_BYTES, type DecodedEnvelope, type Envelope, type Publisher } from './envelope.js';
export { decodeEvent, encodeEvent, type DecodedEvent } from './event-codec.js';
export { eventTime, lastStoredTime, resumeGap, viewStart } from './resume-gap.js';
export { ownedAccounts, ownerOf, ownsAccount } from '../scale/partition.js';
