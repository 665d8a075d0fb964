/**
 * A small, fast, non-cryptographic string hash (cyrb53 by bryc, public domain), the same on every
 * runtime: for partitioning accounts between workers and for deduplication ids.
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
