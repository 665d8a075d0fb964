/**
 * Type-checks the TypeScript examples of Markdown files: each example becomes a module in a work
 * folder inside the repository (so `rxjs` and the other packages resolve), `mexc-rx` and
 * the package's other entries (`mexc-rx/simulator`, `mexc-rx/nats`, `mexc-rx/decimal`, `mexc-rx/server`) are mapped to the sources, and tsc checks them all with the project's own
 * strict settings. Errors are reported at their line in the Markdown file.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { extractExamples } from './extract.js';

/** The outcome of a check. */
export interface CheckResult {
  /** Examples checked. */
  readonly checked: number;
  /** Examples marked `no-check`. */
  readonly skipped: number;
  /** One line per error, `file.md:line:column: message`. */
  readonly errors: readonly string[];
}

function runTsc(tsc: string, project: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(tsc, ['-p', project, '--pretty', 'false'], { maxBuffer: 16 * 1024 * 1024 }, (_error, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
}

/**
 * Checks the examples of `files` (paths of Markdown files), using `workDir` (inside `root`) for
 * the generated modules.
 *
 * @example
 * ```ts
 * const result = await checkExamples('/repo', ['/repo/README.md'], '/repo/test-output/doc-examples');
 * if (result.errors.length > 0) process.exitCode = 1;
 * ```
 */
export async function checkExamples(root: string, files: readonly string[], workDir: string): Promise<CheckResult> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const origins = new Map<string, { readonly doc: string; readonly line: number }>();
  let skipped = 0;
  for (const file of files) {
    const extracted = extractExamples(await readFile(file, 'utf8'));
    skipped += extracted.skipped;
    for (const [n, example] of extracted.examples.entries()) {
      const name = `${basename(file).replace(/\W/g, '_')}_${n + 1}.ts`;
      origins.set(name, { doc: relative(root, file), line: example.line });
      // `export {}` makes every example a module: its own scope, and top-level await allowed.
      await writeFile(join(workDir, name), `${example.code}export {};\n`);
    }
  }
  const tsconfig = {
    extends: relative(workDir, join(root, 'tsconfig.json')),
    compilerOptions: {
      noEmit: true,
      noUnusedLocals: false,
      paths: {
        'mexc-rx': [relative(workDir, join(root, 'src/index.ts'))],
        'mexc-rx/simulator': [relative(workDir, join(root, 'src/simulator/index.ts'))],
        'mexc-rx/nats': [relative(workDir, join(root, 'src/bridge/index.ts'))],
        'mexc-rx/server': [relative(workDir, join(root, 'src/server/index.ts'))],
        'mexc-rx/decimal': [relative(workDir, join(root, 'src/decimal/index.ts'))],
      },
    },
    include: ['*.ts'],
  };
  await writeFile(join(workDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  if (origins.size === 0) return { checked: 0, skipped, errors: [] };
  const output = await runTsc(join(root, 'node_modules', '.bin', 'tsc'), join(workDir, 'tsconfig.json'));
  const errors: string[] = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    const located = /^(?:.*[\\/])?([^\\/(]+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line);
    const origin = located ? origins.get(located[1] ?? '') : undefined;
    if (located && origin) errors.push(`${origin.doc}:${origin.line + Number(located[2]) - 1}:${located[3]}: ${located[4]}`);
    else if (!line.startsWith(' ')) errors.push(line);
  }
  return { checked: origins.size, skipped, errors };
}
