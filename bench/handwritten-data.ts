/**
 * The `handwritten` benchmark's pairs for data structures: the state operators' persistent map
 * against Immutable.js's `Map`, the first-in first-out queue against denque and yocto-queue, and
 * the two hash functions against js-xxhash's xxHash32.
 *
 * @module
 */
import Denque from 'denque';
import { Map as ImmutableMap } from 'immutable';
import { xxHash32 } from 'js-xxhash';
import YoctoQueue from 'yocto-queue';
import { hash106Hex, hash53, keyedHash } from '../src/internal/hash.js';
import { Queue } from '../src/internal/queue.js';
import { PersistentMap } from '../src/operators/state/persistent-map.js';
import { MarketWorkload } from './generators.js';
import { noCollisions, sameResults, versionOf, type CpuPair } from './handwritten-pair.js';
import { seededRandom } from './random.js';

const SEED = 31;

/** Order ids shaped as the service's (`C02__` and 21 digits). */
function orderIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `C02__5059790174${String(i * 7919).padStart(11, '0')}`);
}

/** One step of the map workload: what it does, and to which key. */
type MapOp = readonly ['get' | 'set' | 'delete', string, number];

/** The map workload: a book's updates, one get and one set per event, with some orders closing and new ones arriving. */
function mapOps(keys: readonly string[], count: number): MapOp[] {
  const random = seededRandom(SEED);
  const ops: MapOp[] = [];
  for (let i = 0; i < count; i++) {
    const key = keys[random.int(0, keys.length - 1)] as string;
    const roll = random.next();
    ops.push(roll < 0.45 ? ['get', key, 0] : roll < 0.9 ? ['set', key, i] : ['delete', key, 0]);
  }
  return ops;
}

/** The common face of both maps, as the state operators use one. */
interface BookMap {
  get(key: string): number | undefined;
  set(key: string, value: number): BookMap;
  delete(key: string): BookMap;
  readonly size: number;
}

function applyOps(start: BookMap, ops: readonly MapOp[]): { readonly map: BookMap; readonly digest: number } {
  let map = start;
  let digest = 0;
  for (const [op, key, value] of ops) {
    if (op === 'get') digest += map.get(key) ?? -1;
    else map = op === 'set' ? map.set(key, value) : map.delete(key);
  }
  return { map, digest: digest + map.size };
}

function entriesOf(map: Iterable<readonly [string, number]>): [string, number][] {
  return [...map].map(([key, value]): [string, number] => [key, value]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/**
 * The persistent map: `PersistentMap` against `Immutable.Map`, each holding a book of `size` keys
 * and taking `count` gets, sets and deletes (every version kept immutable, as each snapshot is).
 *
 * @example
 * ```ts
 * mapPair(10_000, 20_000).verify();
 * ```
 */
export function mapPair(size: number, count: number): CpuPair {
  const keys = orderIds(size);
  const ops = mapOps(keys, count);
  const ours = keys.reduce((map, key, i) => map.set(key, i), PersistentMap.empty<number>());
  const theirs = ImmutableMap<string, number>().withMutations((map) => keys.forEach((key, i) => map.set(key, i)));
  return {
    piece: 'persistent map',
    label: `PersistentMap, ${size.toLocaleString('en-US')} keys: get, set, delete`,
    library: `immutable ${versionOf('immutable')} \`Map\``,
    unit: 'ops',
    ops: count,
    ours: () => applyOps(ours, ops).digest,
    theirs: () => applyOps(theirs, ops).digest,
    verify: () => {
      const a = applyOps(ours, ops);
      const b = applyOps(theirs, ops);
      sameResults('persistent map', [0], () => [a.digest, entriesOf(a.map as PersistentMap<number>)], () => [b.digest, entriesOf(b.map as ImmutableMap<string, number>)]);
    },
  };
}

/** A first-in first-out queue, as the benchmark drives one. */
interface Fifo {
  push(value: number): void;
  shift(): number | undefined;
}

const QUEUES = {
  denque: (): Fifo => new Denque<number>(),
  'yocto-queue': (): Fifo => {
    const queue = new YoctoQueue<number>();
    return { push: (value) => queue.enqueue(value), shift: () => queue.dequeue() };
  },
} as const;

/** `count` values through a fresh queue: in and out one at a time (a lane that empties after nearly every value), or all in, then all out. */
function drive(queue: Fifo, count: number, pattern: 'steady' | 'backlog'): number {
  let acc = 0;
  if (pattern === 'steady') {
    for (let i = 0; i < count; i++) {
      queue.push(i);
      acc += queue.shift() ?? 0;
    }
    return acc;
  }
  for (let i = 0; i < count; i++) queue.push(i);
  for (let i = 0; i < count; i++) acc += queue.shift() ?? 0;
  return acc;
}

/**
 * Queues: the hand-written `Queue` against denque and yocto-queue, `count` values in each pass, for
 * both patterns.
 *
 * @example
 * ```ts
 * queuePairs(10_000).forEach((pair) => pair.verify());
 * ```
 */
export function queuePairs(count: number): readonly CpuPair[] {
  const patterns = ['steady', 'backlog'] as const;
  return patterns.flatMap((pattern) =>
    (Object.keys(QUEUES) as (keyof typeof QUEUES)[]).map((name): CpuPair => {
      const ours = (): number => drive(new Queue<number>(), count, pattern);
      const theirs = (): number => drive(QUEUES[name](), count, pattern);
      const what = pattern === 'steady' ? 'one in, one out' : `${count.toLocaleString('en-US')} in, then out`;
      return {
        piece: 'queues',
        label: `Queue (internal/queue.ts), ${what}`,
        library: `${name} ${versionOf(name)}`,
        unit: 'values',
        ops: count,
        ours,
        theirs,
        verify: () => sameResults(`queues: ${pattern} against ${name}`, [0], ours, theirs),
      };
    }),
  );
}

/** A fixed HalfSipHash key: the benchmark's hashes are the same on every run. */
const KEY = { k0: 0x03020100, k1: 0x07060504 };

/** Texts the bridge hashes into message ids: an account and an event as JSON, about 300 characters each. */
function identities(count: number): string[] {
  return new MarketWorkload({ seed: SEED }).take(count).map((event) => `acct-0001\u0000${JSON.stringify(event)}`);
}

/** What the partition hashes: a worker and an account name. */
function accountKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `worker-${i % 8}\u0000broker-sub-${String(i).padStart(6, '0')}`);
}

/** A 128-bit id from four seeded xxHash32s, as hex: the width nearest `hash106Hex`'s 106 bits that xxHash32 gives. */
function xx128Hex(text: string): string {
  let hex = '';
  for (let seed = 1; seed <= 4; seed++) hex += xxHash32(text, seed).toString(16).padStart(8, '0');
  return hex;
}

/**
 * Hashing, three pairs against js-xxhash's xxHash32 of the same text: the persistent map's keyed
 * hash of order ids; cyrb53 (`hash53`) of the partition's worker and account keys; and the
 * bridge's message id (`hash106Hex`, two cyrb53s) of event texts, against four xxHash32s (128 bits).
 *
 * @example
 * ```ts
 * const [keyed, partition, messageId] = hashPairs(10_000);
 * ```
 */
export function hashPairs(count: number): readonly CpuPair[] {
  const version = `js-xxhash ${versionOf('js-xxhash')}`;
  const library = `${version} \`xxHash32\``;
  const ids = orderIds(count);
  const keys = accountKeys(count);
  const texts = identities(Math.max(1, Math.floor(count / 5)));
  const sum = (inputs: readonly string[], hash: (text: string) => number) => (): number => {
    let acc = 0;
    for (const text of inputs) acc ^= hash(text);
    return acc;
  };
  const lengths = (inputs: readonly string[], hash: (text: string) => string) => (): number => {
    let acc = 0;
    for (const text of inputs) acc += hash(text).length;
    return acc;
  };
  const keyed = (text: string): number => keyedHash(text, KEY);
  const xx = (text: string): number => xxHash32(text, 1);
  const cyrb = (text: string): number => hash53(text);
  const n = (list: readonly string[]): string => list.length.toLocaleString('en-US');
  const common = { piece: 'hashing', unit: 'hashes' } as const;
  return [
    { ...common, label: `keyedHash (HalfSipHash-1-3), ${n(ids)} order ids`, library, ops: ids.length, ours: sum(ids, keyed), theirs: sum(ids, xx), verify: () => noCollisions('hashing: order ids', ids, keyed, xx) },
    { ...common, label: `hash53 (cyrb53), ${n(keys)} worker and account keys`, library, ops: keys.length, ours: sum(keys, cyrb), theirs: sum(keys, xx), verify: () => noCollisions('hashing: account keys', keys, cyrb, xx) },
    {
      ...common,
      label: `hash106Hex (two cyrb53s, 106 bits), ${n(texts)} event texts`,
      library: `${version}, four \`xxHash32\`s (128 bits)`,
      ops: texts.length,
      ours: lengths(texts, hash106Hex),
      theirs: lengths(texts, xx128Hex),
      verify: () => noCollisions('hashing: event texts', texts, hash106Hex, xx128Hex),
    },
  ];
}
