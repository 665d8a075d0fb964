/**
 * The settings one call may override. The executor reads them, so they sit with it in
 * `src/http/`; the client's public shape (`src/client/types.ts`) re-exports them.
 *
 * @module
 */

/** Per-call settings that override the client's. */
export interface CallOptions {
  /** Receive window for this call, 1 to 60000 ms. Default: the client's `recvWindow`. */
  readonly recvWindow?: number | undefined;
  /** Timeout for each attempt of this call, in ms. Default: the client's `timeout`. */
  readonly timeout?: number | undefined;
  /**
   * Awaited for each attempt once the request budget has let it through and it is stamped, before
   * it is signed and sent, with the `timestamp` it carries (epoch ms by the client's clock). A
   * rejection fails the attempt with that error, and nothing is sent. For a write-ahead record of
   * a money-moving call: the transfer journal writes each send here, so the time it records is the
   * request's own. Default: none.
   */
  readonly beforeSend?: ((timestamp: number) => Promise<void> | void) | undefined;
}

/**
 * A `beforeSend` that runs `first`, then the caller's own `given` (a library helper's write-ahead
 * record, then the user's). Anything `given` that is not a function is returned as it is, for the
 * call's own check to refuse, so that nothing is recorded or sent.
 *
 * @example
 * ```ts
 * client.call(M6, params, { ...options, beforeSend: beforeSendAfter(journalSend, options.beforeSend) });
 * ```
 */
export function beforeSendAfter(first: (timestamp: number) => Promise<void>, given: CallOptions['beforeSend']): CallOptions['beforeSend'] {
  if (typeof given !== 'function' && given !== undefined) return given;
  return async (timestamp) => {
    await first(timestamp);
    await given?.(timestamp);
  };
}
