/**
 * The Node build's entries (`tools/node-bundle.mjs`): one per entry of package.json's
 * `exports`, each entry's `node` condition pointing at its bundle and coming before `import` (Node
 * takes the first condition that matches, so a `node` after `import` would never be read). An entry
 * added without its `node` condition fails the build, naming it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error: plain JavaScript, run by `npm run build` before any type exists.
import { nodeBuildOf, nodeEntries } from '../../tools/node-bundle.mjs';

type Manifest = { readonly exports: Readonly<Record<string, unknown>> };
const entriesOf = nodeEntries as (manifest: Manifest) => string[];
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as Manifest;

describe("the package's Node build", () => {
  it('bundles every entry of exports, each pointed at by its node condition', () => {
    const entries = entriesOf(manifest);
    const withImport = Object.values(manifest.exports).filter((target) => typeof target === 'object' && target !== null && 'import' in target);
    expect(entries).toHaveLength(withImport.length);
    expect(entries).toContain('./dist/index.js');
    expect(entries).toContain('./dist/server/index.js');
    for (const target of withImport) {
      const { node, import: perModule } = target as { node: string; import: string };
      expect(node).toBe((nodeBuildOf as (path: string) => string)(perModule));
    }
  });

  it('refuses an entry without its node condition, or with it after import, naming the entry', () => {
    const missing = { exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } };
    expect(() => entriesOf(missing)).toThrow('exports["."] needs "node": "./dist/node/index.js" before "import"');
    const late = { exports: { './server': { import: './dist/server/index.js', node: './dist/node/server/index.js' } } };
    expect(() => entriesOf(late)).toThrow('exports["./server"]');
    const elsewhere = { exports: { '.': { node: './dist/index.js', import: './dist/index.js' } } };
    expect(() => entriesOf(elsewhere)).toThrow('exports["."]');
  });
});
