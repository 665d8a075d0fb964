/**
 * What the `handwritten` benchmark compares: a piece the project writes by hand and the maintained
 * library that could replace it, each doing the same work on the same seeded input. Before any
 * timing, each pair checks that both sides give the same results.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The pieces the project writes by hand, as the table in docs/architecture.md names them. */
export type Piece = 'HTTP client' | 'protobuf reader' | 'persistent map' | 'decimals' | 'exact JSON numbers' | 'queues' | 'hashing' | 'backoff';

/** A hand-written piece and a library doing the same work, one pass of a workload at a time. */
export interface CpuPair {
  readonly piece: Piece;
  /** What the project's side does, e.g. `readPushWrapper, 2,000 mixed frames`. */
  readonly label: string;
  /** The library's side, with its version, e.g. `@bufbuild/protobuf 2.17.0 fromBinary`. */
  readonly library: string;
  /** What one operation is, for the unit, e.g. `frames`. */
  readonly unit: string;
  /** Operations in one pass. */
  readonly ops: number;
  /** One pass of the project's side; returns a number that depends on every result (kept from the optimizer). */
  readonly ours: () => number;
  /** One pass of the library's side, the same way. */
  readonly theirs: () => number;
  /** Throws when the two sides disagree on the workload; run before any timing. */
  readonly verify: () => void;
}

/**
 * The version of an installed package, read from its package.json (its `exports` may not list it).
 *
 * @example
 * ```ts
 * versionOf('big.js'); // '7.0.1'
 * ```
 */
export function versionOf(name: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { readonly version: string };
  return pkg.version;
}

/**
 * Throws unless `ours` and `theirs` give deeply equal results for every input, naming the first
 * input where they differ.
 *
 * @example
 * ```ts
 * sameResults('decimals: add', pairs, ([a, b]) => addDecimal(a, b), ([a, b]) => new Big(a).plus(b).toFixed());
 * ```
 */
export function sameResults<I>(what: string, inputs: readonly I[], ours: (input: I) => unknown, theirs: (input: I) => unknown): void {
  inputs.forEach((input, i) => {
    const a = ours(input);
    const b = theirs(input);
    if (!isDeepStrictEqual(a, b)) {
      throw new Error(`${what}: the two sides differ at input ${i}: ${describe(a)} against ${describe(b)}`);
    }
  });
}

/**
 * Throws unless both hash functions tell every distinct input apart (the results of two different
 * functions cannot be equal; what both must do is never confuse two of the inputs).
 *
 * @example
 * ```ts
 * noCollisions('hashing', ids, (id) => keyedHash(id, KEY), (id) => xxHash32(id, 1));
 * ```
 */
export function noCollisions(what: string, inputs: readonly string[], ...hashes: readonly ((input: string) => unknown)[]): void {
  const distinct = new Set(inputs).size;
  hashes.forEach((hash, i) => {
    const seen = new Set(inputs.map(hash)).size;
    if (seen !== distinct) throw new Error(`${what}: side ${i + 1} gives ${seen} hashes for ${distinct} distinct inputs`);
  });
}

function describe(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 300) ?? String(value);
}
