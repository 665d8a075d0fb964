/**
 * `npm run test:all` makes sure of the system programs the full tier uses: found through an
 * override, the PATH or Debian's own paths; installed with apt-get as root or with passwordless
 * sudo; otherwise one message naming what to install and how, before jest starts. `npm test` (the
 * fast tier) looks for none of them.
 */
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findTool } from '../../tools/test/system-tools/find.js';
import { planSetup, type Machine } from '../../tools/test/system-tools/plan.js';
import { SYSTEM_TOOLS, type SystemTool } from '../../tools/test/system-tools/tools.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function tool(name: string): SystemTool {
  const found = SYSTEM_TOOLS.find((t) => t.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
}

const chromium = tool('Chromium');
const nats = tool('nats-server');
const machine = (over: Partial<Machine>): Machine => ({ hasAptGet: true, isRoot: false, hasPasswordlessSudo: false, ...over });

describe('planSetup', () => {
  it('does nothing when every tool is there', () => {
    expect(planSetup([], machine({}))).toEqual({ kind: 'ready' });
  });

  it('installs with apt-get directly as root, refreshing the package lists first', () => {
    expect(planSetup([chromium, nats], machine({ isRoot: true }))).toEqual({
      kind: 'install',
      packages: ['chromium', 'nats-server'],
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium', 'nats-server'],
      ],
    });
  });

  it('installs through sudo -n when sudo needs no password', () => {
    const plan = planSetup([nats], machine({ hasPasswordlessSudo: true }));
    expect(plan.kind === 'install' ? plan.commands : []).toEqual([
      ['sudo', '-n', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', 'nats-server'],
    ]);
  });

  it('stops with one message naming each missing program, the command and the overrides, when it may not install', () => {
    const plan = planSetup([chromium, nats], machine({}));
    expect(plan.kind).toBe('stop');
    const message = plan.kind === 'stop' ? plan.message : '';
    expect(message).toContain('sudo apt-get install -y chromium nats-server');
    expect(message).toContain('Chromium, for the browser example test');
    expect(message).toContain('nats-server, for the JetStream bridge tests');
    expect(message).toContain('CHROMIUM_PATH=/path/to/chromium NATS_SERVER_BIN=/path/to/nats-server npm run test:all');
  });

  it('names the Debian packages without apt-get commands on a machine that has no apt-get', () => {
    const plan = planSetup([nats], machine({ hasAptGet: false, isRoot: true }));
    expect(plan.kind).toBe('stop');
    const message = plan.kind === 'stop' ? plan.message : '';
    expect(message).toContain("your system's package manager");
    expect(message).not.toContain('sudo apt-get');
  });
});

describe('findTool', () => {
  const executables = (...paths: string[]) => (path: string) => paths.includes(path);

  it('takes the override when it names an executable', () => {
    expect(findTool(nats, { NATS_SERVER_BIN: '/opt/nats/nats-server', PATH: '/usr/bin' }, executables('/opt/nats/nats-server', '/usr/bin/nats-server'))).toEqual({
      found: true,
      path: '/opt/nats/nats-server',
    });
  });

  it('reports an override that names nothing, instead of quietly using another copy', () => {
    expect(findTool(nats, { NATS_SERVER_BIN: '/nope', PATH: '/usr/bin' }, executables('/usr/bin/nats-server'))).toEqual({ found: false, badOverride: '/nope' });
  });

  it('searches the PATH in order, then the fallback paths outside a user PATH', () => {
    expect(findTool(nats, { PATH: '/a:/b' }, executables('/a/nats-server', '/b/nats-server'))).toEqual({ found: true, path: '/a/nats-server' });
    expect(findTool(nats, { PATH: '/usr/local/bin:/usr/bin' }, executables('/usr/sbin/nats-server'))).toEqual({ found: true, path: '/usr/sbin/nats-server' });
    expect(findTool(chromium, { PATH: '/snap/bin' }, executables('/snap/bin/chromium-browser'))).toEqual({ found: true, path: '/snap/bin/chromium-browser' });
    expect(findTool(nats, { PATH: '/usr/bin' }, executables())).toEqual({ found: false });
  });
});

function runTests(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tools/test/run.ts', ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
    );
  });
}

describe('npm run test:all', () => {
  it('stops before jest starts, with the reason, when an override points at nothing', async () => {
    const result = await runTests(['--all', '--listTests'], { NATS_SERVER_BIN: '/nonexistent/nats-server' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('NATS_SERVER_BIN is set to /nonexistent/nats-server, which is not an executable file');
    expect(result.stdout).not.toContain('.test.ts');
  });
});

describe('npm test (the fast tier)', () => {
  it('looks for no system program: overrides that point at nothing do not stop it, and it lists no full-tier suite', async () => {
    const nowhere = { CHROMIUM_PATH: '/nonexistent/chromium', FIREFOX_PATH: '/nonexistent/firefox-esr', NATS_SERVER_BIN: '/nonexistent/nats-server', TMUX_BIN: '/nonexistent/tmux' };
    const result = await runTests(['--listTests', 'test/scripts/', 'test/browser/', 'test/package/'], nowhere);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('nonexistent');
    const listed = result.stdout.split('\n').filter((line) => line.endsWith('.test.ts')).map((line) => line.slice(ROOT.length));
    const scripts = readdirSync(`${ROOT}/test/scripts`).filter((name) => name.endsWith('.test.ts')).map((name) => `test/scripts/${name}`);
    expect(listed.sort()).toEqual(scripts.sort());
  });
});
