/**
 * The README's install from a clone on this machine, as a user types it: the command is read from
 * the README's "Installing" block, with the clone's path put in. Installed that way, the project
 * holds one rxjs (the library's Observables are instances of the project's `Observable`), and the
 * clone is left as it was: nothing built or installed in it. The plain folder install
 * (`npm install /path/to/a/clone`), which would link the clone and load its own rxjs, is refused
 * before it touches the clone, with the command that works. Slow: npm installs the build's tools
 * in its own copy of the clone and builds there (a minute or two).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedCopies } from './copies.js';
import { exec, execStatus } from './exec.js';
import { freshClone } from './fresh-clone.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SLOW_MS = 300_000;
const PLACEHOLDER = '/path/to/a/clone';

/** The README's folder install: the line of its Installing block that names a clone's path. */
async function readmeFolderInstall(): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const block = /## Installing\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const line = block.split('\n').find((l) => l.includes(PLACEHOLDER));
  if (line === undefined) throw new Error(`README.md: no install line with ${PLACEHOLDER} in the Installing block`);
  return line.replace(/#.*$/, '').trim().split(/\s+/);
}

/** A program run in the project: the library's Observable checked against the project's rxjs. */
const CHECK_MJS = `
import { Observable } from 'rxjs';
import { createClient, listSubAccounts } from 'mexc-rx';
import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';
const client = createClient({ apiKey: 'k', secretKey: 's', baseUrl: 'http://127.0.0.1:9' });
const library = realpathSync('node_modules/mexc-rx/package.json');
console.log(JSON.stringify({
  instanceOfObservable: listSubAccounts(client) instanceof Observable,
  rxjsOfLibrary: createRequire(library).resolve('rxjs/package.json'),
  rxjsOfProject: createRequire(import.meta.url).resolve('rxjs/package.json'),
}));
await client.close();
`;

/** Every path in `dir` (recursively) with its modification time: what "left as it was" compares. */
function snapshot(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true })
    .filter((entry) => !(under === '' && entry.name === '.git'))
    .flatMap((entry) => {
      const path = join(under, entry.name);
      const line = `${path} ${statSync(join(dir, path)).mtimeMs}`;
      return entry.isDirectory() ? [line, ...snapshot(dir, path)] : [line];
    });
}

async function project(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  return dir;
}

let work: string;
let clone: string;
let before: string[];
let refused: Awaited<ReturnType<typeof execStatus>>;
let refusedApp: string;
let app: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'mexc-rx-folder-'));
  clone = join(work, 'clone');
  await freshClone(ROOT, clone);
  // A built clone's dist/ (git ignores it): an install must not rewrite it.
  await mkdir(join(clone, 'dist'));
  await writeFile(join(clone, 'dist', 'marker.txt'), 'built before the installs\n');
  before = snapshot(clone);
  refusedApp = await project(join(work, 'linked'));
  refused = await execStatus('npm', ['install', clone, 'rxjs', '--no-audit', '--no-fund', '--prefer-offline'], refusedApp);
  app = await project(join(work, 'app'));
  const [command = 'npm', ...args] = (await readmeFolderInstall()).map((word) => word.replace(PLACEHOLDER, clone));
  await exec(command, [...args, '--no-audit', '--no-fund', '--prefer-offline'], app, SLOW_MS);
  await writeFile(join(app, 'check.mjs'), CHECK_MJS);
}, 2 * SLOW_MS);

afterAll(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe("the README's install from a clone", () => {
  it('is an install of the clone through git, not of its folder', async () => {
    const words = await readmeFolderInstall();
    expect(words.slice(0, 2)).toEqual(['npm', 'install']);
    expect(words).toContain(`git+file://${PLACEHOLDER}`);
    expect(words).toContain('rxjs');
  });

  it("gives the project one rxjs, whose Observable the library's Observables are instances of", async () => {
    const { stdout } = await exec('node', ['check.mjs'], app);
    const seen = JSON.parse(stdout) as { instanceOfObservable: boolean; rxjsOfLibrary: string; rxjsOfProject: string };
    expect(seen.instanceOfObservable).toBe(true);
    expect(seen.rxjsOfLibrary).toBe(seen.rxjsOfProject);
    expect(seen.rxjsOfProject).toBe(join(app, 'node_modules', 'rxjs', 'package.json'));
    expect(installedCopies(app, 'rxjs')).toEqual(['node_modules/rxjs']);
    expect(lstatSync(join(app, 'node_modules', 'mexc-rx')).isSymbolicLink()).toBe(false);
  });

  it('leaves the clone as it was: its dist/ not rewritten, nothing installed in it', () => {
    expect(snapshot(clone)).toEqual(before);
  });
});

describe('the plain folder install', () => {
  it('is refused with the command that works, and adds nothing to the project', async () => {
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`npm install git+file://${clone} rxjs`);
    expect(refused.stderr).toContain("folder's own rxjs");
    const manifest = JSON.parse(await readFile(join(refusedApp, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['dependencies']).toBeUndefined();
  });
});
