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
}
