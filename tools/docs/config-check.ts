/**
 * The work of `gen-configuration.ts`, callable in-process (the tests run it on a copy of the page):
 * writes or checks the option tables of a copy of docs/configuration.md, and finds what the sources
 * break of "one home for each default".
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commentDefaults, inlineDefaults, type ReadSource } from './config-sources.js';
import { renderTables } from './config-tables.js';
import { OPTION_TABLES, type OptionTable } from './option-tables.js';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const read: ReadSource = (path) => {
  const file = join(ROOT, path);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

/** Every source file under src/, from the root. */
function sourceFiles(): string[] {
  return readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('gen/'))
    .map((file) => `src/${file.replaceAll('\\', '/')}`);
}

/**
 * What the sources break: a settings constant with no table, a default written inline, a comment
 * stating another default than the constant's.
 *
 * @example
 * ```ts
 * sourceProblems(OPTION_TABLES); // [] when every default has one home
 * ```
 */
export function sourceProblems(tables: readonly OptionTable[]): string[] {
  const problems: string[] = [];
  const known = new Set(tables.map((table) => table.id));
  for (const path of sourceFiles()) {
    const text = read(path) ?? '';
    if (!/\bsetting(<[^>]*>)?\(|settingsFor</.test(text)) continue;
    for (const match of text.matchAll(/export const (\w+) = settingsFor</g)) {
      if (!known.has(match[1] ?? '')) problems.push(`${path}: ${match[1] ?? ''} has no table (add it to tools/docs/option-tables.ts and the page)`);
    }
    problems.push(...inlineDefaults(path, text));
  }
  for (const table of tables) problems.push(...commentDefaults(table, read));
  return problems;
}

/** What a run found: whether the page was stale, and each problem in words. */
export interface ConfigurationRun {
  readonly stale: boolean;
  readonly problems: readonly string[];
}

/**
 * Writes the option tables of the page at `page` (`check`: only compares them), and checks the
 * sources (unless `sources` is false).
 *
 * @example
 * ```ts
 * const { stale, problems } = runConfiguration('docs/configuration.md', { check: true });
 * ```
 */
export function runConfiguration(page: string, options: { readonly check: boolean; readonly sources?: boolean; readonly tables?: readonly OptionTable[] }): ConfigurationRun {
  const tables = options.tables ?? OPTION_TABLES;
  const current = readFileSync(page, 'utf8');
  const rendered = renderTables(current, tables);
  const stale = rendered.page !== current;
  if (!options.check && stale) writeFileSync(page, rendered.page);
  return { stale, problems: [...rendered.problems, ...(options.sources === false ? [] : sourceProblems(tables))] };
}
