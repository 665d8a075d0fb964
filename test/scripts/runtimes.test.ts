/**
 * `npm run test:all` makes sure of the runtimes the full tier runs the library on
 * (tools/test/runtimes): a copy an override names, or the pinned version in
 * `node_modules/.cache/runtimes/`; a package of another version counts as missing; an override that
 * names nothing usable, or a platform the pinned packages are not built for, stops at once with
 * what to do. Nothing here installs anything: every case is decided before npm would run.
 */
import { describe, expect, it } from '@jest/globals';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureRuntimes, installedPath, RuntimesMissing } from '../../tools/test/runtimes/ensure.js';
import { RUNTIMES, RUNTIMES_PREFIX, type Runtime } from '../../tools/test/runtimes/runtimes.js';

const quiet = (): void => undefined;

function runtime(name: string): Runtime {
  const found = RUNTIMES.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no runtime ${name}`);
  return found;
}

/** A project root whose runtimes folder holds `runtime` at `version`. */
function rootWith(runtime: Runtime, version: string): string {
  const root = mkdtempSync(join(tmpdir(), 'mexc-rx-runtimes-'));
  const prefix = join(root, RUNTIMES_PREFIX);
  const binary = installedPath(prefix, runtime);
  mkdirSync(dirname(binary), { recursive: true });
  writeFileSync(binary, '#!/bin/sh\n');
  chmodSync(binary, 0o755);
  writeFileSync(join(prefix, 'node_modules', runtime.package, 'package.json'), JSON.stringify({ name: runtime.package, version }));
  return root;
}

const bun = runtime('Bun');

describe('ensureRuntimes', () => {
  it('pins every runtime to an exact version of a package that ships its binary', () => {
    expect(RUNTIMES.map((r) => r.package)).toEqual(['@oven/bun-linux-x64', '@deno/linux-x64-glibc', 'miniflare']);
    for (const r of RUNTIMES) expect(r.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(new Set(RUNTIMES.map((r) => r.envVar)).size).toBe(RUNTIMES.length);
  });

  it('finds the pinned version where the test command installs it, installing nothing', () => {
    const root = rootWith(bun, bun.version);
    try {
      expect(ensureRuntimes(root, {}, quiet, [bun], 'elsewhere-arm64')).toEqual({ [bun.envVar]: installedPath(join(root, RUNTIMES_PREFIX), bun) });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('counts another version as missing, and stops on a platform the packages are not built for, naming the override', () => {
    const root = rootWith(bun, '0.0.1');
    try {
      expect(() => ensureRuntimes(root, {}, quiet, [bun], 'darwin-arm64')).toThrow(RuntimesMissing);
      expect(() => ensureRuntimes(root, {}, quiet, [bun], 'darwin-arm64')).toThrow(`installs its runtimes for linux-x64 only, and this is darwin-arm64: point the tests at your own copies (${bun.envVar}=/path/to/Bun npm run test:all)`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('takes a usable override as it is, and refuses one that names nothing, saying which variable', () => {
    const root = rootWith(bun, bun.version);
    const binary = installedPath(join(root, RUNTIMES_PREFIX), bun);
    const empty = mkdtempSync(join(tmpdir(), 'mexc-rx-empty-'));
    try {
      expect(ensureRuntimes(empty, { [bun.envVar]: binary }, quiet, [bun], 'darwin-arm64')).toEqual({ [bun.envVar]: binary });
      expect(() => ensureRuntimes(root, { [bun.envVar]: join(root, 'no-such-bun') }, quiet, [bun])).toThrow(`${bun.envVar} is set to ${join(root, 'no-such-bun')}, which is not usable`);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
