/**
 * Every option of every public function accepts an explicit `undefined` as "not given", in the
 * types: under `exactOptionalPropertyTypes` an optional property must be declared `x?: T | undefined`
 * for `{ x: maybeX }` to compile. This walks the public inputs of every entry point the package
 * exports (package.json "exports") with the TypeScript compiler and fails on any optional property
 * whose declared type leaves `undefined` out; a fixture proves the walk finds each kind of case.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { optionalPropertiesOf } from './optional-properties.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The project's compiler options (tsconfig.json): strict, with exactOptionalPropertyTypes. */
function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
}

/** The source entry of each public entry point: `./dist/x/index.d.ts` is built from `src/x/index.ts`. */
function publicEntries(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
  return Object.values(manifest.exports)
    .flatMap((target) => (typeof target === 'object' && target.types !== undefined ? [target.types] : []))
    .map((types) => join(ROOT, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')));
}

describe('explicit undefined in the public types', () => {
  it('finds, in a fixture, each kind of optional property that leaves undefined out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'explicit-undefined-'));
    try {
      const entry = join(dir, 'index.ts');
      writeFileSync(
        entry,
        [
          'interface Inner { readonly nestedBad?: string; readonly nestedGood?: string | undefined }',
          'export interface Options { readonly good?: number | undefined; readonly inner?: Inner | undefined; readonly anything?: unknown }',
          'export type Alias = { readonly unionBad?: boolean } | number;',
          'export function f(options?: Options, alias?: Alias): void { void options; void alias; }',
          'type Overrides<T> = { readonly [K in keyof T]?: T[K] | undefined };',
          'export function g(partial: Partial<{ mappedBad: number }>, list: readonly { elementBad?: string }[], overrides: Overrides<{ mappedGood: number }>): void { void partial; void list; void overrides; }',
          'export function m(method: { methodMemberBad?(): void }, ...rest: [tupleGood?: number]): void { void method; void rest; }',
          'export function make(): { call(options?: { methodBad?: number }): void } { return { call: () => undefined }; }',
          'export class K { constructor(o: { constructorBad?: string }) { void o; } run(o: { methodOfClassBad?: string }): void { void o; } }',
          'export function ignored(callback: (x: { notAnInput?: string }) => void): void { void callback; }',
        ].join('\n'),
      );
      // Without the DOM's declarations, which the fixture does not need: a quicker program.
      const program = ts.createProgram([entry], { ...compilerOptions(), lib: ['lib.es2022.d.ts'], types: [] });
      const { checked, failing } = optionalPropertiesOf(program, [entry], (file) => file.startsWith(dir));
      expect(failing.map((f) => f.name.split('.').at(-1)).sort()).toEqual(['constructorBad', 'elementBad', 'mappedBad', 'methodBad', 'methodMemberBad', 'methodOfClassBad', 'nestedBad', 'unionBad']);
      expect(checked).toEqual(expect.arrayContaining(['Options.good', 'Options.anything', 'Inner.nestedGood', 'Overrides<{ mappedGood: number; }>.mappedGood']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds for every optional property of every public input of every entry point', () => {
    const entries = publicEntries();
    expect(entries.map((entry) => entry.slice(ROOT.length))).toEqual(['src/index.ts', 'src/simulator/index.ts', 'src/decimal/index.ts', 'src/bridge/index.ts', 'src/server/index.ts', 'src/journal/file/index.ts']);
    const program = ts.createProgram(entries, compilerOptions());
    const { checked, failing } = optionalPropertiesOf(program, entries, (file) => file.startsWith(join(ROOT, 'src')));
    expect(failing.map((f) => `${f.name} (${f.where.slice(ROOT.length)})`)).toEqual([]);
    // The walk reached the options it is meant for (and many more).
    expect(checked).toEqual(expect.arrayContaining(['ReduceOrdersOptions.seed', 'BalanceSnapshotsOptions.coalesce', 'ClientConfig.retry', 'RetryOptions.limit', 'UserDataStreamOptions.backoff', 'BackoffOptions.maxDelayMs', 'EmptySnapshotOptions.seedPending']));
    expect(checked.length).toBeGreaterThan(100);
  });
});
