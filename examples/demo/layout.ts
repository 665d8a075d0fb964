/**
 * Fits a {@link FrameModel} to a terminal: never more lines than it has rows, never a line wider
 * than it has columns, the most useful parts first. The status line and the latest connection
 * line always show; then each table, in order of importance, gets its heading, its column heads
 * and one row while there is room; what room is left goes to more rows (each table up to its
 * cap, in the same order), then to the connection log, then to blank lines between sections.
 * A section that does not fit, and every section after it, is left out.
 */
import { textTable } from '../../src/cli/text-table.js';
import type { FrameModel, FrameTable } from './frame-model.js';

/** A terminal's size in character cells. */
export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

/** How the drawing shell colours a line. */
export type LineStyle = 'title' | 'warning' | 'heading' | 'stale' | 'head' | 'body';

/** One line of a fitted frame: plain text (no escape codes) and its style. */
export interface FrameLine {
  readonly text: string;
  readonly style: LineStyle;
}

/** Entries of the connection log shown at most. */
const LOG_CAP = 5;
/** Indent of a table under its heading. */
const INDENT = '  ';

/** A block of the frame: how many lines it needs at least, wants at most, and its lines for a height. */
interface Section {
  readonly least: number;
  readonly most: number;
  lines(height: number): FrameLine[];
}

function tableSection(table: FrameTable): Section {
  const shown = Math.min(table.rows.length, table.cap);
  return {
    least: table.rows.length === 0 ? 2 : 3,
    most: table.rows.length === 0 ? 2 : 2 + shown,
    lines(height) {
      const stale = table.stale ? ' (stale: resyncing)' : '';
      if (table.rows.length === 0) return [{ text: `${table.title}${stale}`, style: table.stale ? 'stale' : 'heading' }, { text: `${INDENT}none`, style: 'body' }];
      const count = Math.min(shown, height - 2);
      const more = count < table.rows.length ? `, newest ${count} shown` : '';
      const [head = '', ...rows] = textTable(table.head, table.rows.slice(0, count), table.align);
      return [
        { text: `${table.title}${more}${stale}`, style: table.stale ? 'stale' : 'heading' },
        { text: `${INDENT}${head}`, style: 'head' },
        ...rows.map((text) => ({ text: `${INDENT}${text}`, style: 'body' as const })),
      ];
    },
  };
}

function logSection(log: readonly string[]): Section {
  const shown = Math.min(log.length, LOG_CAP);
  return {
    least: log.length === 0 ? 0 : 2,
    most: log.length === 0 ? 0 : 1 + shown,
    lines: (height) => [{ text: 'Connection log', style: 'heading' }, ...log.slice(-(height - 1)).map((text) => ({ text: `${INDENT}${text}`, style: 'body' as const }))],
  };
}

/** `text` cut to `columns` characters, its end marked with `…` when cut. */
function fit(text: string, columns: number): string {
  if (text.length <= columns) return text;
  return columns <= 1 ? text.slice(0, columns) : `${text.slice(0, columns - 1)}…`;
}

/** Heights for `sections` within `room`: the least each needs, in order, then more up to the most. */
function allot(sections: readonly Section[], room: number): number[] {
  const heights: number[] = [];
  let left = room;
  for (const section of sections) {
    if (section.least > left) break;
    heights.push(section.least);
    left -= section.least;
  }
  for (let i = 0; i < heights.length && left > 0; i++) {
    const section = sections[i];
    const height = heights[i] ?? 0;
    const extra = Math.min(left, (section?.most ?? height) - height);
    heights[i] = height + extra;
    left -= extra;
  }
  return heights;
}

/**
 * The lines of `model` fitted to `size`.
 *
 * @example
 * ```ts
 * layoutFrame(frameModel(view), { columns: 80, rows: 24 }); // at most 24 lines of at most 80 characters
 * ```
 */
export function layoutFrame(model: FrameModel, size: TerminalSize): FrameLine[] {
  const columns = Math.max(1, Math.floor(size.columns));
  const rows = Math.max(0, Math.floor(size.rows));
  const header: FrameLine[] = [
    { text: model.status, style: model.live ? 'title' : 'warning' },
    { text: `connection: ${model.connection ?? 'opening'}`, style: 'body' },
  ];
  const top = header.slice(0, rows);
  const sections = [...model.tables.map(tableSection), logSection(model.log)].filter((section) => section.most > 0);
  const heights = allot(sections, rows - top.length);
  const used = top.length + heights.reduce((sum, height) => sum + height, 0);
  const blanks = rows - used >= heights.length;
  const lines = [...top];
  heights.forEach((height, i) => {
    if (blanks) lines.push({ text: '', style: 'body' });
    lines.push(...(sections[i]?.lines(height) ?? []));
  });
  return lines.map((line) => ({ ...line, text: fit(line.text, columns) }));
}
