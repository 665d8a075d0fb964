/**
 * FNV-1a over UTF-16 code units, 32 bits: the unkeyed hash the persistent map once used. Tests use
 * it to choose keys by where it would put them (shared trie fragments, equal hashes) and to build
 * what a flood against it looks like.
 */

/** `Math.imul`, read once: inside jest's `vm` context every `Math.` lookup is slow. */
const imul = Math.imul;

/** FNV-1a's starting state. */
export const FNV_OFFSET = 0x811c9dc5;

/**
 * The FNV-1a state after `text`, from `state` (the offset basis for a whole key): a key's hash is
 * `fnv1a(key)`, and `fnv1a(b, fnv1a(a)) === fnv1a(a + b)`.
 */
export function fnv1a(text: string, state = FNV_OFFSET): number {
  let h = state;
  for (let i = 0; i < text.length; i++) h = imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
