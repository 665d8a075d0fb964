/**
 * The single entry point of frame decoding: whatever a websocket delivers (a binary protobuf push
 * frame, or a text frame: JSON push, JSON control reply, `Invalid listen key`), one
 * {@link FrameResult}. It never throws.
 *
 * Which path runs for which frame (every fallback named):
 *
 * | Frame | Read by | Then |
 * |---|---|---|
 * | bytes | `readPushWrapper` (`read-push-wrapper.ts`, reads as the generated schema's `fromBinary`) | the kind's normalizer, or `undecodable` |
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
 * One websocket frame as a socket hands it over: the bytes of a binary frame (a `Uint8Array`, a
 * Node `Buffer`, an `ArrayBuffer`, any other typed array or `DataView`), or the text of a text
 * frame.
 */
export type FrameData = ArrayBuffer | ArrayBufferView | string;

/**
 * Decodes one websocket frame of the user data stream, with the rules the stream itself uses:
 * bytes are a protobuf push frame, a string is a text frame (a JSON push, a control reply such as
 * PONG or a subscription answer, or the plain text `Invalid listen key`). What comes out is told
 * apart by `kind`:
 *
 * - `event`: a push of a private channel (account, deals, orders), validated and normalized to the
 *   same {@link MarketEvent} the stream emits;
 * - `control`: a control reply, typed ({@link ControlMessage});
 * - `malformed`: the frame broke a rule; `reason` says which field and which rule, never a value
 *   (e.g. `protobuf: privateOrders.status: expected a known code`);
 * - `unknown`: a well-formed push of a channel the library does not handle (a public channel).
 *
 * It never throws, whatever it is given (`null`, a number, a cut frame, a huge one): what it
 * refuses is said in its result. Text frames must be given as strings: a socket that hands text
 * over as bytes (Node `ws` with `isBinary === false`) must decode them first.
 *
 * @example
 * ```ts
 * import { decodeFrame } from 'mexc-rx';
 * import WebSocket from 'ws';
 *
 * const socket = new WebSocket(`wss://wbs-api.mexc.com/ws?listenKey=${listenKey}`);
 * socket.on('open', () => socket.send(JSON.stringify({ method: 'SUBSCRIPTION', params: ['spot@private.orders.v3.api.pb'] })));
 * socket.on('message', (data: Buffer, isBinary: boolean) => {
 *   const result = decodeFrame(isBinary ? data : data.toString('utf8'));
 *   if (result.kind === 'event') console.log(result.event.type, result.event.sendTime);
 *   else if (result.kind === 'control') console.log('control', result.control.type);
 *   else console.warn(result.kind, result.kind === 'malformed' ? result.reason : result.channel);
 * });
 * ```
 */
export function decodeFrame(data: FrameData): FrameResult {
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
