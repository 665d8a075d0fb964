/**
 * `npm test`: makes sure the system programs the tests use are present (installing them with
 * apt-get when it may, or stopping at once with what to install), then runs jest on native ES
 * modules with every argument passed through (`npm test -- test/rest --json ...`).
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureSystemTools, SystemToolsMissing } from './system-tools/ensure.js';

function toolEnvironment(): Record<string, string> {
  try {
    return ensureSystemTools(process.env, (line) => console.error(line));
  } catch (error) {
    if (error instanceof SystemToolsMissing) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const tools = toolEnvironment();
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const child = spawn(process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...tools },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
