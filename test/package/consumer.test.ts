/**
 * The package as a consumer gets it: built, packed with `npm pack`, installed from the tarball into
 * a fresh project, imported from ES modules, run as the `mexc-rx` command, and type-checked
 * against the published declarations. Slow (a build, an install, a type check): minutes at most.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as source from '../../src/index.js';
import { exec, execStatus } from './exec.js';
import { CONSUMER_CJS, CONSUMER_MJS, CONSUMER_TS } from './fixtures.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const SLOW_MS = 240_000;

interface PackResult {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

let work: string;
let app: string;
let packed: PackResult;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mexc-rx-consumer-'));
  app = join(work, 'app');
  await exec('npm', ['run', 'build'], ROOT);
  const pack = await exec('npm', ['pack', '--json', '--pack-destination', work], ROOT);
  const [result] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as PackResult[];
  if (result === undefined) throw new Error('npm pack printed no result');
  packed = result;
  await exec('mkdir', ['-p', app], work);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await exec('npm', ['install', join(work, packed.filename), '--no-audit', '--no-fund', '--prefer-offline'], app);
  await writeFile(join(app, 'consumer.mjs'), CONSUMER_MJS);
  await writeFile(join(app, 'consumer.cjs'), CONSUMER_CJS);
  await writeFile(join(app, 'consumer.ts'), CONSUMER_TS);
}, SLOW_MS);

afterAll(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('the published package', () => {
  it('holds only the build, package.json and README (no sources, tests or scripts)', () => {
    const paths = packed.files.map((f) => f.path);
    for (const path of paths) expect(path).toMatch(/^(dist\/.+|package\.json|README\.md|LICENSE)$/);
    expect(paths).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/simulator/index.js', 'dist/simulator/index.d.ts', 'dist/cli/main.js']));
    expect(paths.filter((p) => /(^|\/)(src|test|\.ci|scripts|bench|node_modules)\//.test(p) || /\.test\.|\.tsbuildinfo$|\.tgz$/.test(p))).toEqual([]);
  });

  it('is ESM-only: an exports map with types first, and no CommonJS entry', async () => {
    const manifest = JSON.parse(await readFile(join(app, 'node_modules', 'mexc-rx', 'package.json'), 'utf8')) as {
      type: string;
      exports: Record<string, Record<string, string> | string>;
    };
    expect(manifest.type).toBe('module');
    for (const entry of ['.', './simulator']) {
      expect(Object.keys(manifest.exports[entry] as Record<string, string>)).toEqual(['types', 'import']);
    }
    const cjs = await exec('node', ['consumer.cjs'], app);
    expect(JSON.parse(cjs.stdout)).toEqual({ required: false, code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
  });

  it('imports from ES modules and runs operations and a stream against its simulator', async () => {
    const { stdout } = await exec('node', ['consumer.mjs'], app, 60_000);
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen).toEqual({
      exports: Object.keys(source).sort(),
      created: { subAccount: 'consumer01', note: 'from the tarball' },
      listed: ['consumer01'],
      invalid: { name: 'ValidationError', isMexcError: true, issues: [{ field: 'limit', rule: 'integer from 1 to 200' }] },
      order: { side: 'BUY', price: '30000', status: 'NEW' },
      deepImport: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    });
    for (const row of source.endpointTable) expect(seen['exports']).toContain(row.name);
  }, 90_000);

  it('installs the mexc-rx command', async () => {
    const bin = join(app, 'node_modules', '.bin', 'mexc-rx');
    const help = await exec(bin, ['--help'], app);
    expect(help.stdout).toMatch(/^Usage: mexc-rx <command>/);
    // Read from the installed package's own package.json, two folders above dist/cli.
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await exec(bin, ['--version'], app)).stdout).toBe(`${version}\n`);
    const call = await exec(bin, ['call', 'listSubAccounts', '--sim', '--limit', '5'], app, 60_000);
    expect(JSON.parse(call.stdout)).toEqual({ items: [] });
    const invalid = await execStatus(bin, ['call', 'M2', '--sim', '--limit', '0'], app);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('limit: integer from 1 to 200');
  }, 90_000);

  it('type-checks a strict NodeNext TypeScript program against the published declarations', async () => {
    const result = await execStatus(
      TSC,
      ['--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--strict', '--exactOptionalPropertyTypes', '--typeRoots', join(ROOT, 'node_modules', '@types'), '--types', 'node', 'consumer.ts'],
      app,
    );
    expect({ code: result.code, out: result.stdout }).toEqual({ code: 0, out: '' });
  }, SLOW_MS);
});
