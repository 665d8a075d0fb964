/**
 * The error of a runtime the library cannot serve: one without a `fetch` to send with, a
 * `WebSocket` to stream with, or Web Crypto to sign with, where the user gave none of their own.
 * It is raised when the client or the stream is made, naming what is missing, rather than as a
 * network failure on every call or a stream that retries for ever.
 *
 * @module
 */
import { MexcError, type RequestTarget } from './error-context.js';

/** What a runtime may lack. */
export type RuntimeFeature = 'fetch' | 'WebSocket' | 'Web Crypto';

/** The option that gives the library its own of each missing part. */
const OPTION: Readonly<Record<RuntimeFeature, string>> = { fetch: 'createClient({ fetch })', WebSocket: 'userDataStream(client, { webSocketFactory })', 'Web Crypto': 'createClient({ sign })' };

/**
 * This runtime lacks a part the library needs and was given nothing in its place: no global
 * `fetch` (and, on Node, no undici), no global `WebSocket` (and, on Node, no `ws`), or no Web
 * Crypto `crypto.subtle` (and no Node `crypto`) to sign with. `missing` names it; the message says
 * what to pass instead.
 *
 * @example
 * ```ts
 * try {
 *   createClient({ apiKey, secretKey });
 * } catch (error) {
 *   if (error instanceof UnsupportedRuntimeError) console.error(error.missing); // 'Web Crypto'
 * }
 * ```
 */
export class UnsupportedRuntimeError extends MexcError {
  override readonly name = 'UnsupportedRuntimeError' as const;
  /** Where it was found missing: making a client, or a user data stream. */
  readonly operation: 'createClient' | 'userDataStream';
  readonly target: RequestTarget | undefined = undefined;
  /** The part this runtime lacks. */
  readonly missing: RuntimeFeature;

  constructor(args: { operation: 'createClient' | 'userDataStream'; missing: RuntimeFeature }) {
    super(`${args.operation}: this runtime has no ${args.missing}; give one: ${OPTION[args.missing]}`);
    this.operation = args.operation;
    this.missing = args.missing;
  }
}
