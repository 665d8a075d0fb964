/**
 * A request's body read with a bound: a declared length past it is refused before reading, a body
 * that runs past it is cancelled there; bytes that are not UTF-8 are refused. What a handler takes
 * is small (a listen key), so an endless or huge body costs the server nothing.
 *
 * @module
 */

/** What reading gave: the text, or why there is none. */
export type BodyText = { readonly text: string } | { readonly refused: 'too-large' | 'not-utf8' };

function declaredTooLarge(request: Request, maxBytes: number): boolean {
  const declared = request.headers.get('content-length');
  return declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes;
}

/**
 * Reads `request`'s body as UTF-8 text, at most `maxBytes` of it.
 *
 * @example
 * ```ts
 * const body = await readBoundedText(request, 1024);
 * if ('refused' in body) return refusal(body.refused === 'too-large' ? 'body-too-large' : 'bad-request', 'the body is not small UTF-8 text');
 * ```
 */
export async function readBoundedText(request: Request, maxBytes: number): Promise<BodyText> {
  if (declaredTooLarge(request, maxBytes)) return { refused: 'too-large' };
  if (request.body === null) return { text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { refused: 'too-large' };
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(whole) };
  } catch {
    return { refused: 'not-utf8' };
  }
}
