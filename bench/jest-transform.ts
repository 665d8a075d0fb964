/**
 * What jest's transform costs on a cold cache (docs/architecture.md, "Module format"): every
 * TypeScript file under src/ and test/ compiled once, one file at a time, by TypeScript's
 * `transpileModule` (what ts-jest's transpile-only mode runs) and by esbuild through
 * `tools/test/jest-esbuild-transform.js` (what jest runs), each with its source map. Wall time, one
 * process, so esbuild's own process counts.
 *
 *   npx tsx bench/jest-transform.ts
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import ts from 'typescript';
import transformer from '../tools/test/jest-esbuild-transform.js';

const FOLDERS = ['src', 'test'];
const files = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ path: `${process.cwd()}/${folder}/${name}`, source: readFileSync(`${folder}/${name}`, 'utf8') })),
);

function seconds(compile: (source: string, path: string) => void): string {
  const start = performance.now();
  for (const file of files) compile(file.source, file.path);
  return ((performance.now() - start) / 1000).toFixed(2);
}

const typescript = seconds((source, path) => {
  ts.transpileModule(source, {
    fileName: path,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true, sourceMap: true },
  });
});
const esbuild = seconds((source, path) => {
  transformer.process(source, path, { supportsStaticESM: true });
});
console.log(`${files.length} files: TypeScript transpileModule ${typescript} s, esbuild ${esbuild} s`);
