/**
 * JSON push frames -> results: the JSON path's adapter. A frame from `JSON.parse` already has the
 * shape the normalizers read (the field names of spec section 6), so the adapter only routes by
 * channel, finds the body, and hands both to the kind's normalizer (`normalize-event.ts`): a frame
 * in the usual spelling (decimals as strings, times and codes as numbers, flags as booleans or
 * left out) costs the normalizer's checks and nothing more.
 *
 * One named fallback, {@link decodeOtherSpellings}: when the normalizer refuses a field, the frame
 * is read again with its numbers exact, and the refused field is given to the reader of its
 * rule (`json-spellings.ts`), which reads the service's other spellings (quoted times and codes,
 * decimals as JSON numbers, `"true"`) or words why the value is wrong.
 *
 * @module
 */
import { keepExactNumbers } from '../decimal/exact-json.js';
import { BODY_FIELDS, privateChannelKind, type PrivateChannel, type PrivateChannelKind } from './channels.js';
import { isRefusal } from './field-rules.js';
import { malformedFrame, type FrameResult } from './frame-result.js';
import { JSON_SPELLINGS } from './json-spellings.js';
import { missingBody, normalizeEvent } from './normalize-event.js';

type Fields = Record<string, unknown>;

/** More refused fields than a frame has: the fallback gives up (it cannot loop, but stays bounded). */
const MAX_RESPELLED = 32;

/**
 * Tells whether a value from `JSON.parse` is an object (not an array, not `null`).
 *
 * @example
 * ```ts
 * isJsonObject(JSON.parse('{"id":0}')); // true
 * isJsonObject(JSON.parse('[]')); // false
 * ```
 */
export function isJsonObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Decodes a parsed JSON push frame (an object with `channel`); `text` is the frame as received,
 * read again only by the fallback.
 *
 * @example
 * ```ts
 * const text = '{"channel":"spot@private.deals.v3.api","symbol":"MXUSDT",...}';
 * decodeJsonPush(JSON.parse(text), text); // { kind: 'event', event: { type: 'deal', ... } }
 * ```
 */
export function decodeJsonPush(frame: Fields, text: string): FrameResult {
  const channel = frame['channel'];
  if (typeof channel !== 'string' || channel === '') return malformedFrame('json: channel: expected non-empty text');
  // One lookup gives the kind and tells a private channel from any other.
  const kind = privateChannelKind(channel);
  if (kind === undefined) return { kind: 'unknown', channel };
  const bodyField = BODY_FIELDS[kind];
  const body = frame[bodyField];
  if (body === undefined || body === null) {
    const found = Object.values(BODY_FIELDS).filter((field) => frame[field] !== undefined && frame[field] !== null);
    return malformedFrame(`json: ${missingBody(kind, found)}`, channel);
  }
  if (!isJsonObject(body)) return malformedFrame(`json: ${bodyField}: expected an object`, channel);
  const result = normalizeEvent(kind, channel as PrivateChannel, frame, body);
  return isRefusal(result) ? decodeOtherSpellings(kind, channel as PrivateChannel, frame, text) : { kind: 'event', event: result };
}

/**
 * The fallback for a frame the normalizer refused. Numbers are read again from the text where a
 * double would change them; then, one refused field at a time, the field's value goes through the
 * reader of its rule: a value in another spelling is rewritten in the usual one and the
 * frame normalized again; any other value ends with the reader's words for what was expected.
 */
function decodeOtherSpellings(kind: PrivateChannelKind, channel: PrivateChannel, parsed: Fields, text: string): FrameResult {
  let exact: unknown;
  try {
    exact = keepExactNumbers(text, parsed);
  } catch {
    return malformedFrame('json: a number could not be read exactly', channel);
  }
  // The same text read again: still an object with an object body. Copies are respelled, so the
  // parsed frame is never changed.
  const exactBody = isJsonObject(exact) ? exact[BODY_FIELDS[kind]] : undefined;
  if (!isJsonObject(exact) || !isJsonObject(exactBody)) return malformedFrame('json: a number could not be read exactly', channel);
  const frame: Fields = { ...exact };
  const body: Fields = { ...exactBody };
  for (let round = 0; ; round++) {
    const result = normalizeEvent(kind, channel, frame, body);
    if (!isRefusal(result)) return { kind: 'event', event: result };
    const dot = result.path.indexOf('.');
    const fields = dot < 0 ? frame : body;
    const field = result.path.slice(dot + 1);
    const spelling = JSON_SPELLINGS[result.rule];
    const respelled = spelling.respell(fields[field]);
    if (respelled === undefined || round === MAX_RESPELLED) return malformedFrame(`json: ${result.path}: expected ${spelling.name}`, channel);
    fields[field] = respelled.value;
  }
}
