/**
 * The one answer to "is this the same event?", for the stream's overlap deduplication and for the
 * bridge's message ids. Both ask it of copies of the service's pushes: the same push delivered by
 * two connections of a stream (rollover, key replacement), or by two workers, a retried publish,
 * a restarted run.
 *
 * **One identity** (`event-identity.ts`): an event's fields but `sendTime`, by name, absent fields
 * left out. The channel is named by each use, with the reason beside it: kept among the
 * connections of one stream ({@link streamCopyIdentity}), dropped across the workers of an
 * account ({@link accountPushIdentity}).
 *
 * **One way of counting, two rules for who may count.** Identical content repeats (a lock, an
 * unlock, the same lock again, in one millisecond), so identity alone cannot tell a copy from a
 * new push: both uses count *occurrences*, the n-th push of a content being occurrence n, and a
 * copy is a delivery of an occurrence already delivered. They differ in what the counter sees,
 * so each has its rule, with its reason:
 *
 * - The stream's ({@link OverlapDeduplicator}, `overlap-copies.ts`): one process sees every one
 *   of its connections, so a connection subscribed late starts its count from what the others
 *   delivered, and each delivery is decided at once: passed unless another connection already
 *   delivered that occurrence. The moment of a subscription races with pushes in flight, so
 *   occurrences are counted within a window of send time ({@link COPY_WINDOW_MS}); the counts are
 *   kept only during an overlap and its tail.
 * - The bridge's ({@link AccountIdentity}, `push-occurrences.ts`): publishers in different
 *   processes never see each other, so each counts what its own view saw, and JetStream keeps the
 *   first message of each (content, occurrence) id. A window of send time would not give two
 *   publishers the same count (their send times differ), so there is none; instead a count is
 *   trusted only when no push of that content can predate the view (its floor,
 *   {@link contentFloor}), and is reported unknown otherwise (the bridge publishes a gap).
 *
 * Neither rule fits the other's place: the stream's needs the other connections' counts, which a
 * publisher does not have; the bridge's would make the stream report a gap for every event whose
 * count it could have known by looking at its other connection.
 *
 * @module
 */
export { accountPushIdentity, streamCopyIdentity } from './event-identity.js';
export { COPY_WINDOW_MS, OverlapDeduplicator } from './overlap-copies.js';
export { AccountIdentity, contentFloor, type AccountIdentitySettings, type FloorFields } from './push-occurrences.js';
