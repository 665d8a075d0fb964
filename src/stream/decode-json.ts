/**
 * Text frames -> results: JSON push frames of the JSON channels (`decode-json-push.ts`), JSON
 * control replies, and the plain text `Invalid listen key`.
 *
 * @module
 */
import { controlFromReply, controlFromText } from './control.js';
import { decodeJsonPush, isJsonObject } from './decode-json-push.js';
import { malformedFrame, type FrameResult } from './frame-result.js';

/**
 * Decodes one text frame. Never throws: text that is neither JSON nor a known control text, and
 * JSON that breaks a rule, give a `malformed` result; a push frame of another channel gives
 * `unknown`.
 *
 * @example
 * ```ts
 * decodeTextFrame('{"id":0,"code":0,"msg":"PONG"}');
 * // { kind: 'control', control: { type: 'pong', id: 0, code: 0, msg: 'PONG' } }
 * ```
 */
export function decodeTextFrame(text: string): FrameResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const control = controlFromText(text);
    return control === undefined ? malformedFrame('text: neither JSON nor a known control message') : { kind: 'control', control };
  }
  if (typeof value === 'string') {
    const control = controlFromText(value);
    if (control !== undefined) return { kind: 'control', control };
  }
  if (!isJsonObject(value)) return malformedFrame('json: expected an object');
  if ('channel' in value) return decodeJsonPush(value, text);
  const control = controlFromReply(value);
  return typeof control === 'string' ? malformedFrame(`json: ${control}`) : { kind: 'control', control };
}
