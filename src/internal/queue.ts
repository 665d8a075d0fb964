/**
 * The project's one queue: first in, first out, O(1) at both ends. A ring buffer over an array
 * whose length is a power of two, doubled when full. `Array.prototype.shift` copies the whole
 * array once it is large (V8 moves every element), which turns a long queue quadratic; an array
 * read from a moving head needs its own compaction rule; this needs neither.
 *
 * @module
 */

/** Slots of a new queue, and of one emptied after growing past {@link SHRINK_ABOVE}. */
const INITIAL_CAPACITY = 8;
/** An emptied queue larger than this gives its array back (a burst does not hold memory forever). */
const SHRINK_ABOVE = 1024;

/**
 * First in, first out; `unshift` puts an item at the front (a call that must go first).
 *
 * @example
 * ```ts
 * const queue = new Queue<string>();
 * queue.push('a');
 * queue.push('b');
 * queue.unshift('first');
 * queue.shift(); // 'first'
 * queue.length; // 2
 * ```
 */
export class Queue<T> {
  private slots: (T | undefined)[] = new Array<T | undefined>(INITIAL_CAPACITY);
  private head = 0;
  private size = 0;

  /** Items queued. */
  get length(): number {
    return this.size;
  }

  /** Adds `item` at the back. */
  push(item: T): void {
    if (this.size === this.slots.length) this.grow();
    this.slots[(this.head + this.size) & (this.slots.length - 1)] = item;
    this.size += 1;
  }

  /** Adds `item` at the front: it is the next to go. */
  unshift(item: T): void {
    if (this.size === this.slots.length) this.grow();
    this.head = (this.head - 1) & (this.slots.length - 1);
    this.slots[this.head] = item;
    this.size += 1;
  }

  /** Removes and returns the front item; `undefined` when empty. */
  shift(): T | undefined {
    if (this.size === 0) return undefined;
    const item = this.slots[this.head];
    this.slots[this.head] = undefined;
    this.head = (this.head + 1) & (this.slots.length - 1);
    this.size -= 1;
    if (this.size === 0) this.reset();
    return item;
  }

  /** The front item, left in place; `undefined` when empty. */
  peek(): T | undefined {
    return this.size === 0 ? undefined : this.slots[this.head];
  }

  /** The back item (the last pushed), left in place; `undefined` when empty. */
  peekLast(): T | undefined {
    return this.size === 0 ? undefined : this.slots[(this.head + this.size - 1) & (this.slots.length - 1)];
  }

  /**
   * Removes the first occurrence of `item` (a waiter that gave up), keeping the others' order.
   * O(n): for the rare removal from the middle. Returns whether it was there.
   */
  remove(item: T): boolean {
    const mask = this.slots.length - 1;
    for (let i = 0; i < this.size; i++) {
      if (this.slots[(this.head + i) & mask] !== item) continue;
      for (let j = i; j < this.size - 1; j++) this.slots[(this.head + j) & mask] = this.slots[(this.head + j + 1) & mask];
      this.slots[(this.head + this.size - 1) & mask] = undefined;
      this.size -= 1;
      if (this.size === 0) this.reset();
      return true;
    }
    return false;
  }

  /** Removes every item, returning them front to back. */
  takeAll(): T[] {
    const items: T[] = [];
    while (this.size > 0) items.push(this.shift() as T);
    return items;
  }

  /** Doubles the array, the items moved to its start in order. */
  private grow(): void {
    const old = this.slots;
    const slots = new Array<T | undefined>(old.length * 2);
    for (let i = 0; i < this.size; i++) slots[i] = old[(this.head + i) & (old.length - 1)];
    this.slots = slots;
    this.head = 0;
  }

  /** Emptied: start from the front, with a small array again after a burst. */
  private reset(): void {
    this.head = 0;
    if (this.slots.length > SHRINK_ABOVE) this.slots = new Array<T | undefined>(INITIAL_CAPACITY);
  }
}
