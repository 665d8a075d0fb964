/**
 * The option tables of docs/configuration.md, written from the code: each table sits between
 * `<!-- options-table ID -->` and `<!-- /options-table -->`, ID naming its settings constant
 * (`option-tables.ts`). A row per setting, in the settings' order: its name; its default, from the
 * defaults constant; its rule, in the words a `ValidationError` uses. What the page's author
 * writes is kept from the page: the "What it does" cells, the words of a default that is no plain
 * value ("none", "the client's"), and words after a plain default ("`8388608` (about 8 MB)").
 */
import { asyncScheduler } from 'rxjs';
import type { Schema, Settings } from '../../src/settings/resolve.js';
import type { OptionTable } from './option-tables.js';

/** The page with its tables written, and what could not be written. */
export interface Rendered {
  readonly page: string;
  readonly problems: readonly string[];
}

/** What the page's author wrote in a row: its Default and What it does cells. */
interface Written {
  readonly defaultCell: string;
  readonly what: string;
}

const REGION = /<!-- options-table (\w+) -->\n([\s\S]*?)<!-- \/options-table -->/g;
const HEADER = ['| Option | Default | Rule | What it does |', '|---|---|---|---|'];

/** How a default that is not plain data shows, where the page names it by the code's name. */
const NAMED_VALUES = new Map<unknown, string>([
  [asyncScheduler, 'rxjs `asyncScheduler`'],
  [Date.now, '`Date.now`'],
  [Math.random, '`Math.random`'],
]);

/**
 * How `value` shows in a Default cell, or `undefined` when only words can say it.
 *
 * @example
 * ```ts
 * shownDefault(5000); // '`5000`'
 * shownDefault('ky'); // "`'ky'`"
 * shownDefault(['account', 'deals']); // "`['account', 'deals']`"
 * ```
 */
export function shownDefault(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return `\`${String(value)}\``;
  if (typeof value === 'string') return `\`'${value}'\``;
  // A list of texts shows as written; an empty one only words say well ("none", "every pair").
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return `\`[${value.map((item) => `'${String(item)}'`).join(', ')}]\``;
  return NAMED_VALUES.get(value);
}

/** The cells of a table row, split at the pipes not escaped. */
function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** What the author wrote in each row of a region, by option name. */
function writtenRows(region: string): Map<string, Written> {
  const rows = new Map<string, Written>();
  for (const line of region.split('\n')) {
    if (!/^\| `\w+` \|/.test(line)) continue;
    const [name = '', defaultCell = '', , ...what] = cells(line);
    rows.set(name.replaceAll('`', ''), { defaultCell, what: what.join(' | ') });
  }
  return rows;
}

/** A Default cell: the default as the code has it, the author's words kept around it. */
function defaultCell(value: unknown, written: string | undefined): string | undefined {
  const shown = shownDefault(value);
  if (shown === undefined) return written === '' ? undefined : written;
  if (written === undefined || written === '') return shown;
  if (written.startsWith(shown)) return written;
  // A named value the words say with more around it ("the client's, else rxjs `asyncScheduler`").
  if (NAMED_VALUES.has(value) && written.includes(shown)) return written;
  const lead = /^`[^`]*`/.exec(written);
  return lead === null ? shown : `${shown}${written.slice(lead[0].length)}`;
}

function escaped(text: string): string {
  return text.replace(/(?<!\\)\|/g, '\\|');
}

/** The rows of one table, and what is missing from the page. */
function tableRows(table: OptionTable, written: ReadonlyMap<string, Written>, problems: string[]): string[] {
  const settings: Settings<Schema> = table.settings;
  const rows: string[] = [];
  for (const [field, entry] of Object.entries(settings.fields)) {
    const own = written.get(field);
    const what = own?.what ?? '';
    if (what === '') problems.push(`${table.id}: write what \`${field}\` does (its "What it does" cell)`);
    if ('group' in entry) {
      rows.push(`| \`${field}\` | see below | see below | ${what} |`);
      continue;
    }
    const value = Object.hasOwn(table.defaults, field) ? table.defaults[field] : entry.default;
    const shown = entry.required === true ? 'required' : defaultCell(value, own?.defaultCell);
    if (shown === undefined) problems.push(`${table.id}: say in words what \`${field}\` is when left out (its Default cell)`);
    const rule = [entry.rule.words, ...settings.relations.filter((r) => r.field === field).map((r) => r.words)].join('; ');
    rows.push(`| \`${field}\` | ${shown ?? ''} | ${escaped(rule)} | ${what} |`);
  }
  return rows;
}

/**
 * Writes every option table of `page` from `tables`. A region naming no table, a table with no
 * region (or two), and a row the author has not written yet are problems; the page is written
 * either way, with the cells that need words left empty.
 *
 * @example
 * ```ts
 * const { page, problems } = renderTables(readFileSync('docs/configuration.md', 'utf8'), OPTION_TABLES);
 * ```
 */
export function renderTables(page: string, tables: readonly OptionTable[]): Rendered {
  const problems: string[] = [];
  const byId = new Map(tables.map((table) => [table.id, table]));
  const seen = new Map<string, number>();
  const written = page.replace(REGION, (region, id: string, body: string) => {
    seen.set(id, (seen.get(id) ?? 0) + 1);
    const table = byId.get(id);
    if (table === undefined) {
      problems.push(`docs/configuration.md: options-table ${id} names no settings (tools/docs/option-tables.ts)`);
      return region;
    }
    const rows = tableRows(table, writtenRows(body), problems);
    return `<!-- options-table ${id} -->\n${[...HEADER, ...rows].join('\n')}\n<!-- /options-table -->`;
  });
  for (const table of tables) {
    const count = seen.get(table.id) ?? 0;
    if (count !== 1) problems.push(`docs/configuration.md: ${count === 0 ? 'no' : count} options-table ${table.id} (one is needed)`);
  }
  return { page: written, problems };
}
