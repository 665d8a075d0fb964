/**
 * Writes the option tables of docs/configuration.md from each options type's settings and defaults
 * constant (`config-tables.ts`), and checks the sources keep each default in one place
 * (`config-sources.ts`). With --check, writes nothing and fails when the page is stale or a source
 * breaks the rule; `--page <path>` reads (and writes) another copy of the page.
 * Run: npm run docs:config (write) or npm run docs:config:check (CI, inside npm run docs:check).
 */
import { join } from 'node:path';
import { ROOT, runConfiguration } from './config-check.js';

const args = process.argv.slice(2);
const check = args.includes('--check');
const pageAt = args.indexOf('--page');
const page = pageAt >= 0 ? (args[pageAt + 1] ?? '') : join(ROOT, 'docs', 'configuration.md');
const { stale, problems } = runConfiguration(page, { check });
for (const problem of problems) console.error(problem);
if (check && stale) console.error(`${page}'s option tables are stale: run npm run docs:config`);
if (!check) console.log(stale ? `wrote the option tables of ${page}` : `${page}'s option tables are current`);
else if (!stale && problems.length === 0) console.log(`${page}'s option tables are current`);
if ((check && stale) || problems.length > 0) process.exit(1);
