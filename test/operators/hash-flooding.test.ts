/**
 * Hash flooding, tried as a publisher that chooses order ids would: 16,384 ids that all share one
 * hash of the unkeyed FNV-1a the order book once used (a multicollision: at each of 14 stages two
 * blocks of three characters that take FNV-1a from the same state to the same state, so every choice
 * of one block per stage ends in one hash; found in milliseconds). Under an unkeyed hash they all fall into one collision bucket,
 * and each update of the book searches and copies it: O(n) per event. Under the map's keyed hash
 * they spread like any ids: the checks are of the trie's shape (depth, largest bucket), not of
 * time. Also the keyed hash itself: HalfSipHash's reference vectors, and where its key comes from.
 */
import { describe, expect, it } from '@jest/globals';
import { from } from 'rxjs';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import { keyedHash, randomHashKey, type RandomSource } from '../../src/internal/hash.js';
import type { OrderBook } from '../../src/operators/state/order-book.js';
import { PersistentMap } from '../../src/operators/state/persistent-map.js';
import { fnv1a } from './fnv1a.js';
import { dealEvent } from './fixtures.js';

/** The characters the ids are made of: CJK ideographs, valid text anywhere. */
const FIRST = 0x4e00;
const LAST = 0x9fff;
const SPAN = LAST - FIRST + 1;

/**
 * Two different 3-character blocks that take FNV-1a from `state` to one same state. After two
 * characters the states are `x` and `y`, after the third `(x ^ c) * p` and `(y ^ d) * p`: equal
 * when `d = c ^ x ^ y`, a character whenever `x` and `y` agree in their top 16 bits. So it is a
 * birthday search over 16 bits of the two-character heads: a few thousand of them.
 */
function collidingBlocks(state: number): readonly [string, string] {
  const byTop = new Map<number, string>();
  for (let n = 0; n < SPAN * SPAN; n++) {
    const head = String.fromCharCode(FIRST + (n % SPAN), FIRST + Math.floor(n / SPAN));
    const x = fnv1a(head, state);
    const other = byTop.get(x >>> 16);
    if (other === undefined) {
      byTop.set(x >>> 16, head);
      continue;
    }
    const diff = (x ^ fnv1a(other, state)) & 0xffff;
    for (let c = FIRST; c <= LAST; c++) {
      const d = c ^ diff;
      if (d >= FIRST && d <= LAST) return [head + String.fromCharCode(c), other + String.fromCharCode(d)];
    }
  }
  throw new Error('no two blocks met');
}

/**
 * `2^stages` ids: `prefix`, then one of two blocks per stage, every choice ending in one FNV-1a
 * hash (a multicollision: each stage's two blocks lead from one state to one state).
 */
function fnvMulticollision(prefix: string, stages: number): string[] {
  let ids = [prefix];
  let state = fnv1a(prefix);
  for (let stage = 0; stage < stages; stage++) {
    const [a, b] = collidingBlocks(state);
    state = fnv1a(a, state);
    ids = ids.flatMap((id) => [id + a, id + b]);
  }
  return ids;
}

const FLOOD = fnvMulticollision('C02__', 14);

/** A map of `ids`, each set to its index. */
function mapOf(ids: readonly string[], empty: PersistentMap<number>): PersistentMap<number> {
  return ids.reduce((map, id, i) => map.set(id, i), empty);
}

describe('hash flooding the persistent map', () => {
  it('is what the ids do to an unkeyed hash: 16,384 distinct ids, one FNV-1a hash, one bucket', () => {
    expect(new Set(FLOOD).size).toBe(16_384);
    expect(new Set(FLOOD.map((id) => fnv1a(id))).size).toBe(1);
    // A map hashing with FNV-1a holds them in one bucket, searched and copied on every update
    // (2,048 of them here: all 16,384 would take the quadratic time this test is about).
    expect(PersistentMap.shapeOf(mapOf(FLOOD.slice(0, 2_048), PersistentMap.empty<number>(fnv1a)))).toEqual({ depth: 0, largestBucket: 2_048 });
  });

  it('spreads the same ids under the map’s keyed hash: no bucket holds more than a few, the trie stays shallow', () => {
    const map = mapOf(FLOOD, PersistentMap.empty<number>());
    const shape = PersistentMap.shapeOf(map);
    // 16,384 random 32-bit hashes: two equal ones are unlikely (3%), three all but impossible.
    expect(shape.largestBucket).toBeLessThanOrEqual(3);
    // 5 bits a level: 16,384 keys need 3, and 32 bits allow at most 7.
    expect(shape.depth).toBeGreaterThanOrEqual(3);
    expect(shape.depth).toBeLessThanOrEqual(7);
    expect(map.size).toBe(16_384);
    expect(FLOOD.every((id, i) => map.get(id) === i)).toBe(true);
  });

  it('spreads them in the order book too: deals of 4,096 colliding order ids leave a shallow book', () => {
    const ids = FLOOD.slice(0, 4_096);
    let book: OrderBook | undefined;
    from(ids.map((orderId, i) => dealEvent({ orderId, tradeId: `T${i}` })))
      .pipe(reduceOrders({ maxPlaceholders: 10_000 }))
      .subscribe((snapshot) => (book = snapshot));
    expect(book?.orders.size).toBe(4_096);
    expect(book?.orders).toBeInstanceOf(PersistentMap);
    expect(PersistentMap.shapeOf(book?.orders as PersistentMap<unknown>).largestBucket).toBeLessThanOrEqual(3);
  });
});

describe('the keyed hash', () => {
  /** The reference's key (bytes 0 to 7) and messages (bytes 0, 1, 2, ...), as UTF-16 text of even byte length. */
  const REFERENCE_KEY = { k0: 0x03020100, k1: 0x07060504 };
  const referenceText = (bytes: number): string => Array.from({ length: bytes / 2 }, (_, i) => String.fromCharCode((2 * i) | ((2 * i + 1) << 8))).join('');

  it.each([
    [0, 0x5814c896],
    [2, 0xbc4b0e30],
    [4, 0x7e059ea6],
    [6, 0xa0080b65],
    [8, 0x577999b1],
    [10, 0xe4fa32cf],
    [12, 0x6b28096c],
  ])('is HalfSipHash-1-3 of the UTF-16LE bytes: %i bytes give the reference vector', (bytes, expected) => {
    expect(keyedHash(referenceText(bytes), REFERENCE_KEY)).toBe(expected);
  });

  it('puts the flood’s ids at different hashes under any key, and one id at different hashes under different keys', () => {
    for (const key of [randomHashKey(), randomHashKey(), { k0: 0, k1: 0 }]) {
      expect(new Set(FLOOD.map((id) => keyedHash(id, key))).size).toBeGreaterThanOrEqual(16_380);
    }
    const id = FLOOD[0] as string;
    const hashes = new Set(Array.from({ length: 64 }, (_, k0) => keyedHash(id, { k0, k1: 0 })));
    expect(hashes.size).toBeGreaterThanOrEqual(63);
  });

  it('draws its key from crypto.getRandomValues where there is one, else from Math.random', () => {
    const source: RandomSource = {
      getRandomValues: (array) => {
        array.set([0xdeadbeef, 0x12345678]);
        return array;
      },
    };
    expect(randomHashKey(source)).toEqual({ k0: 0xdeadbeef, k1: 0x12345678 });
    const drawn = Array.from({ length: 8 }, () => randomHashKey(undefined));
    for (const { k0, k1 } of drawn) {
      expect(Number.isInteger(k0) && k0 >= 0 && k0 < 2 ** 32).toBe(true);
      expect(Number.isInteger(k1) && k1 >= 0 && k1 < 2 ** 32).toBe(true);
    }
    expect(new Set(drawn.map(({ k0, k1 }) => `${k0}:${k1}`)).size).toBe(8);
    expect(new Set(Array.from({ length: 8 }, () => JSON.stringify(randomHashKey())).values()).size).toBe(8);
  });
});
