/**
 * docs/configuration.md's option tables are written from the code (`tools/docs/gen-configuration.ts`):
 * each default from its options type's defaults constant, each rule in its words. These hold the
 * page to the code, and try to break the generator: a default changed in a constant, a row edited
 * by hand, an option the page has no words for, a default written inline in a source, a comment
 * stating another default than the constant's.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_DEFAULTS } from '../../src/client/client-settings.js';
import { RETRY_DEFAULTS } from '../../src/http/request-settings.js';
import { runConfiguration, sourceProblems } from '../../tools/docs/config-check.js';
import { commentDefaults, inlineDefaults } from '../../tools/docs/config-sources.js';
import { renderTables, shownDefault } from '../../tools/docs/config-tables.js';
import { OPTION_TABLES, type OptionTable } from '../../tools/docs/option-tables.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');

function tableOf(id: string): OptionTable {
  const found = OPTION_TABLES.find((table) => table.id === id);
  if (found === undefined) throw new Error(`no table ${id}`);
  return found;
}

/** The tables, with `field` of table `id` defaulting to `value` instead. */
function withDefault(id: string, field: string, value: unknown): OptionTable[] {
  return OPTION_TABLES.map((table) => (table.id === id ? { ...table, defaults: { ...table.defaults, [field]: value } } : table));
}

/** The row of `field` in the table `id` of `page`. */
function row(page: string, id: string, field: string): string | undefined {
  const region = page.slice(page.indexOf(`<!-- options-table ${id} -->`));
  return region.split('\n').find((line) => line.startsWith(`| \`${field}\` |`));
}

describe('docs/configuration.md option tables', () => {
  it('are current: written again from the code, the page is unchanged, and nothing is missing', () => {
    const rendered = renderTables(PAGE, OPTION_TABLES);
    expect(rendered.problems).toEqual([]);
    expect(rendered.page).toBe(PAGE);
  });

  it('show each default as its constant has it, and the rule in its words', () => {
    expect(row(PAGE, 'CLIENT_SETTINGS', 'recvWindow')).toContain(`| ${shownDefault(CLIENT_DEFAULTS.recvWindow) ?? ''} | integer from 1 to 60000 |`);
    expect(row(PAGE, 'RETRY_SETTINGS', 'maxDelayMs')).toContain(`| \`${RETRY_DEFAULTS.maxDelayMs}\` | a duration in ms from 0 to 2147483647; at least baseDelayMs |`);
    expect(row(PAGE, 'CLIENT_SETTINGS', 'transport')).toContain("| `'ky'` |");
  });

  it('go stale when a default changes in its constant, keeping the words written around it', () => {
    const rendered = renderTables(PAGE, withDefault('RECORDER_SETTINGS', 'maxBufferedChars', 4096));
    expect(rendered.page).not.toBe(PAGE);
    expect(row(rendered.page, 'RECORDER_SETTINGS', 'maxBufferedChars')).toMatch(/^\| `maxBufferedChars` \| `4096` \(about 8 MB\) \|/);
  });

  it('drop a row for an option that is none, and ask for words for a new one', () => {
    const extra = PAGE.replace('| `timeout` | `10000` |', '| `timeoutMs` | `1` | x | y |\n| `timeout` | `10000` |');
    expect(renderTables(extra, OPTION_TABLES).page).toBe(PAGE);
    const noWords = renderTables(PAGE.replace(/^\| `signBody` .*\n/m, ''), OPTION_TABLES);
    expect(noWords.problems).toContain('CLIENT_SETTINGS: write what `signBody` does (its "What it does" cell)');
  });

  it('name a table the page lacks, and a region that names no settings', () => {
    const missing = renderTables(PAGE.replace('<!-- options-table CALL_SETTINGS -->', '<!-- options-table CALLS -->'), OPTION_TABLES);
    expect(missing.problems).toEqual(expect.arrayContaining([expect.stringContaining('options-table CALLS names no settings'), expect.stringContaining('no options-table CALL_SETTINGS')]));
  });

  it('check mode fails on a copy of the page whose default was edited by hand, and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-page-'));
    try {
      const file = join(dir, 'configuration.md');
      const edited = PAGE.replace('| `timeout` | `10000` |', '| `timeout` | `15000` |');
      writeFileSync(file, edited);
      expect(runConfiguration(file, { check: true, sources: false })).toEqual({ stale: true, problems: [] });
      expect(readFileSync(file, 'utf8')).toBe(edited);
      // Written, the copy is the page again; a default changed in its constant makes it stale.
      expect(runConfiguration(file, { check: false, sources: false }).stale).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(PAGE);
      expect(runConfiguration(file, { check: true, sources: false }).stale).toBe(false);
      expect(runConfiguration(file, { check: true, sources: false, tables: withDefault('CLIENT_SETTINGS', 'timeout', 15_000) }).stale).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the sources keep each default in one place', () => {
  it('no setting in src/ writes its default inline, no options comment states another default, and every settingsFor has a table', () => {
    expect(sourceProblems(OPTION_TABLES)).toEqual([]);
  });

  it('finds a default written inline instead of read from the constant', () => {
    const source = 'const S = settingsFor<O>()({ a: setting(BOOLEAN, true), b: setting(COUNT, O_DEFAULTS.b), c: optional(COUNT) });';
    expect(inlineDefaults('src/x.ts', source)).toEqual(['src/x.ts: a: setting(..., true) writes its default inline: put it in the defaults constant and read it from there']);
  });

  const source = (comment: string): string =>
    `export interface RetryOptions {\n  /** ${comment} */\n  readonly limit?: number | undefined;\n}\nexport const RETRY_SETTINGS = settingsFor<RetryOptions>()({ limit: setting(COUNT, RETRY_DEFAULTS.limit) });\n`;
  const check = (comment: string, defaults: Record<string, unknown>): string[] =>
    commentDefaults({ ...tableOf('RETRY_SETTINGS'), source: 'src/r.ts', defaults }, (path) => (path === 'src/r.ts' ? source(comment) : undefined));

  it.each([
    ['Further attempts. Default 3.', { limit: 2 }],
    ['Further attempts.\n   * @default 3', { limit: 2 }],
    ['Longest wait. Default 30 minutes.', { limit: 60_000 }],
    ['Most kept. Default 10,000.', { limit: 1000 }],
    ['Whether to. Default `true`.', { limit: false }],
    ["How. Default `'ky'`.", { limit: 'fetch' }],
  ])('a comment saying %p disagrees with %p', (comment, defaults) => {
    expect(check(comment, defaults)).toEqual([expect.stringMatching(/^src\/r\.ts: RetryOptions\.limit says its default is .+; RETRY_DEFAULTS has /)]);
  });

  it.each([
    ['Further attempts. Default 2.', { limit: 2 }],
    ['Longest wait. Default 30 minutes.', { limit: 1_800_000 }],
    ['Most kept. Default 10,000.', { limit: 10_000 }],
    ['Scheduler. Default: the client\'s.', { limit: 5 }],
    ['No default stated.', { limit: 5 }],
  ])('a comment saying %p agrees with %p, or says nothing checkable', (comment, defaults) => {
    expect(check(comment, defaults)).toEqual([]);
  });
});
