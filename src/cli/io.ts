/**
 * What a command of the command line talks to: where it writes, which environment it reads, and
 * the signal that asks it to stop. The real process passes its own; tests pass collectors.
 *
 * @module
 */

/** The outside world of a command. */
export interface CliIo {
  /** Writes text to standard output (results, NDJSON events). */
  readonly stdout: (text: string) => void;
  /** Writes text to standard error (errors, progress notes). */
  readonly stderr: (text: string) => void;
  /** Environment variables (`MEXC_API_KEY`, `MEXC_SECRET_KEY`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted when the user asks the command to stop (Ctrl+C). Default: never. */
  readonly signal?: AbortSignal;
}

/** Exit codes of the command line. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The call or the stream failed (service error, network, refused credentials). */
  failed: 1,
  /** Bad command line: unknown command or option, invalid parameter, missing credentials. */
  usage: 2,
  /** A call was interrupted by Ctrl+C before it finished. */
  interrupted: 130,
} as const;

/**
 * Resolves when `signal` is aborted (never when it is `undefined`).
 *
 * @example
 * ```ts
 * await aborted(io.signal); // until Ctrl+C
 * ```
 */
export function aborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
