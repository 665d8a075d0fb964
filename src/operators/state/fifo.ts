/**
 * A first-in first-out set of string keys, each with a value (the time it entered, say): O(1) to
 * add, remove and look at the oldest (amortized). The state operators use it to evict oldest-first.
 *
 * Why not a `Map` alone: a Map iterates in insertion order, but V8 leaves a deleted entry as a hole
 * until the table is rebuilt, and `entries().next()` walks over every hole in front of the first
 * live entry. Used as a queue (delete the oldest, add a new one) a Map of n keys spends O(n) per
 * look at the oldest: 7 µs per operation at 10,000 keys, which made `reduceOrders` 10x slower.
 * Here the order lives in the kit's queue (`src/internal/queue.ts`); the Map only answers membership.
 *
 * @module
 */
import { Queue } from '../../internal/queue.js';

/** One queued key; it is dead (skipped, dropped lazily) once the Map no longer points at it. */
type Slot<V> = readonly [key: string, value: V];

/** Dead slots tolerated beyond the live ones before the array is rebuilt. */
const SLACK = 1024;

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
  private readonly live = new Map<string, Slot<V>>();
  /** Slots in insertion order; some are dead (deleted from the middle), dropped when they reach the front. */
  private slots = new Queue<Slot<V>>();

  /** Number of keys. */
  get size(): number {
    return this.live.size;
  }

  /** Adds `key` at the back, unless it is already queued. Returns whether it was added. */
  add(key: string, value: V): boolean {
    if (this.live.has(key)) return false;
    const slot: Slot<V> = [key, value];
    this.live.set(key, slot);
    this.slots.push(slot);
    return true;
  }

  /** Whether `key` is queued. */
  has(key: string): boolean {
    return this.live.has(key);
  }

  /** Removes `key` wherever it is. Returns whether it was there. */
  delete(key: string): boolean {
    if (!this.live.delete(key)) return false;
    // Its slot stays until it reaches the head or the array is rebuilt; bound how many do.
    if (this.slots.length > 2 * this.live.size + SLACK) this.rebuild();
    return true;
  }

  /** The oldest key and its value, left in place. */
  peek(): readonly [string, V] | undefined {
    for (let slot = this.slots.peek(); slot !== undefined; slot = this.slots.peek()) {
      if (this.live.get(slot[0]) === slot) return slot;
      this.slots.shift();
    }
    return undefined;
  }

  /** Removes and returns the oldest key and its value. */
  shift(): readonly [string, V] | undefined {
    const oldest = this.peek();
    if (oldest) {
      this.live.delete(oldest[0]);
      this.slots.shift();
    }
    return oldest;
  }

  /** Keeps only the live slots, in order. */
  private rebuild(): void {
    const kept = new Queue<Slot<V>>();
    for (const slot of this.slots.takeAll()) if (this.live.get(slot[0]) === slot) kept.push(slot);
    this.slots = kept;
  }
}
