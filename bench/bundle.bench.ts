/**
 * What the library adds to a browser page, minified and gzipped, against its budget; and what each
 * package in the page costs it (the page built again without that package: the gzipped bytes it
 * saves). Sizes do not vary from run to run: a page over its budget fails the run.
 *
 * @module
 */
import type { Benchmark, Measure, ResultRow } from './benchmark.js';
import { LIBRARY, weighPage } from './bundle-build.js';
import { KB, PAGES, pageSource, type Page } from './bundle-pages.js';

const kb = (bytes: number): number => Math.round(bytes / 10) / 100;
const measure = (label: string, unit: string, bytes: number): Measure => ({ label, unit, samples: [kb(bytes)] });

async function pageRows(page: Page, log: (line: string) => void): Promise<ResultRow[]> {
  const source = pageSource(page);
  const whole = await weighPage(source);
  const budget = page.budgetBytes;
  const met = budget === undefined || whole.gzipped <= budget;
  const against = budget === undefined ? 'no budget' : `budget ${budget / KB} KB: ${met ? 'met' : 'FAIL, over budget'}`;
  log(`${page.name}: ${kb(whole.gzipped)} KB min+gz (${against}); ${kb(whole.minified)} KB minified`);
  const rows: ResultRow[] = [
    {
      subject: measure(`${page.name} (${page.imports.join(', ')}), minified and gzipped`, 'KB', whole.gzipped),
      baseline: measure('minified', 'KB', whole.minified),
      target: budget === undefined ? undefined : { text: `<= ${budget / KB} KB`, met, failsRun: true },
    },
  ];
  const packages = [...whole.shares].filter(([name]) => name !== LIBRARY).sort((a, b) => b[1] - a[1]);
  for (const [name, minified] of packages) {
    const without = await weighPage(source, [name]);
    rows.push({ subject: measure(`${page.name}: ${name}`, 'KB min+gz', whole.gzipped - without.gzipped), baseline: measure('minified', 'KB', minified) });
  }
  const alone = await weighPage(source, packages.map(([name]) => name));
  rows.push({ subject: measure(`${page.name}: ${LIBRARY}, every package left out`, 'KB min+gz', alone.gzipped), baseline: measure('minified', 'KB', whole.shares.get(LIBRARY) ?? 0) });
  return rows;
}

/** The bundle benchmark. */
export const bundleBenchmark: Benchmark = {
  name: 'bundle',
  title: 'What the library adds to a browser page',
  description:
    'Each page is an ES module re-exporting what it imports from the package root, built as a browser app’s bundler ' +
    'builds it: esbuild, bundled, minified, ES module, browser platform (each package’s browser build), the root pointed ' +
    'at `src/index.ts` (with the `browser` field of `package.json` applied to the sources, as to the built package); then gzipped with node:zlib at its default level (6). 1 KB = 1,000 bytes. A package’s row: the ' +
    'gzipped bytes the page loses when that package is left out (its minified bytes in the page, from esbuild’s ' +
    'metafile, beside it); shares overlap in the compression, so they do not add up to the page. The library’s own row: ' +
    'the page with every package left out. The page’s row fails the run when over its budget. One build per row; ' +
    'the same with --quick.',
  async run({ log }) {
    const rows: ResultRow[] = [];
    for (const page of PAGES) rows.push(...(await pageRows(page, log)));
    return rows;
  },
};
