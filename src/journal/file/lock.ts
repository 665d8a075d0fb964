/**
 * One writer per journal file: a lock file beside it (`<path>.lock`), created exclusively
 * (`O_CREAT | O_EXCL`) with the holder's process id. A lock whose process is gone (it was killed)
 * is taken over and reported; one held by a live process, this one included, is refused.
 *
 * @module
 */
import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { JournalLockedError } from '../errors.js';

/** A lock held. */
export interface JournalLock {
  readonly lockPath: string;
  /** The process whose stale lock was taken over, when there was one. */
  readonly tookOverFrom: number | undefined;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function create(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function holder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of journal `path`, or throws {@link JournalLockedError}.
 *
 * @example
 * ```ts
 * const lock = lockJournal('payouts.journal'); // payouts.journal.lock
 * lock.release();
 * ```
 */
export function lockJournal(path: string): JournalLock {
  const lockPath = `${path}.lock`;
  let tookOverFrom: number | undefined;
  if (!create(lockPath)) {
    const pid = holder(lockPath);
    // No pid (a lock being written this instant, or not ours) or a live holder: refused.
    if (pid === undefined || pid === process.pid || alive(pid)) throw new JournalLockedError({ path, lockPath, pid });
    // A dead holder's lock: moved aside atomically, so of two takers only one takes it over.
    const aside = `${lockPath}.stale-${process.pid}`;
    try {
      renameSync(lockPath, aside);
    } catch {
      throw new JournalLockedError({ path, lockPath, pid });
    }
    const moved = holder(aside);
    if (moved !== pid) {
      // Another taker's fresh lock was moved, not the stale one: put it back and give way.
      renameSync(aside, lockPath);
      throw new JournalLockedError({ path, lockPath, pid: moved });
    }
    unlinkSync(aside);
    if (!create(lockPath)) throw new JournalLockedError({ path, lockPath, pid: holder(lockPath) });
    tookOverFrom = pid;
  }
  let held = true;
  return {
    lockPath,
    tookOverFrom,
    release() {
      if (!held) return;
      held = false;
      try {
        if (holder(lockPath) === process.pid) unlinkSync(lockPath);
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}
