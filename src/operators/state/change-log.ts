/**
 * What one update of a book touched, for its snapshot's `changed` and `removed`: kept between
 * snapshots and handed over once. Each key is in at most one of the two lists, the one of its last
 * fate since the snapshot before: a key removed, then made again (a placeholder evicted, then
 * brought back by a later deal within one coalescing window) is changed, not removed, so a consumer
 * may apply the lists in either order. The same Sets serve every update (cleared, not replaced),
 * and a list with nothing in it is one shared frozen empty array, so the usual event (one key
 * changed) costs one small array.
 *
 * @module
 */

/** The list of an update that touched nothing of a kind: one shared, frozen array. */
const NONE: readonly string[] = Object.freeze([]);

/**
 * Keys changed and removed since the last snapshot.
 *
 * @example
 * ```ts
 * const log = new ChangeLog();
 * log.change('a');
 * log.remove('b');
 * [log.takeChanged(), log.takeRemoved()]; // [['a'], ['b']]
 * ```
 */
export class ChangeLog {
  private readonly changedKeys = new Set<string>();
  private readonly removedKeys = new Set<string>();

  /** Number of keys removed since the last snapshot (and not made again since). */
  get removedCount(): number {
    return this.removedKeys.size;
  }

  /** `key` was created or changed (it is no longer among the removed ones). */
  change(key: string): void {
    this.changedKeys.add(key);
    // Only a key that was removed and made again is in both: the common case skips the delete.
    if (this.removedKeys.size > 0) this.removedKeys.delete(key);
  }

  /** `key` was removed (it is no longer among the changed ones). */
  remove(key: string): void {
    this.changedKeys.delete(key);
    this.removedKeys.add(key);
  }

  /** The keys changed since the last call, in the order they first changed; forgets them. */
  takeChanged(): readonly string[] {
    if (this.changedKeys.size === 0) return NONE;
    const keys = [...this.changedKeys];
    this.changedKeys.clear();
    return keys;
  }

  /** The keys removed since the last call, in the order they were removed; forgets them. */
  takeRemoved(): readonly string[] {
    if (this.removedKeys.size === 0) return NONE;
    const keys = [...this.removedKeys];
    this.removedKeys.clear();
    return keys;
  }
}
