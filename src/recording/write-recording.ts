/**
 * The writer of the recording format: it is handed what happened (the header, each frame as
 * received, each lifecycle event, each REST reply) and returns the line to write, with every
 * secret removed (see `redaction.ts`). It does no I/O and keeps no record: whoever feeds it owns
 * the sink, its buffer, and the `overflow` marker when that buffer is full.
 *
 * @module
 */
import { uint8ArrayToBase64 } from 'uint8array-extras';
import type { LifecycleEvent } from '../stream/lifecycle.js';
import { type DefaultsOf, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import type { Rule } from '../settings/rules.js';
import { LIBRARY_NAME, LIBRARY_VERSION } from '../version.js';
import { RECORDING_FORMAT, type FrameRecord, type HeaderRecord, type LifecycleRecord, type OverflowRecord, type RecordingRecord, type RestRecord } from './format.js';
import { RecordingRedaction } from './redaction.js';

/** Settings of {@link createRecordingWriter}. */
export interface RecordingWriterOptions {
  /**
   * Texts that must never be written: the api key and the secret key of the client whose session
   * is recorded. Each is replaced by `[redacted]` wherever it shows (in binary frames, by `*`
   * bytes). Default: none (listen keys, `signature=` values and credential fields are removed
   * anyway).
   */
  readonly secrets?: readonly (string | undefined)[] | undefined;
}

/** The secrets to keep out: a list of texts, where `undefined` (a key not set) is skipped. */
const SECRETS: Rule<readonly (string | undefined)[]> = {
  words: 'a list of texts (undefined ones skipped)',
  accepts: (value): value is readonly (string | undefined)[] => Array.isArray(value) && value.every((secret) => secret === undefined || typeof secret === 'string'),
};

/**
 * The defaults of {@link RecordingWriterOptions}, each written here only: `RECORDING_WRITER_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const RECORDING_WRITER_DEFAULTS = {
  secrets: [],
} as const satisfies DefaultsOf<RecordingWriterOptions>;

/** The writer's settings: each rule and default. */
export const RECORDING_WRITER_SETTINGS = settingsFor<RecordingWriterOptions>()({
  secrets: setting(SECRETS, RECORDING_WRITER_DEFAULTS.secrets),
});

/** The session's start, for the header. */
export interface HeaderInput {
  /** When the session started, epoch ms. */
  readonly startedAt: number;
  /** The channels the stream subscribes to. */
  readonly channels: readonly string[];
  /** The websocket URL; written without its query (the listen key) and userinfo. Default: not written. */
  readonly wsUrl?: string | undefined;
}

/** A frame as received. */
export interface FrameInput {
  /** The connection's number (1, 2, ... in the order the stream opened them). */
  readonly connection: number;
  /** When it was received, epoch ms. */
  readonly at: number;
  /** The frame: bytes for a binary frame, a string for a text frame. */
  readonly data: string | ArrayBuffer | ArrayBufferView;
  /** Whether the live stream did not deliver its event (an overlap's extra copy). Default `false`. */
  readonly dropped?: boolean | undefined;
}

/** A lifecycle event as the stream emitted it. */
export interface LifecycleInput {
  /** When it was emitted, epoch ms. */
  readonly at: number;
  readonly event: LifecycleEvent;
}

/** What every REST input holds. */
export interface RestInputFields {
  /** The operation's id (`L1`, `M8`, ...), or a name for a call of your own (e.g. `openOrders`). */
  readonly operation: string;
  /** When the reply arrived, epoch ms. */
  readonly at: number;
  /** The call's parameters. Default: none. */
  readonly params?: object | undefined;
}

/** A REST call's outcome: its decoded result, or the error it failed with. */
export type RestInput = (RestInputFields & { readonly reply: unknown }) | (RestInputFields & { readonly error: unknown });

/** Records left out because the sink could not keep up. */
export interface OverflowInput {
  /** When writing resumed, epoch ms. */
  readonly at: number;
  /** When the first record left out happened, epoch ms. */
  readonly since: number;
  /** How many records were left out. */
  readonly records: number;
}

/** Turns what happened into lines of the recording format (each without its line break). */
export interface RecordingWriter {
  /** The first line. */
  header(input: HeaderInput): string;
  /** A websocket frame as received. */
  frame(input: FrameInput): string;
  /** A lifecycle event. */
  lifecycle(input: LifecycleInput): string;
  /** A REST reply or failure; the listen keys it holds are masked in it and from now on. */
  rest(input: RestInput): string;
  /** The marker of records left out. */
  overflow(input: OverflowInput): string;
  /** A listen key to mask from now on (the one in the stream's URL, before any frame arrives). */
  listenKey(key: string): void;
  /** More secrets to replace from now on (a client's keys, when it is given the recorder). */
  keepOut(secrets: readonly (string | undefined)[]): void;
}

/**
 * One record as one line of JSON (no line break): the format's serializer, with no redaction (the
 * writer redacts before it calls this).
 *
 * @example
 * ```ts
 * encodeRecord({ record: 'frame', at: 1700000000000, connection: 1, text: '{"id":0,"code":0,"msg":"PONG"}' });
 * // '{"record":"frame","at":1700000000000,"connection":1,"text":"{\"id\":0,\"code\":0,\"msg\":\"PONG\"}"}'
 * ```
 */
export function encodeRecord(record: RecordingRecord): string {
  return JSON.stringify(record);
}

function bytesOf(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  return ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
}

/** A URL without query, fragment and userinfo; anything unparsable cut at its query. */
function bareUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.search = '';
    parsed.hash = '';
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}

/** A failure as written: its class's name and its message. */
function errorOf(error: unknown): { readonly name: string; readonly message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/**
 * Makes the writer of one recording. Give it the client's secrets; it learns the listen keys from
 * the REST replies it is handed (and from {@link RecordingWriter.listenKey}).
 *
 * @throws ValidationError (operation `config`) when `secrets` is not a list of texts (a single
 * text given as `secrets: apiKey` is refused, never written unredacted).
 *
 * @example
 * ```ts
 * const writer = createRecordingWriter({ secrets: [apiKey, secretKey] });
 * const lines: string[] = [];
 * lines.push(writer.header({ startedAt: Date.now(), channels: ['spot@private.orders.v3.api.pb'] }));
 * lines.push(writer.frame({ connection: 1, at: Date.now(), data: bytes }));
 * const file = lines.join('\n') + '\n';
 * ```
 */
export function createRecordingWriter(options: RecordingWriterOptions = {}): RecordingWriter {
  const { secrets } = resolveSettings(RECORDING_WRITER_SETTINGS, options);
  const redaction = new RecordingRedaction(secrets);
  return {
    header(input) {
      const record: HeaderRecord = {
        record: 'header',
        format: RECORDING_FORMAT,
        library: LIBRARY_NAME,
        version: LIBRARY_VERSION,
        startedAt: input.startedAt,
        channels: input.channels.map((channel) => redaction.text(channel)),
        ...(input.wsUrl === undefined ? {} : { wsUrl: redaction.text(bareUrl(input.wsUrl)) }),
      };
      return encodeRecord(record);
    },
    frame(input) {
      const flags = input.dropped === true ? { dropped: true } : {};
      const base = { record: 'frame', at: input.at, connection: input.connection } as const;
      let record: FrameRecord;
      if (typeof input.data === 'string') {
        const text = redaction.text(input.data);
        record = { ...base, text, ...flags, ...(text === input.data ? {} : { redacted: true }) };
      } else {
        const safe = redaction.bytes(bytesOf(input.data));
        record = { ...base, binary: uint8ArrayToBase64(safe.bytes), ...flags, ...(safe.redacted ? { redacted: true } : {}) };
      }
      return encodeRecord(record);
    },
    lifecycle(input) {
      const record: LifecycleRecord = { record: 'lifecycle', at: input.at, event: redaction.value(input.event) as LifecycleEvent };
      return encodeRecord(record);
    },
    rest(input) {
      redaction.learn(input.params);
      const base = { record: 'rest', at: input.at, operation: redaction.text(input.operation) } as const;
      const copied = redaction.value(input.params ?? {});
      // The format's params is an object: a list given as parameters is kept under `value`.
      const params = (typeof copied === 'object' && copied !== null && !Array.isArray(copied) ? copied : { value: copied ?? null }) as Readonly<Record<string, unknown>>;
      let record: RestRecord;
      if ('error' in input) {
        const failure = errorOf(input.error);
        record = { ...base, params, error: { name: redaction.text(failure.name), message: redaction.text(failure.message) } };
      } else {
        redaction.learn(input.reply);
        record = { ...base, params, reply: redaction.value(input.reply) ?? null };
      }
      return encodeRecord(record);
    },
    overflow(input) {
      const record: OverflowRecord = { record: 'overflow', at: input.at, since: input.since, records: input.records };
      return encodeRecord(record);
    },
    listenKey(key) {
      redaction.rememberListenKey(key);
    },
    keepOut(more) {
      redaction.addSecrets(more);
    },
  };
}
