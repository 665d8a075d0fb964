/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same run, so a
 * soak that fails can be run again exactly.
 */

/** Numbers in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

/**
 * Makes a generator from a 32-bit seed.
 *
 * @example
 * ```ts
 * const random = seeded(42);
 * random(); // always the same first value for 42
 * ```
 */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One of `choices`, by weight. */
export function pick<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let at = random() * total;
  for (const [choice, weight] of choices) {
    at -= weight;
    if (at < 0) return choice;
  }
  const last = choices.at(-1);
  if (last === undefined) throw new RangeError('nothing to pick from');
  return last[0];
}
