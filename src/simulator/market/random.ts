/**
 * A small seeded random number generator (mulberry32), so a scripted market session is the same
 * every time it runs with the same seed.
 *
 * @module
 */

/**
 * Returns a function giving numbers in [0, 1), the same sequence for the same seed.
 *
 * @example
 * ```ts
 * const random = seededRandom(42);
 * random(); // always the same first value for seed 42
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = Math.trunc(seed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A whole number in [low, high], from a generator.
 *
 * @example
 * ```ts
 * randomInt(seededRandom(1), 1, 6); // a die roll
 * ```
 */
export function randomInt(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}
