/**
 * The repository's root shows the architecture: at most 16 entries besides dot-files and what git
 * ignores (node_modules, dist, test-output, ...), among them what a reader needs first; the
 * project's tooling (mutation testing, protobuf generation, doc generation, the test runner) lives
 * in tools/, and no mutation results are kept at the root.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The root's folders and files that .gitignore names as a whole (`dist/`, `*.tgz` is no name). */
function ignoredNames(): Set<string> {
  const lines = readFileSync(`${ROOT}/.gitignore`, 'utf8').split('\n').map((line) => line.trim());
  return new Set(lines.filter((line) => /^\/?[\w.-]+\/?$/.test(line)).map((line) => line.replace(/^\/|\/$/g, '')));
}

describe('the repository root', () => {
  const ignored = ignoredNames();
  const entries = readdirSync(ROOT).filter((name) => !name.startsWith('.') && !ignored.has(name));

  it('holds at most 16 entries besides dot-files and ignored build output, what a reader needs first among them', () => {
    expect([...ignored]).toEqual(expect.arrayContaining(['node_modules', 'dist', 'test-output']));
    expect(entries.length).toBeLessThanOrEqual(16);
    const first = ['README.md', 'LICENSE', 'package.json', 'package-lock.json', 'tsconfig.json', 'src', 'test', 'docs', 'examples', 'bench', 'tools'];
    expect(first.filter((name) => !entries.includes(name))).toEqual([]);
  });

  it('keeps the tooling in tools/ and no mutation results or tool configs beside the sources', () => {
    for (const path of ['tools/mutation/stryker.config.js', 'tools/mutation/jest.config.js', 'tools/mutation/groups.js', 'tools/mutation/results', 'tools/proto/buf.yaml', 'tools/proto/buf.gen.yaml', 'tools/docs/typedoc.json', 'tools/test/run.ts']) {
      expect([path, existsSync(`${ROOT}/${path}`)]).toEqual([path, true]);
    }
    expect(entries.filter((name) => /stryker|mutation|^reports$|^proto$|^buf\.|^scripts$/.test(name))).toEqual([]);
  });
});
