/**
 * The root entry is its groups (src/exports/, one module a group, as docs/architecture.md lists
 * them under "The public surface"), re-exported by name: every name a group offers is exported at
 * the root, the root exports nothing a group does not, and each group is named in the architecture.
 * Read with TypeScript's checker, so types count as values do.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GROUPS = join(ROOT, 'src', 'exports');
const groupFiles = readdirSync(GROUPS).filter((name) => name.endsWith('.ts')).sort();
const INDEX = join(ROOT, 'src', 'index.ts');

const program = ts.createProgram([INDEX, ...groupFiles.map((name) => join(GROUPS, name))], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
});
const checker = program.getTypeChecker();

/** The names the module `path` exports, sorted. */
function exportedNames(path: string): string[] {
  const file = program.getSourceFile(path);
  const module = file === undefined ? undefined : checker.getSymbolAtLocation(file);
  if (module === undefined) throw new Error(`${path}: not a module TypeScript read`);
  return checker.getExportsOfModule(module).map((symbol) => symbol.name).sort();
}

describe('the root entry', () => {
  const root = exportedNames(INDEX);

  it('exports every name of every group, and nothing else', () => {
    const grouped = groupFiles.flatMap((name) => exportedNames(join(GROUPS, name)));
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(root).toEqual([...grouped].sort());
    expect(root.length).toBeGreaterThan(300);
  });

  it('re-exports by name from its groups only: no `export *`, no module outside src/exports', () => {
    const text = readFileSync(INDEX, 'utf8');
    expect(text).not.toMatch(/export \*/);
    const sources = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const from of sources) expect(from).toMatch(/^\.\/exports\/[a-z-]+\.js$/);
    expect(new Set(sources.map((from) => from?.slice('./exports/'.length, -'.js'.length)))).toEqual(new Set(groupFiles.map((name) => name.slice(0, -3))));
  });

  it('names each group in docs/architecture.md', () => {
    const architecture = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    for (const name of groupFiles) expect(architecture).toContain(`src/exports/${name}`);
  });
});
