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
  /** Most the page may weigh, minified and gzipped, in bytes; none for a page weighed only to be known. */
  readonly budgetBytes?: number | undefined;
}

/** A kilobyte, as the budgets count it: 1,000 bytes. */
export const KB = 1_000;

/** A live dashboard: the user data stream and its state operators as UI stores, with the page-side key source. */
export const STREAM_PAGE: Page = {
  name: 'stream page',
  imports: ['userDataStream', 'reduceOrders', 'balanceSnapshots', 'toStore', 'remoteListenKeys'],
  budgetBytes: 40 * KB,
};

/**
 * One REST operation with its client. Weighed, with no budget: a page never signs REST calls (its
 * secret stays on its backend, which serves its keys and account reads through `mexc-rx/server`),
 * so this is what a signing client weighs, not what a page carries.
 */
export const REST_PAGE: Page = {
  name: 'one REST call',
  imports: ['createClient', 'listSubAccounts'],
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
