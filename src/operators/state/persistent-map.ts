/**
 * An immutable map from strings to values (a hash array mapped trie, as in Clojure or Immutable.js):
 * `set` and `delete` return a new map and leave the old one untouched, sharing all but the
 * O(log32 n) nodes on the changed key's path (at most 7 levels for 2^32 keys; 3 for 10,000). The
 * state operators hold one of these and hand it out as each snapshot's `ReadonlyMap`: a snapshot
 * costs nothing to take, never changes afterwards, and an update costs a few small array copies,
 * not a copy of the whole map.
 *
 * Iteration order follows the keys' hashes, not insertion order.
 *
 * Keys are hashed with a keyed hash (`src/internal/hash.ts`: HalfSipHash-1-3 under a key drawn at random
 * once per process): whoever chooses the keys (order ids come from the service) cannot make them
 * share a hash, so every path stays O(log32 n) and every collision bucket small. Equal 32-bit
 * hashes are rare then, but still handled: their keys share a collision node, searched linearly.
 *
 * @module
 */
import { keyedHash, randomHashKey } from '../../internal/hash.js';
import { plainRecord } from './plain-record.js';

interface Leaf<V> {
  readonly kind: 'leaf';
  readonly hash: number;
  readonly key: string;
  readonly value: V;
}

interface Branch<V> {
  readonly kind: 'branch';
  /** Bit `i` set: a child for hash fragment `i`, at index popcount(bitmap below bit i). */
  readonly bitmap: number;
  readonly children: readonly Node<V>[];
}

/** Keys whose 32-bit hashes are equal. */
interface Collision<V> {
  readonly kind: 'collision';
  readonly hash: number;
  readonly leaves: readonly Leaf<V>[];
}

type Node<V> = Leaf<V> | Branch<V> | Collision<V>;

const BITS = 5;
const MASK = 31;

/** A map's hash of its keys: an unsigned 32-bit number. */
export type KeyHash = (key: string) => number;

/** This process's key: drawn once, unknown outside it. */
const PROCESS_KEY = randomHashKey();

/** The hash of every map but those given another (tests that pick where keys land). */
const processHash: KeyHash = (key) => keyedHash(key, PROCESS_KEY);

/** How deep a trie is and how large its largest collision bucket: what hash flooding would grow. */
export interface TrieShape {
  /** Branches on the longest path from the root to a leaf or collision node (0: none). */
  readonly depth: number;
  /** Keys in the largest collision node; 1 when no two keys share a hash, 0 for the empty map. */
  readonly largestBucket: number;
}

function shapeOfNode(node: Node<unknown> | undefined): TrieShape {
  if (!node) return { depth: 0, largestBucket: 0 };
  if (node.kind === 'leaf') return { depth: 0, largestBucket: 1 };
  if (node.kind === 'collision') return { depth: 0, largestBucket: node.leaves.length };
  let depth = 0;
  let largestBucket = 0;
  for (const child of node.children) {
    const shape = shapeOfNode(child);
    depth = Math.max(depth, shape.depth);
    largestBucket = Math.max(largestBucket, shape.largestBucket);
  }
  return { depth: depth + 1, largestBucket };
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

function fragment(hash: number, shift: number): number {
  return (hash >>> shift) & MASK;
}

/** A branch holding two nodes whose hashes differ (at this level or deeper). */
function join<V>(shift: number, a: Leaf<V> | Collision<V>, b: Leaf<V>): Node<V> {
  const fa = fragment(a.hash, shift);
  const fb = fragment(b.hash, shift);
  if (fa === fb) return { kind: 'branch', bitmap: 1 << fa, children: [join(shift + BITS, a, b)] };
  return { kind: 'branch', bitmap: (1 << fa) | (1 << fb), children: fa < fb ? [a, b] : [b, a] };
}

function lookup<V>(root: Node<V> | undefined, hash: number, key: string): Leaf<V> | undefined {
  let node = root;
  let shift = 0;
  while (node) {
    if (node.kind === 'leaf') return node.key === key ? node : undefined;
    if (node.kind === 'collision') return node.leaves.find((leaf) => leaf.key === key);
    const bit = 1 << fragment(hash, shift);
    if ((node.bitmap & bit) === 0) return undefined;
    node = node.children[popcount(node.bitmap & (bit - 1))];
    shift += BITS;
  }
  return undefined;
}

function withChild<V>(children: readonly Node<V>[], index: number, child: Node<V>): Node<V>[] {
  const copy = children.slice();
  copy[index] = child;
  return copy;
}

/** Set by {@link insert}: whether the key it put in was new (the map grew). */
let grew = false;

/** `node` with `leaf` in it: `node` itself when it already holds that very value under that key. */
function insert<V>(node: Node<V> | undefined, shift: number, leaf: Leaf<V>): Node<V> {
  if (!node) {
    grew = true;
    return leaf;
  }
  if (node.kind === 'leaf') {
    if (node.key === leaf.key) return Object.is(node.value, leaf.value) ? node : leaf;
    grew = true;
    if (node.hash === leaf.hash) return { kind: 'collision', hash: leaf.hash, leaves: [node, leaf] };
    return join(shift, node, leaf);
  }
  if (node.kind === 'collision') {
    if (node.hash !== leaf.hash) {
      grew = true;
      return join(shift, node, leaf);
    }
    const at = node.leaves.findIndex((l) => l.key === leaf.key);
    const held = node.leaves[at];
    if (held && Object.is(held.value, leaf.value)) return node;
    if (at < 0) grew = true;
    const leaves = at < 0 ? [...node.leaves, leaf] : node.leaves.map((l, i) => (i === at ? leaf : l));
    return { kind: 'collision', hash: node.hash, leaves };
  }
  const bit = 1 << fragment(leaf.hash, shift);
  const index = popcount(node.bitmap & (bit - 1));
  if ((node.bitmap & bit) === 0) {
    grew = true;
    const children = [...node.children.slice(0, index), leaf, ...node.children.slice(index)];
    return { kind: 'branch', bitmap: node.bitmap | bit, children };
  }
  const child = node.children[index];
  const next = insert(child, shift + BITS, leaf);
  if (next === child) return node;
  return { kind: 'branch', bitmap: node.bitmap, children: withChild(node.children, index, next) };
}

/**
 * `node` without `key`, which it holds ({@link PersistentMap.delete} looks the key up first, so
 * every step down finds it).
 */
function remove<V>(node: Node<V>, shift: number, hash: number, key: string): Node<V> | undefined {
  if (node.kind === 'leaf') return undefined;
  if (node.kind === 'collision') {
    const leaves = node.leaves.filter((l) => l.key !== key);
    return leaves.length === 1 ? leaves[0] : { kind: 'collision', hash: node.hash, leaves };
  }
  const bit = 1 << fragment(hash, shift);
  const index = popcount(node.bitmap & (bit - 1));
  const next = remove(node.children[index] as Node<V>, shift + BITS, hash, key);
  if (next === undefined) {
    // The child was a leaf, and a branch never holds a leaf alone: another child is left.
    const children = node.children.filter((_, i) => i !== index);
    const only = children[0] as Node<V>;
    // A branch left with one leaf (or collision) collapses into it, keeping the trie canonical.
    if (children.length === 1 && only.kind !== 'branch') return only;
    return { kind: 'branch', bitmap: node.bitmap & ~bit, children };
  }
  if (node.children.length === 1 && next.kind !== 'branch') return next;
  return { kind: 'branch', bitmap: node.bitmap, children: withChild(node.children, index, next) };
}

function* leaves<V>(node: Node<V> | undefined): Generator<Leaf<V>, undefined, undefined> {
  if (!node) return undefined;
  if (node.kind === 'leaf') yield node;
  else if (node.kind === 'collision') yield* node.leaves;
  else for (const child of node.children) yield* leaves(child);
  return undefined;
}

function* mapLeaves<V, T>(node: Node<V> | undefined, f: (leaf: Leaf<V>) => T): Generator<T, undefined, undefined> {
  for (const leaf of leaves(node)) yield f(leaf);
  return undefined;
}

/**
 * An immutable `ReadonlyMap<string, V>`: every change returns a new map that shares structure with
 * the old one. Hand one out freely; nobody can change it.
 *
 * @example
 * ```ts
 * const empty = PersistentMap.empty<number>();
 * const one = empty.set('a', 1);
 * const two = one.set('b', 2).delete('a');
 * [one.size, two.size, one.get('a'), two.get('a')]; // [1, 1, 1, undefined]
 * ```
 */
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  private static readonly EMPTY = new PersistentMap<never>(undefined, 0, processHash);

  private constructor(
    private readonly root: Node<V> | undefined,
    /** Number of entries. */
    readonly size: number,
    /** How this map and the maps made from it hash their keys. */
    private readonly hashOf: KeyHash,
  ) {}

  /**
   * The empty map, hashing its keys with this process's keyed hash; `hash` replaces it (for tests
   * that choose where keys land in the trie), for this map and every map made from it.
   */
  static empty<V>(hash?: KeyHash): PersistentMap<V> {
    return hash === undefined ? PersistentMap.EMPTY : new PersistentMap<V>(undefined, 0, hash);
  }

  /**
   * The trie's shape: its depth and its largest collision bucket. Small for any keys, whoever
   * chose them; a hash anyone could predict would let them grow the bucket to every key.
   *
   * @example
   * ```ts
   * PersistentMap.shapeOf(PersistentMap.empty<number>().set('a', 1)); // { depth: 0, largestBucket: 1 }
   * ```
   */
  static shapeOf(map: PersistentMap<unknown>): TrieShape {
    return shapeOfNode(map.root);
  }

  /** The value stored under `key`, or `undefined`. */
  get(key: string): V | undefined {
    return lookup(this.root, this.hashOf(key), key)?.value;
  }

  /** Whether `key` has an entry. */
  has(key: string): boolean {
    return lookup(this.root, this.hashOf(key), key) !== undefined;
  }

  /** A map with `key` set to `value` (this map itself when the entry is already that very value). */
  set(key: string, value: V): PersistentMap<V> {
    grew = false;
    const root = insert(this.root, 0, { kind: 'leaf', hash: this.hashOf(key), key, value });
    if (root === this.root) return this;
    return new PersistentMap(root, grew ? this.size + 1 : this.size, this.hashOf);
  }

  /** A map without `key` (this map itself when there is no such entry). */
  delete(key: string): PersistentMap<V> {
    const hash = this.hashOf(key);
    if (!this.root || !lookup(this.root, hash, key)) return this;
    const root = remove(this.root, 0, hash, key);
    if (root === undefined) return PersistentMap.empty(this.hashOf === processHash ? undefined : this.hashOf);
    return new PersistentMap(root, this.size - 1, this.hashOf);
  }

  /** Calls `callback` for each entry. */
  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const leaf of leaves(this.root)) callback.call(thisArg, leaf.value, leaf.key, this);
  }

  /** The entries, as `[key, value]` pairs. */
  entries(): MapIterator<[string, V]> {
    return mapLeaves(this.root, (leaf): [string, V] => [leaf.key, leaf.value]);
  }

  /** The keys. */
  keys(): MapIterator<string> {
    return mapLeaves(this.root, (leaf) => leaf.key);
  }

  /** The values. */
  values(): MapIterator<V> {
    return mapLeaves(this.root, (leaf) => leaf.value);
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  /** The entries as a plain object by key, keys sorted (`plain-record.ts`): what `JSON.stringify` writes. */
  toJSON(): Record<string, V> {
    return plainRecord(this.entries());
  }
}
