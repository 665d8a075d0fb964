// Builds dist/ wherever the package is installed from source. npm runs `prepare` after `npm install`
// in a clone, before `npm pack`, and when it installs the package from a git URL or a folder. A git
// install has the development dependencies already; a folder install and `npm pack` in a fresh
// clone may not, so they are installed from the lockfile first (without running anyone's install
// scripts). Plain JavaScript with no dependency, since it may run before any are installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 2, 2], env: childEnv() });
  if (result.error !== undefined || result.status !== 0) {
    console.error(`mexc-rx prepare: \`${[command, ...args].join(' ')}\` failed`);
    process.exit(result.status ?? 1);
  }
}

// The installing npm passes its settings down as npm_config_* variables; those that would turn the
// dependency install below into something else (global, production-only, another prefix) are dropped.
function childEnv() {
  const env = { ...process.env };
  for (const name of ['npm_config_global', 'npm_config_location', 'npm_config_prefix', 'npm_config_omit', 'npm_config_only', 'npm_config_production', 'npm_config_install_links', 'npm_config_json']) {
    delete env[name];
  }
  return env;
}

if (!existsSync(`${root}/node_modules/typescript/package.json`)) {
  const install = existsSync(`${root}/package-lock.json`) ? 'ci' : 'install';
  run(npm, [install, '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund']);
}
run(npm, ['run', '--silent', 'build']);
