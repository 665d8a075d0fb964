/**
 * `npm test` and `npm run test:all` (docs/testing.md): jest on native ES modules, every argument
 * passed through (`npm test -- test/rest --json ...`).
 *
 *   npm test                 the fast tier (jest's `fast` project): Node and loopback only; it
 *                            looks for and installs nothing
 *   npm run test:all         both tiers (`--all` here): first makes sure of the system programs the
 *                            full tier uses (installing them with apt-get when it may, or stopping
 *                            at once with what to install), the runtimes it runs the library
 *                            on (Bun, Deno, workerd: npm packages in node_modules/.cache/runtimes/),
 *                            and a build of dist/ no older than the sources
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './runtimes/build.js';
import { ensureRuntimes, RuntimesMissing } from './runtimes/ensure.js';
import { ensureSystemTools, SystemToolsMissing } from './system-tools/ensure.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function toolEnvironment(): Record<string, string> {
  try {
    const log = (line: string): void => console.error(line);
    const tools = ensureSystemTools(process.env, log);
    const runtimes = ensureRuntimes(ROOT, process.env, log);
    ensureBuild(ROOT, log);
    return { ...tools, ...runtimes };
  } catch (error) {
    if (error instanceof SystemToolsMissing || error instanceof RuntimesMissing) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const args = process.argv.slice(2);
const all = args.includes('--all');
// Last: jest reads the words after `--selectProjects` as project names, paths given before it included.
const jestArgs = all ? args.filter((arg) => arg !== '--all') : [...args, '--selectProjects', 'fast'];
const tools = all ? toolEnvironment() : {};
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const child = spawn(process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...jestArgs], {
  stdio: 'inherit',
  env: { ...process.env, ...tools },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
