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
 * A cell's text made safe to print: control characters (which could move the cursor, change
 * colours or clear the screen when text from the service reaches a terminal) are written as
 * `\uXXXX`, and line breaks as `\n`.
 *
 * @example
 * ```ts
 * printable('a\u001b[2Jb'); // 'a\\u001b[2Jb'
 * ```
 */
export function printable(text: string): string {
  // C0 controls, DEL and C1 controls (0x9b is a one-byte CSI in some terminals).
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (c === '\n' ? '\\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * The lines of a table: the header, then one line per row, each cell padded to its column's
 * width (`align[i]`, default left), trailing spaces trimmed. Cells are printed as given: pass
 * them through {@link printable} when they may hold control characters.
 *
 * @example
 * ```ts
 * textTable(['asset', 'free'], [['USDT', '25000'], ['BTC', '1.5']], ['left', 'right']);
 * // ['asset   free', 'USDT   25000', 'BTC      1.5']
 * ```
 */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[], align: readonly Alignment[] = []): string[] {
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
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
