// The package's Node build: every entry of package.json's `exports` bundled with esbuild into
// dist/node/ (code split, so the entries share one copy of each module and `instanceof` holds across
// them; every package left as an import), which the `node` condition of each entry points at. Node,
// Deno and Bun pick it; bundlers building for browsers and Workers do not set `node`, and keep the
// per-module build beside it (dist/*.js, with its `browser` field swaps), which they tree-shake.
// Why: loading the per-module build is some 200 files to resolve and read, most of the root
// entry's import time on Node 20 (docs/performance.md, "Import time"); one split bundle is a few.
// Plain JavaScript with esbuild alone, run by `npm run build` after tsc wrote dist/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the Node build of the per-module file `./dist/X.js` is. */
export function nodeBuildOf(path) {
  return path.replace(/^\.\/dist\//, './dist/node/');
}

/**
 * The per-module files of every entry of `exports` (their `import` targets), each checked to have a
 * `node` condition, before `import`, pointing at its Node build. Throws, naming the entry, when one
 * does not.
 */
export function nodeEntries(manifest) {
  const entries = [];
  for (const [name, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target !== 'object' || target === null || typeof target.import !== 'string') continue;
    const keys = Object.keys(target);
    const expected = nodeBuildOf(target.import);
    if (target.node !== expected || keys.indexOf('node') > keys.indexOf('import')) {
      throw new Error(`package.json exports["${name}"] needs "node": "${expected}" before "import" (tools/node-bundle.mjs)`);
    }
    entries.push(target.import);
  }
  return entries;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { build } = await import('esbuild');
  const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  await build({
    absWorkingDir: root,
    entryPoints: nodeEntries(manifest),
    outbase: 'dist',
    outdir: 'dist/node',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}
