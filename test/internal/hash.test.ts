/**
 * The kit's hashes keep what their users rely on: the stable hash gives the same numbers in every
 * process and version (partitions and bridge message ids are computed by many workers, and stored),
 * the seed changes it, and the keyed hash differs per key (see also test/scale/partition.test.ts
 * and test/operators/hash-flooding.test.ts, which hold the spread and the reference vectors).
 */
import { describe, expect, it } from '@jest/globals';
import { hash106Hex, hash53, keyedHash, randomHashKey } from '../../src/internal/hash.js';

describe('the stable hash', () => {
  it('gives the numbers it always gave (a change would move every partition and message id)', () => {
    expect(hash53('sub0001')).toBe(916649253020442);
    expect(hash53('')).toBe(3338908027751811);
    expect(hash106Hex('sub0001')).toBe('0aad743339f3161280e0f7ba1026');
  });

  it('is a non-negative 53-bit integer, changed by the seed and by one character', () => {
    const values = [hash53('a'), hash53('a', 1), hash53('b'), hash53('ab'), hash53('ba')];
    for (const value of values) {
      expect(Number.isSafeInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(values).size).toBe(values.length);
  });

  it('reads UTF-16 code units: characters outside the basic plane hash apart from their neighbours', () => {
    expect(hash53('𝄞')).not.toBe(hash53('𝄟'));
    expect(hash106Hex('é')).toHaveLength(28);
  });
});

describe('the keyed hash', () => {
  it('depends on its key: the same text lands elsewhere under another key', () => {
    const text = 'C02__505979017439002624115';
    const hashes = new Set(Array.from({ length: 32 }, (_, k1) => keyedHash(text, { k0: 7, k1 })));
    expect(hashes.size).toBeGreaterThan(30);
  });

  it('is an unsigned 32-bit number, the same for the same key', () => {
    const key = randomHashKey({ getRandomValues: (array) => array.fill(0x01020304) });
    expect(key).toEqual({ k0: 0x01020304, k1: 0x01020304 });
    const value = keyedHash('order-1', key);
    expect(value).toBe(keyedHash('order-1', key));
    expect(value >>> 0).toBe(value);
  });
});
