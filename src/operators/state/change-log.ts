/**
 * What one update of a book touched, for its snapshot's `changed` and `removed`: kept between
 * snapshots and handed over once. The same Set serves every update (cleared, not replaced), and an
 * update that removed nothing shares one frozen empty list, so the usual event (one key changed)
 * costs one small array.
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
  private removedKeys: string[] = [];

  /** Number of keys removed since the last snapshot. */
  get removedCount(): number {
    return this.removedKeys.length;
  }

  /** `key` was created or changed. */
  change(key: string): void {
    this.changedKeys.add(key);
  }

  /** `key` was removed (it is no longer among the changed ones). */
  remove(key: string): void {
    this.changedKeys.delete(key);
    this.removedKeys.push(key);
  }

  /** The keys changed since the last call, in the order they first changed; forgets them. */
  takeChanged(): readonly string[] {
    if (this.changedKeys.size === 0) return NONE;
    const keys = [...this.changedKeys];
    this.changedKeys.clear();
    return keys;
  }

  /** The keys removed since the last call; forgets them. */
  takeRemoved(): readonly string[] {
    if (this.removedKeys.length === 0) return NONE;
    const keys = this.removedKeys;
    this.removedKeys = [];
    return keys;
  }
}
