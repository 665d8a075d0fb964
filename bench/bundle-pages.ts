/**
 * The browser pages the `bundle` benchmark builds: what each imports from the package root. A page
 * re-exports what it imports, so the bundler keeps everything those exports can reach, as a page
 * that calls them would.
 *
 * @module
 */

/** A page: its name in the report, what it imports from `mexc-rx`, and its budget. */
export interface Page {
  readonly name: string;
  readonly imports: readonly string[];
  /** Most the page may weigh, minified and gzipped, in bytes. */
  readonly budgetBytes: number;
}

/** A kilobyte, as the budgets count it: 1,000 bytes. */
export const KB = 1_000;

/** A live dashboard: the user data stream and its state operators as UI stores, with the page-side key source. */
export const STREAM_PAGE: Page = {
  name: 'stream page',
  imports: ['userDataStream', 'reduceOrders', 'balanceSnapshots', 'toStore', 'remoteListenKeys'],
  budgetBytes: 40 * KB,
};

/** One REST operation with its client. */
export const REST_PAGE: Page = {
  name: 'one REST call',
  imports: ['createClient', 'listSubAccounts'],
  budgetBytes: 25 * KB,
};

/** The pages, in report order. */
export const PAGES: readonly Page[] = [STREAM_PAGE, REST_PAGE];

/**
 * The page's source: an ES module importing from the package root (which the benchmark points at
 * `src/index.ts`).
 *
 * @example
 * ```ts
 * pageSource(REST_PAGE); // "export { createClient, listSubAccounts } from 'mexc-rx';\n"
 * ```
 */
export function pageSource(page: Page): string {
  return `export { ${page.imports.join(', ')} } from 'mexc-rx';\n`;
}
