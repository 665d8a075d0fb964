/**
 * Records every unhandled rejection and uncaught exception of the process while a test runs, so
 * the test can fail on them with what happened.
 *
 * Jest runs a test file in a sandbox whose `process` is a copy: listeners added to it never hear
 * the real process's events. `vm.runInThisContext('process')` evaluates in the main context (the
 * `vm` module is Node's own, loaded outside the sandbox) and so reaches the real process.
 */
import { afterEach, beforeEach, expect } from '@jest/globals';
import { runInThisContext } from 'node:vm';

/** The process itself, outside Jest's sandbox. */
export const realProcess = runInThisContext('process') as NodeJS.Process;

/** What went unhandled, with its kind. */
export interface Unhandled {
  readonly kind: 'unhandledRejection' | 'uncaughtException';
  readonly error: unknown;
}

/**
 * Installs the listeners around every test of the calling file (Jest replaces the process's own
 * listeners when a file starts, so they are added per test) and fails a test after which anything
 * was recorded. Returns the live record.
 *
 * @example
 * ```ts
 * const unhandled = guardAgainstCrashes();
 * it('...', async () => { ...; expect(unhandled).toEqual([]); });
 * ```
 */
export function guardAgainstCrashes(): Unhandled[] {
  const recorded: Unhandled[] = [];
  const onRejection = (error: unknown): void => {
    recorded.push({ kind: 'unhandledRejection', error });
  };
  const onException = (error: unknown): void => {
    recorded.push({ kind: 'uncaughtException', error });
  };
  beforeEach(() => {
    recorded.length = 0;
    realProcess.on('unhandledRejection', onRejection);
    realProcess.on('uncaughtException', onException);
  });
  afterEach(() => {
    realProcess.off('unhandledRejection', onRejection);
    realProcess.off('uncaughtException', onException);
    expect(recorded.map((u) => `${u.kind}: ${String(u.error)}`)).toEqual([]);
  });
  return recorded;
}
