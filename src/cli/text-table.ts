/**
 * Plain-text tables: columns padded to their widest cell and two spaces apart, with no borders,
 * so they read well in a terminal and still split on whitespace in a pipe. Used by
 * `mexc-rx call --format table` and by the demo's terminal view.
 *
 * @module
 */

/** How a column lines up its cells. */
export type Alignment = 'left' | 'right';

/** The gap between two columns. */
const GAP = '  ';

/**
 * The lines of a table: the header, then one line per row, each cell padded to its column's
 * width (`align[i]`, default left), trailing spaces trimmed. Cells are printed as given: pass
 * them through `printable` (./printable.ts) when they may hold control characters.
 *
 * @example
 * ```ts
 * textTable(['asset', 'free'], [['USDT', '25000'], ['BTC', '1.5']], ['left', 'right']);
 * // ['asset   free', 'USDT   25000', 'BTC      1.5']
 * ```
 */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[], align: readonly Alignment[] = []): string[] {
  // A loop, not Math.max(...cells): a spread of 125,000 or more arguments overflows the stack.
  const widths = head.map((title, i) => rows.reduce((widest, row) => Math.max(widest, (row[i] ?? '').length), title.length));
  const line = (cells: readonly string[]): string =>
    widths
      .map((width, i) => {
        const text = cells[i] ?? '';
        return align[i] === 'right' ? text.padStart(width) : text.padEnd(width);
      })
      .join(GAP)
      .trimEnd();
  return [line(head), ...rows.map(line)];
}
