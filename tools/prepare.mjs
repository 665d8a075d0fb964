// Builds dist/ wherever the package is installed from source. npm runs `prepare` after `npm install`
// in a clone, before `npm pack`, and when it installs the package from a git URL (in a copy of its
// own, under npm's cache) or a folder. A git install has the development dependencies already;
// `npm pack` in a fresh clone may not, so they are installed from the lockfile first (without
// running anyone's install scripts). A folder installed into another project is refused: npm links
// the folder there (or, with --install-links, packs it), runs this script in the folder itself, and
// the library would then load the folder's own rxjs, not the project's. Plain JavaScript with no
// dependency, since it may run before any are installed.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

function real(path) {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function within(path, folder) {
  const rel = relative(real(folder), real(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

// npm names the project it installs into in npm_config_local_prefix. That project is this folder
// when the folder installs or packs itself, and any project when npm installs its own copy of the
// package (a git install, under npm's cache); otherwise another project is installing this folder.
function installedIntoAnotherProject() {
  const project = process.env['npm_config_local_prefix'];
  if (project === undefined || project === '' || within(project, root)) return false;
  const cache = process.env['npm_config_cache'];
  return cache === undefined || cache === '' || !within(root, cache);
}

if (installedIntoAnotherProject()) {
  const gitUrl = `git+${pathToFileURL(real(root)).href.replace(/\/$/, '')}`;
  console.error(
    [
      `mexc-rx: not installed from the folder ${real(root)} into ${process.env['npm_config_local_prefix']}.`,
      'A folder install links the folder (or packs it) and builds in it: the library would load this',
      "folder's own rxjs rather than your project's (a second rxjs, whose Observables are not",
      "instances of your project's Observable), and every install of your project would rebuild this",
      "folder's dist/. Install the folder's committed state through git instead, which builds in a copy",
      'of its own and leaves this folder as it is:',
      '',
      `  npm install ${gitUrl} rxjs`,
      '',
      'To install changes not yet committed, run `npm pack` in this folder and install the .tgz it makes.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

if (!existsSync(`${root}/node_modules/typescript/package.json`)) {
  const install = existsSync(`${root}/package-lock.json`) ? 'ci' : 'install';
  run(npm, [install, '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund']);
}
run(npm, ['run', '--silent', 'build']);
