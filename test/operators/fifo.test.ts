/**
 * The first-in first-out key set behind the order book's evictions: keys come out oldest first,
 * a key added again keeps its place, a deleted key is skipped; and the dead slots it keeps behind
 * are bounded (its memory stays within twice the live keys plus a fixed slack), rebuilt no sooner.
 */
import { describe, expect, it } from '@jest/globals';
import { Fifo } from '../../src/operators/state/fifo.js';

/** Dead slots tolerated beyond the live ones before a rebuild (the module's `SLACK`). */
const SLACK = 1024;

/** The slots a queue keeps (live and dead), read for the memory bound (not part of its interface). */
function backing(queue: Fifo<number>): { readonly length: number } {
  const inside = queue as unknown as { readonly slots: { readonly length: number } };
  return { length: inside.slots.length };
}

function drain<V>(queue: Fifo<V>): (readonly [string, V])[] {
  const out: (readonly [string, V])[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) out.push(next);
  return out;
}

function filled(count: number): Fifo<number> {
  const queue = new Fifo<number>();
  for (let i = 0; i < count; i++) queue.add(`k${i}`, i);
  return queue;
}

describe('Fifo', () => {
  it('gives keys back oldest first; a key added again keeps its place and its first value', () => {
    const queue = new Fifo<number>();
    expect([queue.add('a', 1), queue.add('b', 2), queue.add('a', 3), queue.size]).toEqual([true, true, false, 2]);
    expect([queue.has('a'), queue.has('c')]).toEqual([true, false]);
    expect(queue.peek()).toEqual(['a', 1]);
    expect(queue.peek()).toEqual(['a', 1]);
    expect(queue.size).toBe(2);
    expect(drain(queue)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect([queue.size, queue.peek(), queue.shift(), queue.has('a')]).toEqual([0, undefined, undefined, false]);
  });

  it('skips deleted keys, and puts a key deleted then added again at the back', () => {
    const queue = new Fifo<number>();
    queue.add('a', 1);
    queue.add('b', 2);
    queue.add('c', 3);
    expect([queue.delete('a'), queue.delete('a'), queue.delete('zz')]).toEqual([true, false, false]);
    expect([queue.has('a'), queue.size]).toEqual([false, 2]);
    expect(queue.add('a', 4)).toBe(true);
    expect(queue.peek()).toEqual(['b', 2]);
    queue.delete('c');
    expect(drain(queue)).toEqual([
      ['b', 2],
      ['a', 4],
    ]);
  });

  it('answers nothing once every key is deleted, and starts again from the next one added', () => {
    const queue = new Fifo<number>();
    queue.add('a', 1);
    queue.add('b', 2);
    queue.delete('b');
    queue.delete('a');
    expect([queue.peek(), queue.shift(), queue.size]).toEqual([undefined, undefined, 0]);
    queue.add('b', 5);
    expect(queue.shift()).toEqual(['b', 5]);
    expect(queue.shift()).toBeUndefined();
  });

  it('keeps its order through a rebuild after many deletes from the middle', () => {
    const queue = filled(3000);
    for (let i = 1; i < 3000; i += 2) queue.delete(`k${i}`);
    for (let i = 2; i < 3000; i += 4) queue.delete(`k${i}`);
    const expected = Array.from({ length: 3000 }, (_, i) => i).filter((i) => i % 4 === 0);
    expect(queue.size).toBe(expected.length);
    expect(drain(queue)).toEqual(expected.map((i) => [`k${i}`, i]));
  });

  it('keeps its order through a rebuild after many shifts, with dead slots among the live ones', () => {
    const queue = filled(2600);
    for (let i = 1; i < 2600; i += 3) queue.delete(`k${i}`);
    const shifted = Array.from({ length: 1500 }, () => queue.shift()?.[0]);
    const live = Array.from({ length: 2600 }, (_, i) => i).filter((i) => i % 3 !== 1);
    expect(shifted).toEqual(live.slice(0, 1500).map((i) => `k${i}`));
    expect(drain(queue)).toEqual(live.slice(1500).map((i) => [`k${i}`, i]));
  });

  it('rebuilds after deletes only once the dead slots pass twice the live keys plus the slack', () => {
    const queue = filled(1100);
    // Deleting from the back: 1100 slots stay while 1100 <= 2 * live + SLACK, that is down to 38 live.
    const lengths: number[] = [];
    for (let i = 1099; i >= 30; i--) {
      queue.delete(`k${i}`);
      lengths.push(backing(queue).length);
    }
    const live = (deleted: number): number => 1100 - deleted;
    expect(lengths.slice(0, 1062)).toEqual(Array.from({ length: 1062 }, () => 1100));
    expect(live(1062)).toBe((1100 - SLACK) / 2);
    // The 1063rd delete leaves 37 live keys: 1100 > 2 * 37 + SLACK, and the array shrinks to them;
    // the deletes after it leave their slots behind again.
    expect(lengths.slice(1062)).toEqual([37, 37, 37, 37, 37, 37, 37, 37]);
    expect(drain(queue)).toEqual(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
  });

  it('counts only the slots not yet shifted when deciding to rebuild after a delete', () => {
    const queue = filled(1100);
    for (let i = 0; i < 10; i++) queue.shift();
    // 1090 slots left: they stay while 1090 <= 2 * live + SLACK, that is down to 33 live.
    const seen: { readonly length: number }[] = [];
    for (let i = 1099; i >= 1100 - 1060; i--) {
      queue.delete(`k${i}`);
      seen.push(backing(queue));
    }
    expect(queue.size).toBe(30);
    expect(seen[1056]).toEqual({ length: 1090 });
    // The 1058th delete leaves 32 live keys: 1090 > 2 * 32 + SLACK.
    expect(seen[1057]).toEqual({ length: 32 });
    expect(queue.peek()).toEqual(['k10', 10]);
  });

  it('lets go of each slot as it is shifted, and of the dead slots a look at the oldest passes', () => {
    const queue = filled(2000);
    const seen: number[] = [];
    for (let i = 0; i < 1030; i++) {
      queue.shift();
      seen.push(backing(queue).length);
    }
    expect(seen).toEqual(Array.from({ length: 1030 }, (_, i) => 2000 - i - 1));
    // Ten dead slots at the front (deleted, not shifted) go with the next look at the oldest.
    for (let i = 1030; i < 1040; i++) queue.delete(`k${i}`);
    expect(backing(queue).length).toBe(970);
    expect(queue.peek()).toEqual(['k1040', 1040]);
    expect(backing(queue).length).toBe(960);
  });

  it('drops the dead slots when it rebuilds, keeping the live ones only', () => {
    const queue = filled(1100);
    for (let i = 0; i < 1100; i += 2) queue.delete(`k${i}`);
    // 550 live, 1100 slots: no rebuild yet; deleting down to 37 live forces one, which keeps
    // those 37 slots; the one delete after it leaves its slot behind.
    for (let i = 1; i < 1100 - 2 * 36; i += 2) queue.delete(`k${i}`);
    expect(queue.size).toBe(36);
    expect(backing(queue)).toEqual({ length: 37 });
    expect(queue.peek()).toEqual(['k1029', 1029]);
  });
});
