/**
 * The cost of the bridge's deduplication ids: what `publishToJetStream` computes per event since
 * ids carry an occurrence index (`IdentityGate`: content hash, occurrence count, when the view
 * began), against the id before it (a hash of the account and the content alone), on the same
 * tagged events. The old id lives here only, as this row's baseline.
 *
 * @module
 */
import { IdentityGate } from '../src/bridge/identity-gate.js';
import { marketIdentity } from '../src/bridge/message-id.js';
import { hash106Hex } from '../src/internal/hash.js';
import { isMarketEvent, type TaggedEvent } from '../src/scale/tagged-event.js';

/** The id of a market event before occurrence indexes: identical contents shared it. */
function contentOnlyId(tagged: TaggedEvent): string | undefined {
  const { event } = tagged;
  return isMarketEvent(event) ? `mexc1:${event.type}:${hash106Hex(marketIdentity(tagged.account, event))}` : undefined;
}

/** µs per event to give every event of `events` its id, the old way. */
export function oldIdMicros(events: readonly TaggedEvent[]): number {
  let kept = 0;
  const start = performance.now();
  for (const tagged of events) if (contentOnlyId(tagged) !== undefined) kept += 1;
  const micros = ((performance.now() - start) * 1000) / events.length;
  if (kept === 0) throw new Error('no market event in the workload');
  return micros;
}

/** µs per event to give every event of `events` its id through a fresh `IdentityGate`, as a publisher does. */
export function newIdMicros(events: readonly TaggedEvent[]): number {
  const gate = new IdentityGate({ maxClockSkewMs: 1000, memoryMs: 60_000 }, () => performance.now());
  let kept = 0;
  const start = performance.now();
  for (const tagged of events) if (gate.admit(tagged).marketId !== undefined) kept += 1;
  const micros = ((performance.now() - start) * 1000) / events.length;
  if (kept === 0) throw new Error('no market event got an id');
  return micros;
}
