/**
 * The checker behind `npm run docs:examples`: which blocks it takes from Markdown, and that it
 * reports a broken example at its line in the Markdown file.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkExamples } from '../../tools/docs/examples/check.js';
import { extractExamples } from '../../tools/docs/examples/extract.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('extractExamples', () => {
  it('takes ts and typescript blocks with their first line, and skips no-check ones', () => {
    const markdown = [
      '# Title', //                        1
      '```ts', //                          2
      'const a = 1;', //                   3
      '```', //                            4
      '```sh', //                          5
      'npm test', //                       6
      '```', //                            7
      '- a list item:', //                 8
      '  ```typescript', //                9
      '  const b = 2;', //                10
      '  ```', //                         11
      '```ts no-check', //                12
      'partial(', //                      13
      '```', //                           14
      '````ts', //                        15
      '```', //                           16
      '````', //                          17
    ].join('\n');
    expect(extractExamples(markdown)).toEqual({
      examples: [
        { line: 3, code: 'const a = 1;\n' },
        { line: 10, code: 'const b = 2;\n' },
        { line: 16, code: '```\n' },
      ],
      skipped: 1,
    });
  });
});

describe('checkExamples', () => {
  const work = join(ROOT, 'test-output');
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports a type error at its line in the Markdown file, and passes correct examples', async () => {
    await mkdir(work, { recursive: true });
    dir = await mkdtemp(join(work, 'doc-examples-test-'));
    const doc = join(dir, 'guide.md');
    await writeFile(doc, ['# Guide', '', '```ts', "import { map, of } from 'rxjs';", 'of(1).pipe(map((n) => n + 1));', '```', '', '```ts', "const n: number = 'one';", '```', ''].join('\n'));
    const result = await checkExamples(ROOT, [doc], join(dir, 'work'));
    expect(result.checked).toBe(2);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^test-output\/doc-examples-test-\w+\/guide\.md:9:7: error TS2322: Type 'string' is not assignable to type 'number'\.$/);
  }, 120_000);
});
