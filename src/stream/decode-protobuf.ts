/**
 * Binary (protobuf) push frames -> results: the protobuf path's adapter. It reads the bytes into
 * the wrapper's fields, routes by channel, hands the envelope and the body to the kind's
 * normalizer (`normalize-event.ts`), and words a refusal with {@link RULE_WORDS}.
 *
 * Reading has one named fallback: the reader specialized to the push wrapper
 * (`read-push-wrapper.ts`, the hot path) takes frames in the canonical shape; any other bytes are
 * decoded with the generated schema's `fromBinary`, which decides and words what is undecodable.
 * Both give the same plain fields (a differential test holds them to it).
 *
 * @module
 */
import { fromBinary } from '@bufbuild/protobuf';
import { PushDataV3ApiWrapperSchema } from '../gen/mexc/push_data_v3_pb.js';
import { BODY_FIELDS, privateChannelKind, type PrivateChannel } from './channels.js';
import { isRefusal, RULE_WORDS } from './field-rules.js';
import { malformedFrame, type FrameResult } from './frame-result.js';
import { missingBody, normalizeEvent } from './normalize-event.js';
import { readPushWrapper, type WrapperFields } from './read-push-wrapper.js';

/** Unknown fields (public bodies, future additions) are skipped, not kept. */
const READ_OPTIONS = { readUnknownFields: false } as const;

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
  const message = readPushWrapper(bytes) ?? readWithFromBinary(bytes);
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

/** The fallback for bytes not in the canonical shape: the generated schema's `fromBinary`, or why it refused them. */
function readWithFromBinary(bytes: Uint8Array): WrapperFields | string {
  try {
    return fromBinary(PushDataV3ApiWrapperSchema, bytes, READ_OPTIONS);
  } catch (error) {
    return error instanceof Error ? error.message : 'unknown error';
  }
}
