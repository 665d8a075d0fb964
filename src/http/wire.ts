/**
 * What goes on the wire and what comes back, as every transport (ky, `fetch`, undici) and the
 * body reader see them: the lowest module of `src/http/`, so that `node-sender.ts` and `body.ts`
 * need not import `transport.ts`, which imports them.
 *
 * @module
 */

/** One request on the wire. */
export interface WireRequest {
  readonly method: string;
  /** Full URL including the signed query string. */
  readonly url: string;
  readonly body: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
}

/** What the library reads of a response: a `Response` has it all. */
export interface WireResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  /** `'opaqueredirect'`: a browser's answer to a redirect not followed, its status hidden (0). */
  readonly type?: string;
  /** Whether a redirect was followed to get it (a custom `fetch` may follow one it was told not to). */
  readonly redirected?: boolean;
  /** The body as a stream, read with a bound on its size (`body.ts`); without one, `text()` is. */
  readonly body?: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}
