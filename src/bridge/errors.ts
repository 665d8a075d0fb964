/**
 * The bridge's error: publishing (or looking up what was published) failed for good, or the
 * publisher fell too far behind.
 *
 * @module
 */

import { MexcError } from '../errors.js';

/**
 * Publishing to JetStream failed after its retries, or the backlog outgrew its limit.
 *
 * @example
 * ```ts
 * events$.pipe(publishToJetStream(js, { worker: 'w0' })).subscribe({
 *   error: (e) => { if (e instanceof JetStreamPublishError) process.exit(1); },
 * });
 * ```
 */
export class JetStreamPublishError extends MexcError {
  override readonly name = 'JetStreamPublishError' as const;
  /** Publishing is no operation of the service. */
  readonly operation = undefined;
  /** No HTTP request: the failure is JetStream's (its cause). */
  readonly target = undefined;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
