/**
 * The `mexc-rx/nats` entry exports what a user calls (the publisher, the consumer, their set-up,
 * the error, the subjects to filter on, the worker partition, the transfer journal on a bucket and its
 * errors) and nothing of the bridge's own
 * workings: the message codec, the message ids and the resume look-up stay inside.
 */
import { describe, expect, it } from '@jest/globals';
import * as nats from '../../src/bridge/index.js';

describe('the mexc-rx/nats entry', () => {
  it('exports exactly the values a user calls', () => {
    expect(Object.keys(nats).sort()).toEqual([
      'DEFAULT_SUBJECT_PREFIX',
      'JetStreamJournalBucketError',
      'JetStreamJournalCorruptError',
      'JetStreamPublishError',
      'accountSubjects',
      'consumeJetStream',
      'ensureDurableConsumer',
      'ensureEventStream',
      'eventSubject',
      'jetStreamTransferJournal',
      'ownedAccounts',
      'ownerOf',
      'ownsAccount',
      'publishToJetStream',
    ]);
  });
});
