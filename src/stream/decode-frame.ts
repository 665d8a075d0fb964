/**
 * The single entry point of frame decoding: whatever a websocket delivers (a binary protobuf push
 * frame, or a text frame: JSON push, JSON control reply, `Invalid listen key`), one
 * {@link FrameResult}. It never throws.
 *
 * Which path runs for which frame (every fallback named):
 *
 * | Frame | Read by | Then |
 * |---|---|---|
 * | bytes in the canonical shape | `readPushWrapper` (`read-push-wrapper.ts`) | the kind's normalizer |
 * | any other bytes | fallback: the generated schema's `fromBinary` (`decode-protobuf.ts`) | the kind's normalizer, or `undecodable` |
 * | text, JSON object with `channel` | `JSON.parse` (`decode-json-push.ts`) | the kind's normalizer |
 * | the same, refused by the normalizer | fallback: exact numbers, the rule's io-ts codec (`json-spellings.ts`) | the normalizer again, or the codec's words |
 * | text, JSON object without `channel` | `controlFromReply` (`control.ts`) | a control reply |
 * | text that is not JSON | `controlFromText` (`control.ts`) | `Invalid listen key`, or malformed |
 *
 * The normalizers (`normalize-account.ts`, `normalize-deal.ts`, `normalize-order.ts`) hold each
 * field's rule once for both encodings (`field-rules.ts`).
 *
 * @module
 */
import { decodeTextFrame } from './decode-json.js';
import { decodeProtobufFrame } from './decode-protobuf.js';
import { malformedFrame, type FrameResult } from './frame-result.js';

/**
 * Decodes one websocket frame: bytes are a protobuf push frame, a string is a text frame (JSON or
 * plain text). Market events come out validated and normalized; control replies come out typed;
 * anything else is `malformed` (with a reason) or `unknown` (a well-formed frame of another
 * channel). It never throws, whatever the input.
 *
 * Pass text frames as strings: a websocket delivering text as bytes (Node `ws` with
 * `isBinary === false`) must decode them to a string first.
 *
 * @example
 * ```ts
 * socket.binaryType = 'arraybuffer';
 * socket.onmessage = ({ data }) => {
 *   const result = decodeFrame(data);
 *   if (result.kind === 'event') handle(result.event);
 *   else if (result.kind === 'control' && result.control.type === 'pong') markAlive();
 *   else if (result.kind === 'malformed') report(result.reason);
 * };
 * ```
 */
export function decodeFrame(data: Uint8Array | ArrayBuffer | string): FrameResult {
  if (typeof data === 'string') return decodeTextFrame(data);
  if (data instanceof Uint8Array) return decodeProtobufFrame(data);
  if (ArrayBuffer.isView(data)) return decodeProtobufFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  if (isArrayBuffer(data)) return decodeProtobufFrame(new Uint8Array(data));
  return malformedFrame('frame: expected bytes (Uint8Array, ArrayBuffer) or text');
}

/** Also true for buffers of another realm (an iframe, a vm context) and for SharedArrayBuffer. */
function isArrayBuffer(value: unknown): value is ArrayBufferLike {
  if (value instanceof ArrayBuffer) return true;
  const tag = Object.prototype.toString.call(value);
  return tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]';
}
