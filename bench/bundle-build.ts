/**
 * Builds a page the way a browser app's bundler does (esbuild: bundled, minified, ES module,
 * browser platform, the package root pointed at `src/index.ts`, the `browser` field of
 * `package.json` applied to the sources), and weighs it: minified bytes,
 * gzipped bytes (node:zlib at its default level, 6, which compression middleware uses), and the
 * minified bytes of each package in it, from esbuild's metafile.
 *
 * @module
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The page's own entry, in the metafile. */
const PAGE_FILE = 'page.js';

/** What the library's own code is called in the shares. */
export const LIBRARY = 'mexc-rx itself (src/)';

/** `./dist/http/x.js` (a path of the built package) as its source file, `<root>/src/http/x.ts`. */
function sourceOf(built: string): string {
  return join(ROOT, built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
}

/**
 * The `browser` field of `package.json`, which a browser bundler applies to the built package
 * (`./dist/...`), applied to its sources: the page is built from `src/`, as the package's own
 * browser build would be.
 */
function browserFieldOfSources(): Plugin {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { readonly browser?: Readonly<Record<string, string>> };
  const swaps = new Map(Object.entries(pkg.browser ?? {}).map(([from, to]) => [sourceOf(from), sourceOf(to)]));
  return {
    name: 'browser-field-of-sources',
    setup(builder) {
      builder.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        const to = swaps.get(join(args.resolveDir, args.path).replace(/\.js$/, '.ts'));
        return to === undefined ? undefined : { path: to };
      });
    },
  };
}

/** A built page's weight. */
export interface PageWeight {
  readonly minified: number;
  readonly gzipped: number;
  /** Minified bytes in the output by package (`rxjs`, `@bufbuild/protobuf`, ...; the library's own under {@link LIBRARY}). */
  readonly shares: ReadonlyMap<string, number>;
  /** Minified bytes in the output by input file (`src/http/send.ts`, `node_modules/rxjs/...`); files that left nothing in it are not listed. */
  readonly files: ReadonlyMap<string, number>;
}

/** The package an input file of the metafile belongs to (the last `node_modules/` in its path), or the library. */
export function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return input.startsWith('src/') ? LIBRARY : input;
  const [scope = '', name = ''] = input.slice(at + 'node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/**
 * Builds `source` as a page's entry and weighs it; the packages in `external` are left out (their
 * imports stay as they are), which tells what each costs the page.
 *
 * @example
 * ```ts
 * const { gzipped } = await weighPage("export { toStore } from 'mexc-rx';\n");
 * ```
 */
export async function weighPage(source: string, external: readonly string[] = []): Promise<PageWeight> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, sourcefile: PAGE_FILE, loader: 'js' },
    alias: { 'mexc-rx': './src/index.ts' },
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    external: external.flatMap((name) => [name, `${name}/*`]),
    plugins: [browserFieldOfSources()],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('esbuild wrote no output');
  const shares = new Map<string, number>();
  const files = new Map<string, number>();
  for (const meta of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
      if (input === PAGE_FILE) continue;
      const name = packageOf(input);
      shares.set(name, (shares.get(name) ?? 0) + bytesInOutput);
      if (bytesInOutput > 0) files.set(input, bytesInOutput);
    }
  }
  return { minified: output.contents.byteLength, gzipped: gzipSync(output.contents).byteLength, shares, files };
}
