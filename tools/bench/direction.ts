/**
 * Which way is better for a compared figure: the one rule the comparison judges by.
 *
 * - A ratio against the row's in-run baseline that calls itself a cost (`0.62x the bare cost`,
 *   `1.21x the old id's cost`) is better lower, whatever the row's unit.
 * - Otherwise the unit decides (for a ratio too: `1.66x raw fetch` on `requests/s` is the row's rate
 *   over the baseline's):
 *   - a rate, a unit ending in `/s` or `/CPU s` (`events/s`, `requests/CPU s`): higher is better;
 *   - a time (`ns`, `µs`, `ms`, `s`, `min`, also `CPU ns/event`, `ns/event`): lower is better;
 *   - a size (`B`, `bytes`, `KB`, `MB`, `GB`, also `KB min+gz`): lower is better;
 *   - a multiple (`x`) is better lower when its label calls it a cost, and not judged otherwise;
 *   - anything else, counts above all (`responses`, `accounts`, `requests`): not judged here: what
 *     is right for a count is its row's target, which the benchmark itself checks.
 *
 * @module
 */

/** Which way a figure is better, or `unknown` when the rule does not judge it. */
export type Direction = 'higher' | 'lower' | 'unknown';

const RATE = /\/\s*(CPU )?s$/;
const TIME = /^(CPU )?(ns|µs|us|ms|s|min)(\/\S.*)?$/;
const SIZE = /^(B|bytes|kB|KB|MB|GB)( .*)?$/;
const COST = /\bcost\b/i;

/**
 * The direction of a figure in `unit`; `label` only matters for a multiple (`x`).
 *
 * @example
 * ```ts
 * unitDirection('events/s', 'decodeFrame'); // 'higher'
 * unitDirection('CPU ns/event', 'reduceOrders'); // 'lower'
 * unitDirection('responses', '429 answers'); // 'unknown'
 * ```
 */
export function unitDirection(unit: string, label: string): Direction {
  const trimmed = unit.trim();
  if (RATE.test(trimmed)) return 'higher';
  if (TIME.test(trimmed) || SIZE.test(trimmed)) return 'lower';
  if (trimmed === 'x' && COST.test(label)) return 'lower';
  return 'unknown';
}

/**
 * The direction of what is compared for a row: its ratio (`ratioText` given) or its own figure.
 *
 * @example
 * ```ts
 * figureDirection({ unit: 'events/s', label: 'decodeFrame', ratioText: '0.62x the bare cost' }); // 'lower'
 * figureDirection({ unit: 'requests/s', label: 'ccxt', ratioText: '1.66x raw fetch' }); // 'higher'
 * ```
 */
export function figureDirection(row: { readonly unit: string; readonly label: string; readonly ratioText?: string | undefined }): Direction {
  if (row.ratioText !== undefined && COST.test(row.ratioText)) return 'lower';
  return unitDirection(row.unit, row.label);
}
