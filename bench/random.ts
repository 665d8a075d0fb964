/**
 * A small seeded random number generator, so every benchmark sees the same events on every run.
 *
 * @module
 */

/** A source of uniform numbers in [0, 1), with helpers. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/**
 * Makes a deterministic generator (mulberry32) from a 32-bit seed.
 *
 * @example
 * ```ts
 * const random = seededRandom(42);
 * random.int(1, 6); // the same value on every run
 * ```
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
  };
}
