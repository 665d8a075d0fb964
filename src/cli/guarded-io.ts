/**
 * The one door every command of the command line writes through ({@link guardIo}, applied by
 * `main`): whatever a command prints, on standard output or standard error, has every known
 * secret redacted and every control character escaped, and a write into a closed pipe stops the
 * command instead of crashing it. No message can forget either rule: a usage error echoing a
 * typed word, a suggestion, a service's error message, an NDJSON event or a table.
 *
 * @module
 */
import { redactor, type Redactor } from '../redact.js';
import type { CliIo } from './io.js';
import { printableLines } from './printable.js';
import { CREDENTIAL_VARIABLES } from './session.js';
import { URL_VARIABLES } from './urls.js';

/** The password a URL carries (as written and decoded), if any. */
function urlPasswords(text: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return [];
  }
  if (parsed.password === '') return [];
  let decoded = parsed.password;
  try {
    decoded = decodeURIComponent(parsed.password);
  } catch {
    // A malformed escape: the text as written is what could be printed.
  }
  return [parsed.password, decoded];
}

/**
 * The secrets the command line knows and must never print: the keys in `MEXC_API_KEY` and
 * `MEXC_SECRET_KEY`, and the password of any URL given in `MEXC_BASE_URL`, `MEXC_WS_URL` or a
 * word of `argv` (`--base-url http://user:PASSWORD@host`, or `--base-url=...`), each also as it
 * reads inside JSON text.
 *
 * @example
 * ```ts
 * knownSecrets(['stream'], { MEXC_API_KEY: 'mx0vkey', MEXC_SECRET_KEY: 'secret' }); // ['mx0vkey', 'secret']
 * ```
 */
export function knownSecrets(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): readonly string[] {
  const keys = CREDENTIAL_VARIABLES.map((name) => env[name] ?? '');
  const urls = [env[URL_VARIABLES.base] ?? '', env[URL_VARIABLES.ws] ?? '', ...argv.map((word) => word.replace(/^--[\w-]+=/, ''))];
  const secrets = [...keys, ...urls.flatMap(urlPasswords)].filter((secret) => secret !== '');
  const inJson = secrets.map((secret) => JSON.stringify(secret).slice(1, -1));
  return [...new Set([...secrets, ...inJson])];
}

/**
 * Whether a write failed because its reader has gone: `EPIPE` (a closed pipe, a reader such as
 * `head` that has read enough) or a write to a stream already destroyed by such an error.
 *
 * @example
 * ```ts
 * isClosedOutput(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })); // true
 * ```
 */
export function isClosedOutput(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** A guarded writer: clean text; once its own stream is closed, nothing more, and `closed` is aborted. */
function guardedWriter(write: (text: string) => void, clean: (text: string) => string, closed: AbortController): (text: string) => void {
  let gone = false;
  return (text) => {
    if (gone) return;
    try {
      write(clean(text));
    } catch (error) {
      if (!isClosedOutput(error)) throw error;
      gone = true;
      closed.abort();
    }
  };
}

/**
 * Wraps `io` so that every write has `secrets` redacted (with the library's {@link redactor}, so
 * a `signature=` value goes too) and then control characters escaped line by line (the same
 * `printable` rule as `--format table`); and so that a write failing with `EPIPE`, or
 * `io.outputClosed` being aborted, aborts the returned `outputClosed`: a command stops quietly
 * when its reader has gone. Later writes to a stream found closed are dropped (the other one,
 * often the terminal, still shows how the command ended).
 *
 * @example
 * ```ts
 * const io = guardIo(processIo, knownSecrets(argv, process.env));
 * io.stderr(`unknown command: ${word}\n`); // the key, typed as a command, prints as [redacted]
 * ```
 */
export function guardIo(io: CliIo, secrets: readonly string[]): CliIo & { readonly outputClosed: AbortSignal } {
  const redact: Redactor = redactor(secrets);
  const clean = (text: string): string => printableLines(redact(text));
  const closed = new AbortController();
  if (io.outputClosed?.aborted) closed.abort();
  else io.outputClosed?.addEventListener('abort', () => closed.abort(), { once: true });
  return {
    stdout: guardedWriter(io.stdout, clean, closed),
    stderr: guardedWriter(io.stderr, clean, closed),
    env: io.env,
    ...(io.signal === undefined ? {} : { signal: io.signal }),
    outputClosed: closed.signal,
  };
}
