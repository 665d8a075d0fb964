/**
 * Reads a response body with a bound on its size: a hostile or broken server sending an endless or
 * huge body is refused once it passes the bound, without keeping more than the bound in memory.
 * The largest answer of this API (a page of 200 sub-accounts, of 100 transfers) is some tens of
 * kilobytes; the bound leaves a hundred times that.
 *
 * @module
 */
import type { WireResponse } from './wire.js';

/** The largest response body read, in bytes: 4 MiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A body passed {@link MAX_BODY_BYTES}; its reading stopped there. Its status and `Retry-After` still count. */
export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';

  constructor(
    /** The response's status. */
    readonly status: number,
    /** The response's `Retry-After`, as sent. */
    readonly retryAfter: string | null,
    limit: number,
  ) {
    super(`the body is longer than ${limit} bytes`);
  }
}

/** Whether a declared `Content-Length` is already past the bound (nothing need be read to know). */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return contentLength != null && /^\d+$/.test(contentLength.trim()) && Number(contentLength) > limit;
}

/** Reads a web stream to text, up to `limit` bytes; cancels it past that, or when `signal` aborts. */
async function readStream(response: WireResponse, stream: ReadableStream<Uint8Array>, limit: number, signal: AbortSignal): Promise<string> {
  const reader = stream.getReader();
  const stop = (): void => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    const decoder = new TextDecoder();
    let text = '';
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) return text + decoder.decode();
      bytes += value.byteLength;
      if (bytes > limit) {
        stop();
        throw new BodyTooLarge(response.status, response.headers.get('retry-after'), limit);
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/**
 * The body of `response` as text, read up to `limit` bytes: a web `Response`'s stream is read
 * chunk by chunk and cancelled past the bound (or when `signal` aborts); the Node sender's body
 * was bounded as it arrived (`node-sender.ts`).
 *
 * @throws BodyTooLarge past the bound.
 * @example
 * ```ts
 * const text = await boundedText(response, MAX_BODY_BYTES, controller.signal);
 * ```
 */
export async function boundedText(response: WireResponse, limit: number, signal: AbortSignal): Promise<string> {
  if (declaredTooLarge(response.headers.get('content-length'), limit)) {
    discardBody(response);
    throw new BodyTooLarge(response.status, response.headers.get('retry-after'), limit);
  }
  if (response.body === undefined) return response.text();
  return response.body === null ? '' : readStream(response, response.body, limit, signal);
}

/**
 * Lets go of a body that will not be read (a refused redirect, a body past the bound, an answer
 * that came after its call was given up), so its connection is not held.
 *
 * @example
 * ```ts
 * discardBody(response);
 * ```
 */
export function discardBody(response: WireResponse): void {
  if (response.body && !response.body.locked) response.body.cancel().catch(() => undefined);
}
