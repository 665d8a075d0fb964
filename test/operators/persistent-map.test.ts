/**
 * The persistent map behind the snapshots: behaves like a Map, and every version stays as it was.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PersistentMap, type KeyHash } from '../../src/operators/state/persistent-map.js';
import { fnv1a } from './fnv1a.js';

type Op = { readonly kind: 'set'; readonly key: string; readonly value: number } | { readonly kind: 'delete'; readonly key: string };

// Keys whose 32-bit FNV-1a hashes are equal (found by search): they share a collision node in a
// map hashing with FNV-1a. The map's own keyed hash puts them anywhere.
const COLLIDING = ['k32728', 'k261234', 'k32729', 'k261235', 'k32724', 'k261238'];
// Few distinct keys, so that sets overwrite and deletes hit.
const key = fc.oneof(fc.constantFrom('a', 'b', 'c', ...COLLIDING), fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 2000 }).map(String));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key }),
);

function sorted(entries: Iterable<[string, number]>): [string, number][] {
  return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The hashes the map is tried with: its own, FNV-1a (the keys above collide), and one of a few values (most keys collide). */
const HASHES: readonly (readonly [string, KeyHash | undefined])[] = [
  ['its own keyed hash', undefined],
  ['FNV-1a', fnv1a],
  ['a hash of 4 values', (k) => k.length & 3],
];

describe('PersistentMap', () => {
  it.each(HASHES)('agrees with a Map after any sequence of changes, and every earlier version is unchanged (%s)', (_name, hash) => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const model = new Map<string, number>();
        let map = PersistentMap.empty<number>(hash);
        const versions: { map: PersistentMap<number>; entries: [string, number][] }[] = [];
        for (const o of ops) {
          if (o.kind === 'set') {
            model.set(o.key, o.value);
            map = map.set(o.key, o.value);
          } else {
            model.delete(o.key);
            map = map.delete(o.key);
          }
          versions.push({ map, entries: sorted(model.entries()) });
          expect(map.size).toBe(model.size);
        }
        for (const [k, v] of model) expect(map.get(k)).toBe(v);
        for (const v of versions) {
          expect(sorted(v.map.entries())).toEqual(v.entries);
          expect(v.map.size).toBe(v.entries.length);
        }
      }),
      { seed: 3, numRuns: 200 },
    );
  });

  it('holds many keys, with keys/values/forEach consistent', () => {
    let map = PersistentMap.empty<number>();
    for (let i = 0; i < 20_000; i++) map = map.set(`C02__${i}`, i);
    const emptied = Array.from({ length: 20_000 }, (_, i) => `C02__${i}`).reduce((m, k) => m.delete(k), map);
    expect(map.size).toBe(20_000);
    expect(map.get('C02__12345')).toBe(12_345);
    expect(map.has('C02__20000')).toBe(false);
    expect(emptied.size).toBe(0);
    expect([...emptied]).toEqual([]);
    let sum = 0;
    map.forEach((value, k, self) => {
      sum += value;
      expect(self.get(k)).toBe(value);
    });
    expect(sum).toBe((20_000 * 19_999) / 2);
    expect(new Set(map.keys()).size).toBe(20_000);
    expect([...map.values()].length).toBe(20_000);
  });

  it('keeps keys with equal hashes apart', () => {
    const [a = '', b = ''] = COLLIDING;
    const both = PersistentMap.empty<string>(fnv1a).set(a, 'A').set(b, 'B');
    expect(PersistentMap.shapeOf(both).largestBucket).toBe(2);
    expect([both.get(a), both.get(b), both.size]).toEqual(['A', 'B', 2]);
    const one = both.delete(a);
    expect([one.get(a), one.get(b), one.size, both.get(a)]).toEqual([undefined, 'B', 1, 'A']);
    expect(both.set(b, 'B2').get(b)).toBe('B2');
    expect(both.set('other', 'O').delete(b).get(a)).toBe('A');
  });

  it('returns itself when nothing changes', () => {
    const map = PersistentMap.empty<object>().set('a', {});
    expect(map.set('a', map.get('a') as object)).toBe(map);
    expect(map.delete('zzz')).toBe(map);
  });
});
