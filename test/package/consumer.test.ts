/**
 * The package as a consumer gets it, starting from a fresh clone with no `dist/` and no
 * `node_modules/`: installed from the clone's git URL, and packed with `npm pack` (a folder install is
 * refused: folder-install.test.ts). Each install goes into an empty project, is imported from ES modules (the
 * root entry, `mexc-rx/simulator`, `mexc-rx/server`'s broker, `mexc-rx/nats` against a real nats-server) and run as the
 * `mexc-rx` command. The two installs hold the same files byte for byte, and the declarations are
 * type-checked once. Slow (the git install and `npm pack` each install the build's tools and
 * build): two minutes or so.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as source from '../../src/index.js';
import { startNatsServer, type NatsServer } from '../bridge/nats-server.js';
import { installedCopies } from './copies.js';
import { exec, execStatus } from './exec.js';
import { CONSUMER_CJS, CONSUMER_MJS, CONSUMER_NATS_MJS, CONSUMER_NATS_TS, CONSUMER_TS } from './fixtures.js';
import { freshClone } from './fresh-clone.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const SLOW_MS = 300_000;

interface PackResult {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

/**
 * What a consumer's project lists beside mexc-rx: rxjs (its programs use Observables themselves),
 * at the oldest version the peer range allows (older than the one this project develops with, so
 * that a second copy would show), and the NATS clients the bridge needs, at the versions this
 * project tests with.
 */
async function companions(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  const oldestRxjs = /^\^(\d+\.\d+\.\d+)$/.exec(manifest.peerDependencies['rxjs'] ?? '')?.[1];
  if (oldestRxjs === undefined) throw new Error('package.json: rxjs is not a peer dependency of the form ^x.y.z');
  const nats = ['@nats-io/jetstream', '@nats-io/nats-core', '@nats-io/transport-node'].map((name) => `${name}@${manifest.devDependencies[name] ?? 'latest'}`);
  return [`rxjs@${oldestRxjs}`, ...nats];
}

function typeCheck(app: string, file: string, strictOptional: boolean): ReturnType<typeof execStatus> {
  const flags = ['--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--strict'];
  if (strictOptional) flags.push('--exactOptionalPropertyTypes');
  return execStatus(TSC, [...flags, '--typeRoots', join(ROOT, 'node_modules', '@types'), '--types', 'node', file], app);
}

/** A new empty project with the consumer programs, and `spec` (plus the NATS clients) installed. */
async function consumerApp(dir: string, spec: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await exec('npm', ['install', spec, ...(await companions()), '--no-audit', '--no-fund', '--prefer-offline'], dir, SLOW_MS);
  await writeFile(join(dir, 'consumer.mjs'), CONSUMER_MJS);
  await writeFile(join(dir, 'consumer-nats.mjs'), CONSUMER_NATS_MJS);
  await writeFile(join(dir, 'consumer.cjs'), CONSUMER_CJS);
  await writeFile(join(dir, 'consumer.ts'), CONSUMER_TS);
  await writeFile(join(dir, 'consumer-nats.ts'), CONSUMER_NATS_TS);
  return dir;
}

let work: string;
let nats: NatsServer;
let packed: PackResult;
let cloneHadBuild: boolean;
const apps = new Map<string, string>();

beforeAll(async () => {
  nats = await startNatsServer();
  process.env['NATS_URL'] = nats.url;
  work = await mkdtemp(join(tmpdir(), 'mexc-rx-consumer-'));
  const clone = join(work, 'clone');
  await freshClone(ROOT, clone);
  cloneHadBuild = existsSync(join(clone, 'dist')) || existsSync(join(clone, 'node_modules'));
  // Two chains side by side, each mostly waiting on npm and one single-threaded tsc build. The git
  // URL route: npm clones the clone's history and installs and builds in its own copy. The
  // tarball: `npm pack` meets the clone fresh, so the build's own install of its tools
  // (tools/prepare.mjs) runs first (the two installs are compared byte for byte below). Neither
  // touches the clone's history, which is all the git route reads.
  const tarballApp = async (): Promise<string> => {
    const pack = await exec('npm', ['pack', '--json', '--pack-destination', work], clone, SLOW_MS);
    const [result] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as PackResult[];
    if (result === undefined) throw new Error('npm pack printed no result');
    packed = result;
    return consumerApp(join(work, 'from-tarball'), join(work, packed.filename));
  };
  const [git, tarball] = await Promise.all([consumerApp(join(work, 'from-git'), `git+file://${clone}`), tarballApp()]);
  apps.set('npm pack', tarball);
  apps.set('git URL', git);
}, 3 * SLOW_MS);

afterAll(async () => {
  await nats?.stop();
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('the tarball npm pack makes', () => {
  it('comes from a clone that had nothing built before the installs', () => {
    expect(cloneHadBuild).toBe(false);
  });

  it('holds the build, package.json, README and LICENSE, and no source map pointing at unshipped sources', () => {
    const paths = packed.files.map((f) => f.path);
    for (const path of paths) expect(path).toMatch(/^(dist\/.+|package\.json|README\.md|LICENSE)$/);
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json', 'README.md', 'LICENSE',
        'dist/index.js', 'dist/index.d.ts', 'dist/simulator/index.js', 'dist/simulator/index.d.ts',
        'dist/bridge/index.js', 'dist/bridge/index.d.ts', 'dist/decimal/index.js', 'dist/decimal/index.d.ts', 'dist/cli/main.js',
        'dist/server/index.js', 'dist/server/index.d.ts',
        'dist/node/index.js', 'dist/node/simulator/index.js', 'dist/node/bridge/index.js', 'dist/node/decimal/index.js', 'dist/node/server/index.js', 'dist/node/journal/file/index.js',
      ]),
    );
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(paths.filter((p) => /(^|\/)(src|test|\.ci|tools|bench|node_modules)\//.test(p) || /\.test\.|\.tsbuildinfo$|\.tgz$/.test(p))).toEqual([]);
  });
});

describe('the two installs', () => {
  it('hold the same files as the tarball, byte for byte', async () => {
    const contents = async (route: string): Promise<Map<string, string>> => {
      const root = join(apps.get(route) ?? '', 'node_modules', 'mexc-rx');
      const files = new Map<string, string>();
      for (const { path } of packed.files) files.set(path, createHash('sha256').update(await readFile(join(root, path))).digest('hex'));
      return files;
    };
    const tarball = await contents('npm pack');
    expect(tarball.size).toBeGreaterThan(100);
    expect(await contents('git URL')).toEqual(tarball);
  });

  // The declarations are the same bytes in every install (above), so one install's type-check
  // speaks for both; the compiler is the slowest step of this suite.
  it('type-check strict NodeNext TypeScript programs against the published declarations', async () => {
    const app = apps.get('npm pack') ?? '';
    // Two compilers at once: each is single-threaded and the machine has two cores.
    const [core, bridge] = await Promise.all([typeCheck(app, 'consumer.ts', true), typeCheck(app, 'consumer-nats.ts', false)]);
    expect({ code: core.code, out: core.stdout }).toEqual({ code: 0, out: '' });
    expect({ code: bridge.code, out: bridge.stdout }).toEqual({ code: 0, out: '' });
  }, SLOW_MS);
});

describe.each(['npm pack', 'git URL'])('the package installed from its %s', (route) => {
  const app = (): string => apps.get(route) ?? '';

  it('is ESM-only: an exports map with types first, and no CommonJS entry', async () => {
    const manifest = JSON.parse(await readFile(join(app(), 'node_modules', 'mexc-rx', 'package.json'), 'utf8')) as {
      type: string;
      exports: Record<string, Record<string, string> | string>;
    };
    expect(manifest.type).toBe('module');
    const entries = Object.keys(manifest.exports).filter((entry) => entry !== './package.json');
    expect(entries).toEqual(expect.arrayContaining(['.', './simulator', './decimal', './nats', './server']));
    // Types first; Node takes its bundle (dist/node), every other runtime and bundler the modules.
    for (const entry of entries) expect(Object.keys(manifest.exports[entry] as Record<string, string>)).toEqual(['types', 'node', 'import']);
    const cjs = await exec('node', ['consumer.cjs'], app());
    // No CommonJS build: require() gets the ES module itself, the very namespace import() gets
    // (Node's require of an ES module, on by default from 20.19 and 22.12), or is refused on a
    // Node without it; never a second copy of the library.
    const required = JSON.parse(cjs.stdout) as { required: boolean; sameModule?: boolean; esm?: boolean; code?: string };
    expect(required.required ? { sameModule: required.sameModule, esm: required.esm } : required.code).toEqual(required.required ? { sameModule: true, esm: true } : 'ERR_REQUIRE_ESM');
  });

  it('imports from ES modules and runs operations and a stream against its simulator, without @opentelemetry/api installed', async () => {
    expect(existsSync(join(app(), 'node_modules', '@opentelemetry', 'api'))).toBe(false);
    const { stdout } = await exec('node', ['consumer.mjs'], app(), 60_000);
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen).toEqual({
      exports: Object.keys(source).sort(),
      created: { subAccount: 'consumer01', note: 'from the tarball' },
      listed: ['consumer01'],
      invalid: { name: 'ValidationError', isMexcError: true, issues: [{ field: 'limit', rule: 'integer from 1 to 200' }] },
      order: { side: 'BUY', price: '30000', status: 'NEW' },
      deepImport: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
      metricsApi: 'ERR_MODULE_NOT_FOUND',
      decimal: '0.3',
      server: { status: 201, heldByBroker: true, validAfterClose: false },
    });
    for (const row of source.endpointTable) expect(seen['exports']).toContain(row.name);
  }, 90_000);

  it('publishes to and consumes from a real JetStream through mexc-rx/nats', async () => {
    const name = `CONSUMER_${route.replace(/\W/g, '_').toUpperCase()}`;
    const { stdout } = await exec('node', ['consumer-nats.mjs', name], app(), 60_000);
    expect(JSON.parse(stdout)).toEqual({ subject: `${name.toLowerCase()}.consumer01.account`, account: 'consumer01', free: '12.5' });
  }, 90_000);

  it("shares the project's own rxjs: one copy in the tree, which npm ls finds valid", async () => {
    const project = JSON.parse(await readFile(join(app(), 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const rxjs = JSON.parse(await readFile(join(app(), 'node_modules', 'rxjs', 'package.json'), 'utf8')) as { version: string };
    expect(installedCopies(app(), 'rxjs')).toEqual(['node_modules/rxjs']);
    expect(`^${rxjs.version}`).toBe(project.dependencies['rxjs']);
    const listed = await execStatus('npm', ['ls', 'rxjs', '--all', '--json'], app());
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ dependencies: { rxjs: { version: rxjs.version }, 'mexc-rx': {} } });
  });

  it('installs the mexc-rx command', async () => {
    const bin = join(app(), 'node_modules', '.bin', 'mexc-rx');
    const help = await exec(bin, ['--help'], app());
    expect(help.stdout).toMatch(/^Usage: mexc-rx <command>/);
    // Read from the installed package's own package.json, two folders above dist/cli.
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await exec(bin, ['--version'], app())).stdout).toBe(`${version}\n`);
    const call = await exec(bin, ['call', 'listSubAccounts', '--sim', '--limit', '5'], app(), 60_000);
    expect(JSON.parse(call.stdout)).toEqual({ items: [] });
    const invalid = await execStatus(bin, ['call', 'M2', '--sim', '--limit', '0'], app());
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('limit: integer from 1 to 200');
  }, 90_000);
});
