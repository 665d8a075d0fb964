/**
 * The two tiers of jest.config.js (docs/testing.md): together they are every suite under test/, each
 * in exactly one of them, as jest itself lists them; every entry of the full tier's list names
 * suites that exist; and no fast suite reaches, through its imports, a module that starts one of
 * the system programs `npm run test:all` makes sure of (`npm test` looks for none).
 */
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RUNTIMES } from '../../tools/test/runtimes/runtimes.js';
import { SYSTEM_TOOLS } from '../../tools/test/system-tools/tools.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const JEST = createRequire(import.meta.url).resolve('jest/bin/jest');

/** The project's paths of the suites jest finds in one project of jest.config.js. */
function listing(project: 'fast' | 'full'): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', JEST, '--listTests', '--json', '--selectProjects', project],
      { cwd: ROOT, timeout: 60_000 },
      (error, stdout) => {
        if (error !== null) reject(error);
        else resolve((JSON.parse(stdout) as string[]).map((path) => relative(ROOT, path)).sort());
      },
    );
  });
}

const listings = new Map<'fast' | 'full', Promise<string[]>>();

/** `listing(project)`, asked of jest once for the whole file. */
function listed(project: 'fast' | 'full'): Promise<string[]> {
  const known = listings.get(project) ?? listing(project);
  listings.set(project, known);
  return known;
}

/** Every file under `folder` (a path from the root) whose name passes `keep`. */
function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => keep(name))
    .map((name) => join(folder, name))
    .sort();
}

/** The test modules `file` imports by a relative path, as paths from the root. */
function relativeImports(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  return [...source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)]
    .map((match) => join(dirname(file), (match[1] ?? match[2] ?? '').replace(/\.js$/, '.ts')))
    .filter((path) => path.startsWith('test/') && existsSync(join(ROOT, path)));
}

/** `suite` and every test module it reaches through relative imports. */
function reached(suite: string): Set<string> {
  const seen = new Set<string>();
  const next = [suite];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...relativeImports(file));
  }
  return seen;
}

describe('the test tiers', () => {
  it('together are every suite under test/, each in exactly one tier', async () => {
    const [fast, full] = await Promise.all([listed('fast'), listed('full')]);
    const everySuite = filesUnder('test', (name) => name.endsWith('.test.ts'));
    expect(fast.filter((suite) => full.includes(suite))).toEqual([]);
    expect([...fast, ...full].sort()).toEqual(everySuite);
    // Both tiers hold suites (an empty one would pass the checks above).
    expect(fast.length).toBeGreaterThan(100);
    expect(full.length).toBeGreaterThan(5);
  }, 90_000);

  it('list in the full tier only folders and files that hold suites, each of them found there', async () => {
    const config = (await import(pathToFileURL(join(ROOT, 'jest.config.js')).href)) as { FULL_TIER: Record<string, string[]> };
    const full = await listed('full');
    for (const entry of Object.values(config.FULL_TIER).flat()) {
      const suites = entry.endsWith('/') ? filesUnder(entry, (name) => name.endsWith('.test.ts')) : existsSync(join(ROOT, entry)) ? [entry] : [];
      expect([entry, suites.length > 0]).toEqual([entry, true]);
      expect(suites.filter((suite) => !full.includes(suite))).toEqual([]);
    }
  }, 90_000);

  it('keep every module that starts a system program out of the fast tier', async () => {
    const starters = filesUnder('test', (name) => name.endsWith('.ts')).filter((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      return [...SYSTEM_TOOLS, ...RUNTIMES].some((tool) => source.includes(`'${tool.envVar}'`) || source.includes(`.${tool.envVar}`));
    });
    // The modules that start Chromium, Firefox, nats-server, tmux, Bun, Deno and workerd are found (a renamed variable would hide them).
    expect(starters).toEqual(
      expect.arrayContaining(['test/bridge/nats-server.ts', 'test/support/browsers/chromium.ts', 'test/support/browsers/firefox.ts', 'test/demo/tmux.ts', 'test/runtimes/harness/binaries.ts', 'test/runtimes/harness/workerd.ts']),
    );
    const fast = await listed('fast');
    const offending = fast.flatMap((suite) => [...reached(suite)].filter((file) => starters.includes(file)).map((file) => `${suite} -> ${file}`));
    expect(offending).toEqual([]);
  }, 90_000);
});
