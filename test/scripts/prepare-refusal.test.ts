/**
 * `prepare`'s guard against a folder install, run as npm runs it: npm names the project it
 * installs into in `npm_config_local_prefix`, so a folder installed into another project sees that
 * project there. The guard refuses it before anything is built or installed in the folder, and says
 * the install that gives one rxjs (through git). The full install is `test/package/folder-install`.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = realpathSync(fileURLToPath(new URL('../..', import.meta.url)));
const PREPARE = join(ROOT, 'tools', 'prepare.mjs');

/** `prepare` with npm's variables as an install into `project` sets them (no other npm_ variable). */
function prepareFor(project: string, cache: string): { status: number | null; stderr: string } {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('npm_')) env[name] = value;
  const result = spawnSync(process.execPath, [PREPARE], {
    cwd: ROOT,
    env: { ...env, npm_config_local_prefix: project, npm_config_cache: cache },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr };
}

function distTime(): number | undefined {
  try {
    return statSync(join(ROOT, 'dist')).mtimeMs;
  } catch {
    return undefined;
  }
}

describe('prepare, when another project installs this folder', () => {
  it('refuses before touching the folder, and names the git install that keeps one rxjs', () => {
    const project = mkdtempSync(join(tmpdir(), 'mexc-rx-project-'));
    try {
      const before = distTime();
      const { status, stderr } = prepareFor(project, join(tmpdir(), 'npm-cache-elsewhere'));
      expect(status).toBe(1);
      expect(stderr).toContain(`not installed from the folder ${ROOT} into ${project}`);
      expect(stderr).toContain(`npm install git+file://${ROOT} rxjs`);
      expect(stderr).toContain('npm pack');
      expect(distTime()).toBe(before);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("does not refuse npm's own copy under its cache (a git install), nor the folder installing itself", () => {
    // Both go on to build, so only the decision is checked: the refusal's words are absent. A
    // build is slow, so the run is cut short once the guard has passed (a missing npm is enough).
    const noNpm = { ...process.env, PATH: '' };
    for (const [project, cache] of [
      [ROOT, join(tmpdir(), 'npm-cache-elsewhere')],
      [join(tmpdir(), 'some-project'), join(ROOT, '..')],
    ] as const) {
      const result = spawnSync(process.execPath, [PREPARE], {
        cwd: ROOT,
        env: { ...noNpm, npm_config_local_prefix: project, npm_config_cache: cache },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.stderr).not.toContain('not installed from the folder');
      expect(result.stderr).toContain('mexc-rx prepare: `npm run --silent build` failed');
    }
  });
});
