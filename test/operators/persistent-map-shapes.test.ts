/**
 * The persistent map, step by step through every shape its trie takes: keys sharing the first
 * levels of their hashes, keys whose hashes are equal (collisions of two and of four), branches
 * growing and shrinking, down to the empty map. Every step is checked against a plain Map, so a
 * key lost, duplicated or misplaced at any step fails at that step.
 */
import { describe, expect, it } from '@jest/globals';
import { PersistentMap } from '../../src/operators/state/persistent-map.js';
import { fnv1a as hashOf } from './fnv1a.js';

// The maps here hash with FNV-1a, unkeyed, so that the keys below land where the tests need them
// (the map's own keyed hash puts them anywhere). Keys whose 32-bit FNV-1a hashes are equal (found
// by search): two pairs, and four keys at once (two colliding prefixes, each followed by two
// suffixes that collide after either prefix).
const PAIR = ['k32728', 'k261234'] as const;
const OTHER_PAIR = ['k32729', 'k261235'] as const;
const FOUR = ['k32728-38958', 'k32728-526026', 'k261234-38958', 'k261234-526026'] as const;

/** An empty map hashing with FNV-1a: keys land where `hashOf` says. */
const empty = <V>(): PersistentMap<V> => PersistentMap.empty<V>(hashOf);

/** Whether a map is the empty trie: no node left, nothing held. */
const isEmptyTrie = (map: PersistentMap<unknown>): boolean => map.size === 0 && PersistentMap.shapeOf(map).largestBucket === 0 && [...map].length === 0;

const CANDIDATES = Array.from({ length: 5000 }, (_, i) => `s${i}`);
const levels = (key: string): [number, number] => [hashOf(key) & 31, (hashOf(key) >>> 5) & 31];
/**
 * Keys whose first fragment differs from X's: A, B and C share one, with three different second
 * fragments; D shares both with A.
 */
const X = 's0';
const [A = '', B = '', C = '', D = ''] = ((): string[] => {
  const [x0] = levels(X);
  for (const a of CANDIDATES) {
    const [a0, a1] = levels(a);
    if (a0 === x0) continue;
    const b = CANDIDATES.find((k) => levels(k)[0] === a0 && levels(k)[1] !== a1);
    const c = CANDIDATES.find((k) => b !== undefined && levels(k)[0] === a0 && levels(k)[1] !== a1 && levels(k)[1] !== levels(b)[1]);
    const d = CANDIDATES.find((k) => k !== a && levels(k)[0] === a0 && levels(k)[1] === a1);
    if (b !== undefined && c !== undefined && d !== undefined) return [a, b, c, d];
  }
  return [];
})();
const SHAPES: readonly (readonly [string, readonly string[], readonly string[]])[] = [
  ['A and D meet a level deeper; X goes', [X, A, D], [X, A, D]],
  ['A and D meet a level deeper under a branch that already held A; X goes', [X, A, B, D], [X, B, D, A]],
  ['a branch of A, B and C loses C, then X goes', [X, A, B, C], [C, X, A, B]],
  ['a branch of A and B gets D; X goes', [A, B, X, D], [X, A, B, D]],
  ['a branch of A and B gets C; X goes', [X, A, B, C], [X, C, A, B]],
];

/** 100 keys: enough to fill most of the first level and share fragments at the second and third. */
const MANY = Array.from({ length: 100 }, (_, i) => `C02__${i * 7919}`);

/** What differs between `map` and `model` through every way of reading the map; empty when nothing. */
function differences(map: PersistentMap<number>, model: ReadonlyMap<string, number>, absent: readonly string[]): string[] {
  const found: string[] = [];
  if (map.size !== model.size) found.push(`size ${map.size}, not ${model.size}`);
  const entries = [...map.entries()];
  const keys = [...map.keys()];
  const values = [...map.values()];
  const iterated = [...map];
  if (entries.length !== model.size || keys.length !== model.size || values.length !== model.size || iterated.length !== model.size) {
    found.push(`iterates ${entries.length}/${keys.length}/${values.length}/${iterated.length}, not ${model.size}`);
  }
  entries.forEach(([key, value], i) => {
    if (model.get(key) !== value || keys[i] !== key || values[i] !== value || iterated[i]?.[0] !== key || iterated[i]?.[1] !== value) {
      found.push(`iterates ${key}=${value}`);
    }
  });
  for (const [key, value] of model) {
    if (map.get(key) !== value || !map.has(key)) found.push(`${key}: ${String(map.get(key))}, not ${value}`);
  }
  for (const key of absent) {
    if (map.get(key) !== undefined || map.has(key)) found.push(`${key} is there`);
  }
  return found;
}

/**
 * Sets then deletes `keys` one by one, in the orders given, checking the map after every step;
 * returns what was found wrong at the first step that went wrong (nothing when none did), and the
 * map it ends with.
 */
function walk(keys: readonly string[], deleteOrder: readonly string[]): { readonly wrong: string[]; readonly last: PersistentMap<number> } {
  const model = new Map<string, number>();
  let map = empty<number>();
  for (const [i, key] of keys.entries()) {
    map = map.set(key, i);
    model.set(key, i);
    const wrong = differences(map, model, keys.slice(i + 1, i + 4));
    if (wrong.length > 0) return { wrong: [`after set ${key}`, ...wrong.slice(0, 3)], last: map };
  }
  const full = map;
  const fullModel = new Map(model);
  for (const key of deleteOrder) {
    map = map.delete(key);
    model.delete(key);
    const wrong = differences(map, model, [key]);
    if (wrong.length > 0) return { wrong: [`after delete ${key}`, ...wrong.slice(0, 3)], last: map };
  }
  // The full version is untouched by every delete after it.
  const wrong = differences(full, fullModel, []);
  return { wrong: wrong.length > 0 ? ['full map', ...wrong.slice(0, 3)] : [], last: map };
}

describe('PersistentMap, shape by shape', () => {
  it('grows and shrinks through branches of every depth, down to the empty map itself', () => {
    const reversed = [...MANY].reverse();
    const everyThirdFirst = [...MANY.filter((_, i) => i % 3 === 0), ...MANY.filter((_, i) => i % 3 !== 0)];
    for (const [keys, deleteOrder] of [
      [MANY, MANY],
      [MANY, reversed],
      [reversed, everyThirdFirst],
    ] as const) {
      const { wrong, last } = walk(keys, deleteOrder);
      expect(wrong).toEqual([]);
      expect(isEmptyTrie(last)).toBe(true);
    }
  });

  it('holds keys with equal hashes together with others, in any order, down to the empty map itself', () => {
    const keys = [...FOUR, ...OTHER_PAIR, 'a', 'b', ...MANY.slice(0, 40)];
    for (const [set, deleteOrder] of [
      [keys, keys],
      [[...keys].reverse(), keys],
      [keys, [...keys].reverse()],
      [[...FOUR].reverse(), [FOUR[1], FOUR[3], FOUR[0], FOUR[2]]],
    ] as const) {
      const { wrong, last } = walk(set, deleteOrder);
      expect(wrong).toEqual([]);
      expect(isEmptyTrie(last)).toBe(true);
    }
  });

  it('keeps a branch in its place when a sibling goes and leaves it alone under its parent', () => {
    // Keys by their first two 5-bit hash fragments: X alone at the first level; A, B, C and D under
    // one first fragment, A and D under one second fragment too (so they meet a level deeper).
    expect(new Set([X, A, B, C, D]).size).toBe(5);
    for (const [name, keys, deleteOrder] of SHAPES) {
      const { wrong, last } = walk(keys, deleteOrder);
      expect([name, ...wrong]).toEqual([name]);
      expect(isEmptyTrie(last)).toBe(true);
    }
  });

  it('replaces the value of a key whose hash it shares with others, without growing', () => {
    let map = empty<number>();
    for (const [i, key] of FOUR.entries()) map = map.set(key, i);
    for (const [i, key] of FOUR.entries()) {
      const replaced = map.set(key, 10 + i);
      expect(replaced.size).toBe(4);
      expect(FOUR.map((k) => replaced.get(k))).toEqual(FOUR.map((_, j) => (j === i ? 10 + i : j)));
      expect(map.get(key)).toBe(i);
      expect(replaced.set(key, 10 + i)).toBe(replaced);
    }
    const pair = empty<number>().set(PAIR[0], 1).set(PAIR[1], 2);
    expect([pair.set(PAIR[0], 3).get(PAIR[0]), pair.set(PAIR[0], 3).get(PAIR[1]), pair.set(PAIR[0], 3).size]).toEqual([3, 2, 2]);
    expect(pair.set(PAIR[1], 2)).toBe(pair);
  });

  it('answers nothing for a key it lacks, wherever the search for it stops', () => {
    const one = empty<number>().set('a', 1);
    const pair = empty<number>().set(PAIR[0], 1).set(PAIR[1], 2);
    const mixed = pair.set('b', 3);
    expect([one.get('b'), one.has('b'), one.get('a')]).toEqual([undefined, false, 1]);
    // A collision holding neither key, at the root and inside a branch.
    expect([pair.get(FOUR[0]), pair.has(FOUR[0]), pair.get(OTHER_PAIR[0])]).toEqual([undefined, false, undefined]);
    expect([mixed.get(FOUR[2]), mixed.has('c'), mixed.get('b')]).toEqual([undefined, false, 3]);
    expect([empty<number>().get('a'), empty<number>().has('a')]).toEqual([undefined, false]);
  });

  it('returns itself when a set or delete changes nothing, and a new map otherwise', () => {
    const map = MANY.slice(0, 50).reduce((m, key, i) => m.set(key, i), empty<number>().set(PAIR[0], 0).set(PAIR[1], 1));
    expect(map.delete('absent')).toBe(map);
    expect(map.delete(FOUR[0])).toBe(map);
    expect(map.set(MANY[10] as string, 10)).toBe(map);
    expect(map.set(PAIR[1], 1)).toBe(map);
    const changed = map.set(MANY[10] as string, 11);
    expect(changed).not.toBe(map);
    expect([changed.size, changed.get(MANY[10] as string), map.get(MANY[10] as string)]).toEqual([52, 11, 10]);
    expect(isEmptyTrie(empty<number>().delete('a'))).toBe(true);
    expect(PersistentMap.empty<number>().delete('a')).toBe(PersistentMap.empty());
  });

  it('compares values as Object.is does: NaN is itself, -0 is not 0', () => {
    const map = empty<number>().set('n', Number.NaN).set('z', 0);
    expect(map.set('n', Number.NaN)).toBe(map);
    const negative = map.set('z', -0);
    expect(negative).not.toBe(map);
    expect(Object.is(negative.get('z'), -0)).toBe(true);
  });

  it('iterates in an order set by the keys alone, whatever order they were set in', () => {
    const keys = Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i));
    const forwards = keys.reduce((m, key) => m.set(key, 1), empty<number>());
    const backwards = [...keys].reverse().reduce((m, key) => m.set(key, 1), empty<number>());
    expect([...backwards.keys()]).toEqual([...forwards.keys()]);
    expect([...forwards.keys()]).not.toEqual(keys);
  });

  it('calls forEach with each value, key and the map itself, on the given this', () => {
    const map = empty<number>().set('a', 1).set(PAIR[0], 2).set(PAIR[1], 3);
    const context = { seen: [] as [number, string, boolean][] };
    map.forEach(function (this: typeof context, value, key, self) {
      this.seen.push([value, key, self === map]);
    }, context);
    expect(context.seen.sort(([a], [b]) => a - b)).toEqual([
      [1, 'a', true],
      [2, PAIR[0], true],
      [3, PAIR[1], true],
    ]);
    let calls = 0;
    empty<number>().forEach(() => {
      calls += 1;
    });
    expect(calls).toBe(0);
  });
});
