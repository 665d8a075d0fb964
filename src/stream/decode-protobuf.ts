/**
 * Binary (protobuf) push frames -> results: the protobuf path's adapter. It reads the bytes into
 * the wrapper's fields, routes by channel, hands the envelope and the body to the kind's
 * normalizer (`normalize-event.ts`), and words a refusal with {@link RULE_WORDS}.
 *
 * The bytes are read by the reader of the push wrapper (`read-push-wrapper.ts`), which reads any
 * input as the generated schema's `fromBinary` would (a differential test holds them to it)
 * without bringing protobuf-es's reflection runtime into a browser page.
 *
 * @module
 */
import { BODY_FIELDS, privateChannelKind, type PrivateChannel } from './channels.js';
import { isRefusal, RULE_WORDS } from './field-rules.js';
import { malformedFrame, type FrameResult } from './frame-result.js';
import { missingBody, normalizeEvent } from './normalize-event.js';
import { readPushWrapper, type WrapperFields } from './read-push-wrapper.js';

/**
 * Decodes one binary frame. Never throws: undecodable bytes, a missing or wrong body, or a field
 * that breaks its rule give a `malformed` result; a channel other than the private ones gives
 * `unknown`.
 *
 * @example
 * ```ts
 * const result = decodeProtobufFrame(new Uint8Array(message.data));
 * if (result.kind === 'event') console.log(result.event.type);
 * ```
 */
export function decodeProtobufFrame(bytes: Uint8Array): FrameResult {
  const message = readPushWrapper(bytes);
  if (typeof message === 'string') return malformedFrame(`protobuf: undecodable (${message})`);
  return resultOf(message);
}

function resultOf(message: WrapperFields): FrameResult {
  const channel = message.channel;
  if (channel === '') return malformedFrame('protobuf: channel: expected non-empty text');
  // One lookup gives the kind and tells a private channel from any other.
  const kind = privateChannelKind(channel);
  if (kind === undefined) return { kind: 'unknown', channel };
  const body = message.body;
  if (body.case !== BODY_FIELDS[kind]) return malformedFrame(`protobuf: ${missingBody(kind, body.case === undefined ? [] : [body.case])}`, channel);
  const result = normalizeEvent(kind, channel as PrivateChannel, message, body.value);
  return isRefusal(result) ? malformedFrame(`protobuf: ${result.path}: expected ${RULE_WORDS[result.rule]}`, channel) : { kind: 'event', event: result };
}

