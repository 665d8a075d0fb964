/**
 * The one error a user data stream ends with: it cannot go on without the user.
 *
 * @module
 */

import { MexcError, type RequestTarget } from '../errors.js';

/**
 * Thrown into the stream when it cannot go on without the user: the key source refused the
 * credentials, or a malformed frame arrived with `onMalformedFrame: 'error'`. Its `operation` and
 * `target` are those of the refused call when the cause is one of the library's errors (the key
 * source's `L1`, a page's broker route), otherwise `stream` and `undefined`.
 *
 * @example
 * ```ts
 * userDataStream(client).subscribe({ error: (e) => { if (e instanceof StreamFatalError) askForNewCredentials(); } });
 * ```
 */
export class StreamFatalError extends MexcError {
  override readonly name = 'StreamFatalError' as const;
  /** The refused call's operation (e.g. `L1`), or `stream` for the stream itself. */
  readonly operation: string;
  /** Where the refused call went; `undefined` when no request failed (a frame refused). */
  readonly target: RequestTarget | undefined;

  constructor(message: string, options: { cause: Error }) {
    super(message, options);
    const { cause } = options;
    this.operation = (cause instanceof MexcError ? cause.operation : undefined) ?? 'stream';
    this.target = cause instanceof MexcError ? cause.target : undefined;
  }
}
