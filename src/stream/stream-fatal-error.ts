/**
 * The one error a user data stream ends with: it cannot go on without the user.
 *
 * @module
 */

import { MexcError } from '../errors.js';

/**
 * Thrown into the stream when it cannot go on without the user: the key source refused the
 * credentials, or a malformed frame arrived with `onMalformedFrame: 'error'`.
 *
 * @example
 * ```ts
 * userDataStream(client).subscribe({ error: (e) => { if (e instanceof StreamFatalError) askForNewCredentials(); } });
 * ```
 */
export class StreamFatalError extends MexcError {
  override readonly name = 'StreamFatalError' as const;
  constructor(message: string, options: { cause: Error }) {
    super(message, options);
  }
}
