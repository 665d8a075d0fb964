/**
 * A first-in first-out set of string keys, each with a value (the time it entered, say): O(1) to
 * add, remove and look at the oldest. The state operators use it to evict oldest-first.
 *
 * @module
 */

/**
 * Keys in the order they were first added; adding a key already present keeps its place.
 *
 * @example
 * ```ts
 * const queue = new Fifo<number>();
 * queue.add('a', 1);
 * queue.add('b', 2);
 * queue.add('a', 3); // 'a' keeps its place and its value
 * queue.shift(); // ['a', 1]
 * ```
 */
export class Fifo<V> {
  // A Map iterates in insertion order, and deleting its first key is O(1): exactly a queue with removal.
  private readonly entries = new Map<string, V>();

  /** Number of keys. */
  get size(): number {
    return this.entries.size;
  }

  /** Adds `key` at the back, unless it is already queued. Returns whether it was added. */
  add(key: string, value: V): boolean {
    if (this.entries.has(key)) return false;
    this.entries.set(key, value);
    return true;
  }

  /** Whether `key` is queued. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Removes `key` wherever it is. Returns whether it was there. */
  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  /** The oldest key and its value, left in place. */
  peek(): readonly [string, V] | undefined {
    const next = this.entries.entries().next();
    return next.done ? undefined : next.value;
  }

  /** Removes and returns the oldest key and its value. */
  shift(): readonly [string, V] | undefined {
    const oldest = this.peek();
    if (oldest) this.entries.delete(oldest[0]);
    return oldest;
  }
}
