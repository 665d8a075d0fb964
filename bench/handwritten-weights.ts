/**
 * The `handwritten` benchmark's page rows: what each hand-written piece weighs in a browser page,
 * against the library that could replace it, both built as a page's bundler builds them
 * (`bundle-build.ts`: esbuild, minified, browser platform, then gzipped). The HTTP client is not
 * among them: a page never carries it (the `browser` field of package.json swaps it out), nor
 * could it carry undici.
 *
 * @module
 */
import type { ResultRow } from './benchmark.js';
import { weighPage } from './bundle-build.js';
import { versionOf, type Piece } from './handwritten-pair.js';

/** A piece's page and the library's page, each an ES module re-exporting what a page would use. */
interface PagePair {
  readonly piece: Piece;
  readonly ours: string;
  readonly oursSource: string;
  readonly library: string;
  readonly librarySource: string;
}

const PAIRS: readonly PagePair[] = [
  {
    piece: 'protobuf reader',
    ours: '`readPushWrapper`',
    oursSource: "export { readPushWrapper } from './src/stream/read-push-wrapper.ts';",
    library: '@bufbuild/protobuf `fromBinary` with the generated schema',
    librarySource: "export { fromBinary } from '@bufbuild/protobuf'; export { PushDataV3ApiWrapperSchema } from './src/gen/mexc/push_data_v3_pb.ts';",
  },
  {
    piece: 'persistent map',
    ours: '`PersistentMap`',
    oursSource: "export { PersistentMap } from './src/operators/state/persistent-map.ts';",
    library: 'immutable `Map`',
    librarySource: "export { Map } from 'immutable';",
  },
  {
    piece: 'decimals',
    ours: '`mexc-rx/decimal` (add, subtract, sum, compare, checks)',
    oursSource: "export * from './src/decimal/index.ts';",
    library: 'big.js `Big`',
    librarySource: "export { default as Big } from 'big.js';",
  },
  {
    piece: 'exact JSON numbers',
    ours: '`parseJsonExactly`',
    oursSource: "export { parseJsonExactly } from './src/decimal/exact-json.ts';",
    library: 'lossless-json `parse`',
    librarySource: "export { parse } from 'lossless-json';",
  },
  {
    piece: 'queues',
    ours: '`Queue`',
    oursSource: "export { Queue } from './src/internal/queue.ts';",
    library: 'denque',
    librarySource: "export { default as Denque } from 'denque';",
  },
  {
    piece: 'queues',
    ours: '`Queue`',
    oursSource: "export { Queue } from './src/internal/queue.ts';",
    library: 'yocto-queue',
    librarySource: "export { default as Queue } from 'yocto-queue';",
  },
  {
    piece: 'hashing',
    ours: '`keyedHash` and `hash53`',
    oursSource: "export { hash53, keyedHash } from './src/internal/hash.ts';",
    library: 'js-xxhash `xxHash32`',
    librarySource: "export { xxHash32 } from 'js-xxhash';",
  },
  {
    piece: 'backoff',
    ours: '`exponentialDelay`',
    oursSource: "export { exponentialDelay } from './src/exponential-backoff.ts';",
    library: 'exponential-backoff `backOff`',
    librarySource: "export { backOff } from 'exponential-backoff';",
  },
];

const kb = (bytes: number): number => Math.round(bytes / 10) / 100;

/** The package a page's library source names first (`immutable`, `@bufbuild/protobuf`), for its version. */
function packageOfSource(source: string): string {
  return /from '([^.'][^']*)'/.exec(source)?.[1] ?? '';
}

/**
 * Weighs every pair's two pages; one row each: the piece's page (minified and gzipped) with the
 * library's beside it, and what the piece keeps out of a page.
 *
 * @example
 * ```ts
 * const rows = await weightRows(console.log);
 * ```
 */
export async function weightRows(log: (line: string) => void): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (const pair of PAIRS) {
    const ours = await weighPage(pair.oursSource);
    const theirs = await weighPage(pair.librarySource);
    const name = packageOfSource(pair.librarySource);
    const library = pair.library.replace(name, `${name} ${versionOf(name)}`);
    const saved = theirs.gzipped - ours.gzipped;
    log(`${pair.piece}: ${pair.ours} ${kb(ours.gzipped)} KB, ${library} ${kb(theirs.gzipped)} KB min+gz`);
    rows.push({
      subject: { label: `${pair.piece} in a page: ${pair.ours}, minified and gzipped`, unit: 'KB', samples: [kb(ours.gzipped)] },
      baseline: { label: library, unit: 'KB', samples: [kb(theirs.gzipped)] },
      ratio: { value: kb(saved), text: saved >= 0 ? `${kb(saved)} KB kept out of a page` : `${kb(-saved)} KB more than the library` },
    });
  }
  return rows;
}
