/**
 * Checks that every TypeScript example in README.md and docs/*.md compiles against the sources,
 * with the project's strict settings (```ts no-check blocks are skipped: use them only for
 * deliberately partial snippets). Exits 1 on any error. Run: npm run docs:examples.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkExamples } from './examples/check.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docs = (await readdir(join(root, 'docs'))).filter((name) => name.endsWith('.md')).sort();
const files = [join(root, 'README.md'), ...docs.map((name) => join(root, 'docs', name))];
const result = await checkExamples(root, files, join(root, 'test-output', 'doc-examples'));
for (const error of result.errors) console.error(error);
console.log(`${result.checked} examples checked, ${result.skipped} marked no-check, ${result.errors.length} errors`);
if (result.errors.length > 0 || result.checked === 0) process.exitCode = 1;
