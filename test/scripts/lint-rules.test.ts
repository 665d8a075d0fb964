/**
 * The house rules the lint keeps (eslint.config.js), each tried on a planted example given to
 * ESLint as the text of a real file, so nothing is written to disk: an import circle closed by a
 * type-only import (the circle src/stream once had: the stream's status importing the stream's
 * event type back), and an entry one line over the 300-line limit. The real files pass, so each
 * failure below is the planted line's.
 */
import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The rules `text` breaks when linted as the project's file `path`. */
async function broken(path: string, text: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ rule: ruleId, message }));
}

const source = (path: string): Promise<string> => readFile(join(ROOT, path), 'utf8');

describe('the lint', () => {
  it('passes the stream files as they are', async () => {
    for (const path of ['src/stream/status.ts', 'src/stream/health.ts', 'src/stream/user-data-stream.ts', 'src/index.ts']) {
      expect(await broken(path, await source(path))).toEqual([]);
    }
  }, 60_000);

  it('fails an import circle closed by a type-only import, naming the way round', async () => {
    const planted = `${await source('src/stream/status.ts')}\nimport type { UserDataStream } from './user-data-stream.js';\nexport type Planted = UserDataStream;\n`;
    const found = await broken('src/stream/status.ts', planted);
    expect(found).toHaveLength(1);
    expect(found[0]?.rule).toBe('local/no-cycle');
    expect(found[0]?.message).toMatch(/^Import circle \(type-only imports count\): src\/stream\/status\.ts -> src\/stream\/user-data-stream\.ts -> .* -> src\/stream\/status\.ts/);
  }, 60_000);

  it('fails a circle through `export type ... from` and through `typeof import()` alike', async () => {
    const reExport = `${await source('src/stream/status.ts')}\nexport type { UserDataStream } from './user-data-stream.js';\n`;
    const typeOf = `${await source('src/stream/status.ts')}\nexport type Planted = typeof import('./user-data-stream.js');\n`;
    for (const planted of [reExport, typeOf]) {
      // (typescript-eslint's consistent-type-imports also objects to `typeof import()`; the circle is ours to find.)
      expect((await broken('src/stream/status.ts', planted)).map((m) => m.rule)).toContain('local/no-cycle');
    }
  }, 60_000);

  it('fails an entry of 301 lines and passes one of 300', async () => {
    const entry = await source('src/index.ts');
    const lines = entry.trimEnd().split('\n');
    const padded = (count: number): string => [...lines, ...Array.from({ length: count - lines.length }, (_, i) => `// line ${i}`)].join('\n');
    expect(await broken('src/index.ts', padded(300))).toEqual([]);
    expect(await broken('src/index.ts', padded(301))).toEqual([{ rule: 'max-lines', message: 'File has too many lines (301). Maximum allowed is 300.' }]);
  }, 60_000);

  it('holds tests and tools to the same 300 lines', async () => {
    const long = Array.from({ length: 301 }, (_, i) => `export const line${i} = ${i};`).join('\n');
    for (const path of ['test/scripts/lint-rules.test.ts', 'tools/node-bundle.mjs']) {
      expect((await broken(path, long)).map((m) => m.rule)).toContain('max-lines');
    }
  }, 60_000);
});
