/**
 * A digest of the events one account received (or the simulator pushed to it), in order: the same
 * digest on both sides means each event arrived exactly once, in order.
 *
 * @module
 */
import { createHash } from 'node:crypto';

/**
 * An event as text, independent of the order of its fields and of fields left undefined.
 *
 * @example
 * ```ts
 * canonicalEvent({ b: 1, a: 'x', c: undefined }); // '[["a","x"],["b",1]]'
 * ```
 */
function canonicalEvent(event: object): string {
  return JSON.stringify(Object.entries(event).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Folds events, one at a time, into a count and a digest. */
export class EventDigest {
  private readonly hash = createHash('sha256');
  count = 0;

  /** Adds one event (without its channel). */
  add(event: object): void {
    this.hash.update(canonicalEvent(event));
    this.hash.update('\n');
    this.count += 1;
  }

  /** The digest so far, as hex (ends this digest). */
  digest(): string {
    return this.hash.digest('hex');
  }
}
