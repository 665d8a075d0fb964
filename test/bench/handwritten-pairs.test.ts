/**
 * The `handwritten` benchmark times a hand-written piece against a library only once both give the
 * same results: each pair's check holds on its workload, and the checks catch a side that differs.
 */
import { describe, expect, it } from '@jest/globals';
import { cpuPairs } from '../../bench/handwritten.bench.js';
import { noCollisions, sameResults } from '../../bench/handwritten-pair.js';

describe('the handwritten benchmark pairs', () => {
  const pairs = cpuPairs(true);

  it('covers every piece timed on the CPU', () => {
    expect(new Set(pairs.map((pair) => pair.piece))).toEqual(new Set(['protobuf reader', 'persistent map', 'decimals', 'exact JSON numbers', 'queues', 'hashing']));
  });

  it.each(pairs.map((pair) => [`${pair.piece}: ${pair.label} against ${pair.library}`, pair] as const))('%s: both sides agree', (_, pair) => {
    expect(() => pair.verify()).not.toThrow();
    expect(Number.isFinite(pair.ours())).toBe(true);
    expect(Number.isFinite(pair.theirs())).toBe(true);
  });

  it('refuses two sides that differ on one input, naming it', () => {
    expect(() => sameResults('sum', [1, 2, 3], (x) => x * 2, (x) => (x === 2 ? 5 : x * 2))).toThrow(/sum: the two sides differ at input 1: 4 against 5/);
  });

  it('refuses a hash that confuses two distinct inputs', () => {
    expect(() => noCollisions('short', ['ab', 'ba', 'ab'], (text) => text, (text) => text.length)).toThrow(/short: side 2 gives 1 hashes for 2 distinct inputs/);
  });
});
