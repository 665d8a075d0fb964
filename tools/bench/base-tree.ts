/**
 * The base ref checked out beside the working tree: a detached `git worktree` in a temporary
 * directory, with the project's node_modules linked in (the base's dependencies are a subset of
 * today's), removed again by its owner, at most once.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A checked-out base ref. */
export interface BaseTree {
  /** The worktree's directory. */
  readonly dir: string;
  /** Removes the worktree and its temporary directory; later calls do nothing. */
  remove(): void;
}

const git = (cwd: string, args: readonly string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The commit `ref` names in the repository at `cwd`, or `undefined` when it names none.
 *
 * @example
 * ```ts
 * resolveCommit(process.cwd(), 'aa124d9'); // 'aa124d9…' (40 hex digits)
 * ```
 */
export function resolveCommit(cwd: string, ref: string): string | undefined {
  if (ref.startsWith('-')) return undefined;
  try {
    return git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    return undefined;
  }
}

/**
 * The top of the working tree at `cwd`.
 *
 * @example
 * ```ts
 * const root = repositoryRoot(process.cwd());
 * ```
 */
export function repositoryRoot(cwd: string): string {
  return git(cwd, ['rev-parse', '--show-toplevel']);
}

/**
 * Checks `commit` out in a detached worktree under the system's temporary directory, with
 * `root`'s node_modules linked in.
 *
 * @example
 * ```ts
 * const tree = checkoutBase(root, commit);
 * try { ... } finally { tree.remove(); }
 * ```
 */
export function checkoutBase(root: string, commit: string): BaseTree {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'mexc-rx-bench-base-'));
  const dir = path.join(temp, 'tree');
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    const link = path.join(dir, 'node_modules');
    // The link goes first, so nothing below removes what it points to.
    if (existsSync(link)) unlinkSync(link);
    try {
      git(root, ['worktree', 'remove', '--force', dir]);
    } catch {
      // Not (or no longer) a worktree: the directory goes below and prune forgets it.
    }
    rmSync(temp, { recursive: true, force: true });
    git(root, ['worktree', 'prune']);
  };
  try {
    git(root, ['worktree', 'add', '--detach', dir, commit]);
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/**
 * Replaces the base tree's `bench/` with the working tree's, so one measuring instrument times both
 * trees' `src/`.
 *
 * @example
 * ```ts
 * copyBench(root, tree.dir);
 * ```
 */
export function copyBench(root: string, dir: string): void {
  rmSync(path.join(dir, 'bench'), { recursive: true, force: true });
  cpSync(path.join(root, 'bench'), path.join(dir, 'bench'), { recursive: true });
}
