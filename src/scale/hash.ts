/**
 * The stable hashes, where the bridge's message ids read them (`src/internal/hash.ts` is their home).
 *
 * @module
 */
export { hash106Hex, hash53 } from '../internal/hash.js';
