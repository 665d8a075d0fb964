/**
 * The kit's queue: first in, first out at any size, `unshift` to the front, removal from the
 * middle in order, and the same answers as an array through growth, wrap-around and shrinking.
 */
import { describe, expect, it } from '@jest/globals';
import { Queue } from '../../src/internal/queue.js';

/** A seeded stream of choices (no Math.random: the same sequence every run). */
function choices(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x1_0000_0000;
  };
}

describe('Queue', () => {
  it('gives items back first in, first out, and undefined once empty', () => {
    const queue = new Queue<string>();
    expect(queue.shift()).toBeUndefined();
    expect(queue.peek()).toBeUndefined();
    queue.push('a');
    queue.push('b');
    queue.push('c');
    expect([queue.length, queue.peek(), queue.peekLast()]).toEqual([3, 'a', 'c']);
    expect([queue.shift(), queue.shift(), queue.shift(), queue.shift()]).toEqual(['a', 'b', 'c', undefined]);
    expect(queue.length).toBe(0);
  });

  it('puts an unshifted item at the front, also when the ring wraps around', () => {
    const queue = new Queue<number>();
    for (let i = 0; i < 8; i++) queue.push(i);
    queue.shift();
    queue.shift();
    queue.push(8);
    queue.unshift(-1);
    queue.unshift(-2);
    expect(queue.takeAll()).toEqual([-2, -1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('removes one item from the middle, keeping the order of the rest', () => {
    const queue = new Queue<string>();
    for (const item of ['a', 'b', 'c', 'd']) queue.push(item);
    expect(queue.remove('c')).toBe(true);
    expect(queue.remove('c')).toBe(false);
    expect(queue.remove('zz')).toBe(false);
    expect(queue.takeAll()).toEqual(['a', 'b', 'd']);
    expect(queue.remove('a')).toBe(false);
  });

  it('agrees with an array over 5,000 random operations (growth, wrap-around, removals, emptying)', () => {
    const next = choices(33);
    const queue = new Queue<number>();
    const model: number[] = [];
    for (let step = 0; step < 5_000; step++) {
      const roll = next();
      if (roll < 0.45) {
        queue.push(step);
        model.push(step);
      } else if (roll < 0.5) {
        queue.unshift(step);
        model.unshift(step);
      } else if (roll < 0.93) {
        expect(queue.shift()).toBe(model.shift());
      } else if (roll < 0.99) {
        const victim = model[Math.floor(next() * model.length)] ?? -1;
        const index = model.indexOf(victim);
        if (index >= 0) model.splice(index, 1);
        expect(queue.remove(victim)).toBe(index >= 0);
      } else {
        expect(queue.takeAll()).toEqual(model.splice(0));
      }
      expect([queue.length, queue.peek(), queue.peekLast()]).toEqual([model.length, model[0], model[model.length - 1]]);
    }
  });

  it('gives its array back once emptied after a burst, and stays usable', () => {
    const queue = new Queue<number>();
    for (let i = 0; i < 5000; i++) queue.push(i);
    const capacity = (): number => (queue as unknown as { readonly slots: readonly unknown[] }).slots.length;
    expect(capacity()).toBeGreaterThanOrEqual(5000);
    for (let i = 0; i < 5000; i++) expect(queue.shift()).toBe(i);
    expect(capacity()).toBeLessThanOrEqual(8);
    queue.push(7);
    expect(queue.shift()).toBe(7);
  });

});
