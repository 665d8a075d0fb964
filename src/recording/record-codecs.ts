/**
 * Run-time codecs of the records after the header: every field checked, unknown fields dropped
 * (a writer of the same format may add optional fields; they are ignored). A lifecycle record's
 * event is read with the stream's own lifecycle codecs.
 *
 * @module
 */
import * as t from 'io-ts';
import { describeDecodeErrors, isInvalid } from '../codecs/decoder.js';
import { Ordinal, Text } from '../codecs/strict-primitives.js';
import { LIFECYCLE_CODECS } from '../stream/lifecycle-codec.js';
import type { LifecycleEvent } from '../stream/lifecycle.js';
import type { FrameRecord, LifecycleRecord, OverflowRecord, RestRecord, SessionRecord } from './format.js';

/** A moment, epoch ms: finite, 0 or more (a fast clock may give fractions). */
const Moment = new t.Type<number, number, unknown>(
  'Moment',
  (u): u is number => typeof u === 'number' && Number.isFinite(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isFinite(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
  (n) => n,
);

/** Standard base64 with padding, as the writer writes it. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const Base64 = new t.Type<string, string, unknown>(
  'Base64',
  (u): u is string => typeof u === 'string' && BASE64.test(u),
  (u, c) => (typeof u === 'string' && BASE64.test(u) ? t.success(u) : t.failure(u, c)),
  (s) => s,
);

const Count = new t.Type<number, number, unknown>(
  'Count',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
  (n) => n,
);

const frameFields = { record: t.literal('frame'), at: Moment, connection: Ordinal };
const frameFlags = t.partial({ dropped: t.boolean, redacted: t.boolean });
const BinaryFrame = t.exact(t.intersection([t.type({ ...frameFields, binary: Base64 }), frameFlags]));
const TextFrame = t.exact(t.intersection([t.type({ ...frameFields, text: t.string }), frameFlags]));

const restFields = { record: t.literal('rest'), at: Moment, operation: Text, params: t.UnknownRecord };
const RestReply = t.exact(t.type({ ...restFields, reply: t.unknown }));
const RestError = t.exact(t.type({ ...restFields, error: t.exact(t.type({ name: t.string, message: t.string })) }));

const Overflow: t.Decoder<unknown, OverflowRecord> = t.exact(t.type({ record: t.literal('overflow'), at: Moment, since: Moment, records: Count }));
const LifecycleShell = t.type({ record: t.literal('lifecycle'), at: Moment, event: t.UnknownRecord });

/** A record read, or what is wrong with it: `unknown` when its `record` names no type this version knows. */
export type RecordReading = { readonly ok: true; readonly record: SessionRecord } | { readonly ok: false; readonly unknown: boolean; readonly problems: string };

function decoded<A>(codec: t.Decoder<unknown, A>, value: unknown, prefix = ''): { ok: true; value: A } | { ok: false; problems: string } {
  const result = codec.decode(value);
  if (isInvalid(result)) return { ok: false, problems: describeDecodeErrors(result.left).map((line) => prefix + line).join('; ') };
  return { ok: true, value: result.right };
}

function frame(value: Record<string, unknown>): RecordReading {
  const hasBinary = value['binary'] !== undefined;
  if (hasBinary === (value['text'] !== undefined)) return { ok: false, unknown: false, problems: 'a frame holds exactly one of binary and text' };
  const read = decoded<FrameRecord>(hasBinary ? BinaryFrame : TextFrame, value);
  return read.ok ? { ok: true, record: read.value } : { ok: false, unknown: false, problems: read.problems };
}

function rest(value: Record<string, unknown>): RecordReading {
  const hasError = value['error'] !== undefined;
  if (hasError === ('reply' in value)) return { ok: false, unknown: false, problems: 'a rest record holds exactly one of reply and error' };
  const read = decoded<RestRecord>(hasError ? RestError : RestReply, value);
  return read.ok ? { ok: true, record: read.value } : { ok: false, unknown: false, problems: read.problems };
}

function lifecycle(value: Record<string, unknown>): RecordReading {
  const shell = decoded(LifecycleShell, value);
  if (!shell.ok) return { ok: false, unknown: false, problems: shell.problems };
  const type = shell.value.event['type'];
  const codec = typeof type === 'string' && Object.hasOwn(LIFECYCLE_CODECS, type) ? LIFECYCLE_CODECS[type as LifecycleEvent['type']] : undefined;
  if (codec === undefined) return { ok: false, unknown: false, problems: 'event.type: expected a lifecycle event type' };
  const event = decoded<LifecycleEvent>(codec, shell.value.event, 'event.');
  if (!event.ok) return { ok: false, unknown: false, problems: event.problems };
  const record: LifecycleRecord = { record: 'lifecycle', at: shell.value.at, event: event.value };
  return { ok: true, record };
}

/**
 * Reads one record after the header from its parsed JSON.
 *
 * @example
 * ```ts
 * readSessionRecord({ record: 'frame', at: 5, connection: 1, text: '{"id":0,"code":0,"msg":"PONG"}' });
 * // { ok: true, record: { record: 'frame', at: 5, connection: 1, text: '...' } }
 * readSessionRecord({ record: 'later' }); // { ok: false, unknown: true, problems: ... }
 * ```
 */
export function readSessionRecord(value: unknown): RecordReading {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, unknown: false, problems: '(root): expected an object' };
  const fields = value as Record<string, unknown>;
  switch (fields['record']) {
    case 'frame':
      return frame(fields);
    case 'lifecycle':
      return lifecycle(fields);
    case 'rest':
      return rest(fields);
    case 'overflow': {
      const read = decoded(Overflow, fields);
      return read.ok ? { ok: true, record: read.value } : { ok: false, unknown: false, problems: read.problems };
    }
    default:
      return typeof fields['record'] === 'string'
        ? { ok: false, unknown: true, problems: `record type ${JSON.stringify(fields['record'].slice(0, 40))} is not one this version knows` }
        : { ok: false, unknown: false, problems: 'record: expected a record type' };
  }
}
