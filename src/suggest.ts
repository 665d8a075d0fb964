/**
 * "Did you mean ...?": the known names nearest to a misspelt one, by edit distance over lowercase
 * text (a wrong case costs nothing, a swap of two neighbours costs one). The command line uses it
 * for commands, operations and options; the settings module for a setting's name.
 *
 * @module
 */

/**
 * The optimal-string-alignment distance between `a` and `b`: insertions, deletions, substitutions
 * and swaps of two neighbouring characters each cost one.
 *
 * @example
 * ```ts
 * editDistance('limt', 'limit'); // 1
 * editDistance('lmiit', 'limit'); // 1 (a swap)
 * ```
 */
export function editDistance(a: string, b: string): number {
  // Three rows of the dynamic-programming table: two back (for swaps), the previous and this one.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (twoBack[j - 2] ?? 0) + 1);
      current.push(best);
    }
    twoBack = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Most names a suggestion lists. */
const MAX_SUGGESTIONS = 3;

/**
 * The `known` names nearest to `given` (at most three, equally near), or none when nothing is
 * near enough: a name of fewer than four characters must match but for case, a longer one may be
 * a quarter of its length away (at least one edit).
 *
 * @example
 * ```ts
 * suggest('listSubaccounts', ['listSubAccounts', 'createSubAccount']); // ['listSubAccounts']
 * suggest('deploy', ['call', 'stream', 'simulator']); // []
 * ```
 */
export function suggest(given: string, known: readonly string[]): readonly string[] {
  const wanted = given.toLowerCase();
  const allowed = wanted.length < 4 ? 0 : Math.max(1, Math.floor(wanted.length / 4));
  let best = allowed + 1;
  let nearest: string[] = [];
  for (const name of new Set(known)) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance > allowed) continue;
    if (distance < best) {
      best = distance;
      nearest = [name];
    } else if (distance === best) {
      nearest.push(name);
    }
  }
  return nearest.slice(0, MAX_SUGGESTIONS);
}

/**
 * " (did you mean X?)" for the names `suggest` finds, each written by `show`, or `''`.
 *
 * @example
 * ```ts
 * didYouMean('limt', ['limit', 'page'], (name) => `--${name}`); // ' (did you mean --limit?)'
 * ```
 */
export function didYouMean(given: string, known: readonly string[], show: (name: string) => string = (name) => name): string {
  const names = suggest(given, known).map(show);
  if (names.length === 0) return '';
  const last = names.pop() ?? '';
  return ` (did you mean ${names.length > 0 ? `${names.join(', ')} or ${last}` : last}?)`;
}
