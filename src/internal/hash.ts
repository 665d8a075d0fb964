/**
 * The project's hashing, in one place. Two hashes, because their users need opposite things:
 *
 * - **Stable** (`hash53`, `hash106Hex`: cyrb53 by bryc, public domain): the same number for the
 *   same text in every process, on every runtime and in every version, with a public seed. Workers
 *   must agree on the partition of account names (`scale/partition.ts`), the bridge's message ids
 *   must be the same whichever worker publishes an event (JetStream deduplicates on them), and the
 *   budget shows a key's hash. Nothing here feeds a structure whose cost an input can grow, so an
 *   unkeyed hash is safe. Changing it changes every partition and message id: never do.
 * - **Keyed** (`keyedHash`: HalfSipHash-1-3, the 32-bit SipHash of Aumasson and Bernstein, as
 *   Linux's `hsiphash` hashes its tables) under a 64-bit key drawn at random once per process
 *   (`randomHashKey`): for in-memory tables whose keys an outsider picks (the state operators'
 *   persistent maps, keyed by order ids). Whoever picks the keys cannot know where they land, so
 *   cannot choose ids that all share one hash and turn each update from O(log n) into O(n): the
 *   hash flooding an unkeyed hash (the FNV-1a the maps once used) is open to. Its output differs
 *   from one process to the next, so it can serve none of the stable hash's users.
 *
 * `keyedHash` reads each pair of code units as one little-endian 32-bit word, so the hash of a
 * string is the standard HalfSipHash-1-3 of its UTF-16LE bytes (the reference test vectors, as
 * Linux's own tests of `hsiphash` use them, hold it to that).
 *
 * @module
 */

/**
 * `Math.imul`, read once: inside a `vm` context (jest) every `Math.` lookup goes through the
 * context's global, which made the hash a hundred times slower.
 */
const imul = Math.imul;

/**
 * A 53-bit hash of `text` with `seed`, as a non-negative integer.
 *
 * @example
 * ```ts
 * hash53('strategy01'); // the same number on every run and runtime
 * hash53('strategy01', 1) !== hash53('strategy01', 2); // true (almost surely)
 * ```
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = imul(h1 ^ ch, 2654435761);
    h2 = imul(h2 ^ ch, 1597334677);
  }
  h1 = imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A 106-bit hash of `text` (two independent 53-bit hashes) as 28 hex digits: collisions are
 * negligible even over billions of distinct texts.
 *
 * @example
 * ```ts
 * hash106Hex('{"type":"deal",...}'); // e.g. '0a1b2c...' (28 characters)
 * ```
 */
export function hash106Hex(text: string): string {
  return hash53(text, 0x9e3779b9).toString(16).padStart(14, '0') + hash53(text, 0x85ebca6b).toString(16).padStart(14, '0');
}

/** A HalfSipHash key: 64 bits as two 32-bit words (`k0` from the key's first 4 bytes, little-endian). */
export interface HashKey {
  readonly k0: number;
  readonly k1: number;
}

/** What {@link randomHashKey} draws from: `crypto.getRandomValues`, where the platform has it. */
export interface RandomSource {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

function platformRandom(): RandomSource | undefined {
  const crypto = (globalThis as { readonly crypto?: Partial<RandomSource> }).crypto;
  return typeof crypto?.getRandomValues === 'function' ? (crypto as RandomSource) : undefined;
}

/**
 * A fresh random key: from `crypto.getRandomValues` (browsers, Node, Deno, Bun), else from
 * `Math.random` (weaker, but still unknown to whoever sends the keys).
 *
 * @example
 * ```ts
 * const key = randomHashKey();
 * keyedHash('C02__505979017439002624115', key); // a 32-bit number, different in each process
 * ```
 */
export function randomHashKey(source: RandomSource | undefined = platformRandom()): HashKey {
  if (source) {
    const [k0 = 0, k1 = 0] = source.getRandomValues(new Uint32Array(2));
    return { k0, k1 };
  }
  return { k0: (Math.random() * 0x1_0000_0000) >>> 0, k1: (Math.random() * 0x1_0000_0000) >>> 0 };
}

/**
 * HalfSipHash-1-3 of the UTF-16LE bytes of `text` under `key`: an unsigned 32-bit number. One
 * round per word and three at the end, written out in one function with the state in four locals
 * (a round in a function of its own, or a loop over a round count, made it twice as slow): this
 * runs on every update of every book, and costs about what FNV-1a did, which took a step per code
 * unit where this takes one per two.
 *
 * @example
 * ```ts
 * keyedHash('', { k0: 0x03020100, k1: 0x07060504 }); // 0x5814c896, the reference's first vector
 * ```
 */
export function keyedHash(text: string, key: HashKey): number {
  let v0 = key.k0 | 0;
  let v1 = key.k1 | 0;
  let v2 = 0x6c796765 ^ v0;
  let v3 = 0x74656462 ^ v1;
  const length = text.length;
  const whole = length & ~1;
  const words = (whole >> 1) + 1;
  // One SipRound a step: a step per message word (the last: its odd code unit, if any, and the
  // byte length mod 256), then the three of the finalization. (One round body, written once.)
  for (let step = 0; step < words + 3; step++) {
    let m = 0;
    if (step < words) {
      const i = step << 1;
      m = i < whole ? text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16) : (length & 1 ? text.charCodeAt(i) : 0) | (length << 25);
      v3 ^= m;
    } else if (step === words) {
      v2 ^= 0xff;
    }
    v0 = (v0 + v1) | 0;
    v1 = ((v1 << 5) | (v1 >>> 27)) ^ v0;
    v0 = (v0 << 16) | (v0 >>> 16);
    v2 = (v2 + v3) | 0;
    v3 = ((v3 << 8) | (v3 >>> 24)) ^ v2;
    v0 = (v0 + v3) | 0;
    v3 = ((v3 << 7) | (v3 >>> 25)) ^ v0;
    v2 = (v2 + v1) | 0;
    v1 = ((v1 << 13) | (v1 >>> 19)) ^ v2;
    v2 = (v2 << 16) | (v2 >>> 16);
    v0 ^= m;
  }
  return (v1 ^ v3) >>> 0;
}
