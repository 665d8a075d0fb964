/**
 * A fresh clone of the project for the package test: the files git tracks (plus new files git does
 * not ignore), as they are in the working tree, in a new repository with one commit, and nothing
 * else: no `dist/`, no `node_modules/`. What a user gets from `git clone`, including changes not
 * yet committed, so the test checks the code under test rather than the last commit.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { exec } from './exec.js';

const execFileAsync = promisify(execFile);

async function listedFiles(root: string): Promise<string[]> {
  const { stdout } = await execFileAsync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return [...new Set(stdout.split('\0').filter((path) => path !== ''))];
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Copies the project at `root` into the new folder `dest` as a one-commit repository.
 *
 * @example
 * ```ts
 * await freshClone(ROOT, join(work, 'clone'));
 * ```
 */
export async function freshClone(root: string, dest: string): Promise<void> {
  for (const path of await listedFiles(root)) {
    const from = join(root, path);
    if (!(await isFile(from))) continue; // deleted in the working tree
    await mkdir(dirname(join(dest, path)), { recursive: true });
    await copyFile(from, join(dest, path));
  }
  const git = (...args: string[]) => exec('git', ['-c', 'user.name=package-test', '-c', 'user.email=package-test@localhost', ...args], dest);
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'fresh clone for the package test');
}
