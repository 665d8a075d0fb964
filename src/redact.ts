/**
 * Removes secrets from text that leaves the library (error messages, diagnostics, logs).
 *
 * @module
 */

/** Replaces every occurrence of the given secrets in a text. */
export type Redactor = (text: string) => string;

/** What stands in for a secret in any text the library produces. */
export const REDACTED = '[redacted]';

/**
 * The userinfo of any URL in a text (`https://user:password@host` and its percent-encoded forms),
 * up to the last `@` before the host ends: a password in a base URL or a proxy's URL.
 */
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*(?:@[^/?#\s@]*)*@/gi;

/**
 * Removes the userinfo (`user:password@`) of every URL in a text.
 *
 * @example
 * ```ts
 * withoutUserinfo('connect failed: http://me:hunter2@proxy:8080/'); // 'connect failed: http://[redacted]@proxy:8080/'
 * ```
 */
export function withoutUserinfo(text: string): string {
  return text.includes('@') ? text.replace(URL_USERINFO, `$1${REDACTED}@`) : text;
}

/**
 * Makes a {@link Redactor} for a fixed set of secrets plus anything that looks like a
 * `signature=` query value or a URL's userinfo (`user:password@`). Secrets shorter than 4
 * characters are ignored (they would mangle text).
 *
 * @example
 * ```ts
 * const redact = redactor(['my-api-key']);
 * redact('key my-api-key refused'); // 'key [redacted] refused'
 * ```
 */
export function redactor(secrets: readonly (string | undefined)[]): Redactor {
  const words = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
  return (text) => {
    let out = withoutUserinfo(text).replace(/(signature=)[^&\s"']*/gi, `$1${REDACTED}`);
    for (const w of words) out = out.split(w).join(REDACTED);
    return out;
  };
}

/**
 * Copies an error from outside the library (a custom fetch, a socket) into a plain `Error` whose
 * name and message have the secrets removed, dropping everything else it carried (a request object
 * with headers, a URL with a signature).
 */
export function redactedCopy(error: unknown, redact: Redactor): Error {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const inner = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const copy = new Error(redact(message + inner));
  copy.name = redact(name);
  return copy;
}

/**
 * Masks a listen key for display: its first and last four characters.
 *
 * @example
 * ```ts
 * maskListenKey('pqia91ma19a5s61cv6a81va65sdf19v8a65a1a5s61cv6a81va65sdf19v8a65a1'); // 'pqia…65a1'
 * ```
 */
export function maskListenKey(key: string): string {
  return key.length <= 12 ? '…' : `${key.slice(0, 4)}…${key.slice(-4)}`;
}
