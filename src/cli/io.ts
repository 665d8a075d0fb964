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
  /** Environment variables (`MEXC_API_KEY`, `MEXC_SECRET_KEY`, `MEXC_BASE_URL`, `MEXC_WS_URL`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted when the user asks the command to stop (Ctrl+C). Default: never. */
  readonly signal?: AbortSignal;
  /**
   * Aborted when a reader has gone: standard output or standard error is a closed pipe (`| head`
   * has read enough). A stream then stops as on Ctrl+C and exits 0; `call` and the simulator just
   * print no more to it. A write may also throw an error with `code: 'EPIPE'` to say the same.
   * Default: never.
   */
  readonly outputClosed?: AbortSignal;
}

/** Exit codes of the command line; {@link EXIT_CODE_MEANINGS} says what each means. */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  unknownOutcome: 3,
  interrupted: 130,
} as const;

/** Each exit code and what it means, in words: the table of `mexc-rx --help` and of the docs. */
export const EXIT_CODE_MEANINGS: readonly (readonly [number, string])[] = [
  [EXIT.ok, 'done (a stream or the simulator stopped as asked, Ctrl+C included; a stream also when its pipe closes)'],
  [EXIT.failed, 'the call or stream failed: service error, network, refused keys'],
  [EXIT.usage, 'bad command line: unknown name, invalid parameter, no keys, mixed URLs'],
  [EXIT.unknownOutcome, "a money-moving call's outcome is unknown: look before repeating it"],
  [EXIT.interrupted, 'a call was interrupted by Ctrl+C (its request was aborted)'],
];

/**
 * The exit codes as help text, one line each.
 *
 * @example
 * ```ts
 * exitCodeHelp()[0]; // '  0    done: the result was printed, ...'
 * ```
 */
export function exitCodeHelp(): readonly string[] {
  return EXIT_CODE_MEANINGS.map(([code, meaning]) => `  ${String(code).padEnd(4)} ${meaning}`);
}

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
