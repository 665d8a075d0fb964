/**
 * `createRecorder`: records a session as it happens, for `replaySession`, `mexc-rx replay` and
 * bug reports. Given to a client (`createClient({ recorder })`) it records the client's REST calls
 * and its streams; given to one stream (`userDataStream(provider, { recorder })`) it records that
 * stream. Lines go through the recording writer (every secret removed) into a bounded buffer, and
 * from there to the sink, which never holds the stream up.
 *
 * @module
 */
import { defer, from, tap, type Observable, type ObservableInput } from 'rxjs';
import { redactor } from '../redact.js';
import { closeThenFlush, recordedExecute } from '../client/recorded-client.js';
import { RECORDER_HOOKS, type RecordedCall, type Recording, type RecorderHooks, type RecorderWrappers, type StreamTap } from '../recording-hooks.js';
import { recordedKeySource } from '../stream/recorded-key-source.js';
import { StreamRecording } from '../stream/supervisor/stream-recording.js';
import { type DefaultsOf, required, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, count, type Rule } from '../settings/rules.js';
import { RecordingBuffer, type RecorderDiagnostic, type RecorderReport, type RecordingSink } from './recorder-buffer.js';
import { createRecordingWriter, RECORDING_WRITER_SETTINGS, type RecordingWriter, type RestInput } from './write-recording.js';

export type { RecorderDiagnostic, RecorderReport, RecordingSink };

/** Settings of {@link createRecorder}. */
export interface RecorderOptions {
  /** Where the lines go: a function taking a batch of lines (see {@link RecordingSink}). Required. */
  readonly sink: RecordingSink;
  /**
   * Texts never written, besides the keys of a client given the recorder (which it learns by
   * itself): another client's keys, a password of your own.
   * @default []
   */
  readonly secrets?: readonly (string | undefined)[] | undefined;
  /**
   * The most characters of lines that may wait for the sink (besides the batch it is writing):
   * past this, records are left out, and the recording says how many with an `overflow` marker. A
   * line of a protobuf frame is about 300 characters.
   * @default 8388608 (8 Mi characters, about 8 MB)
   */
  readonly maxBufferedChars?: number | undefined;
  /**
   * Told when the buffer overflows or the sink fails (once per spell). The stream goes on either
   * way. Default: none (the recording itself says what it left out).
   */
  readonly onDiagnostic?: ((diagnostic: RecorderDiagnostic) => void) | undefined;
  /**
   * The time, epoch ms, of calls recorded with {@link Recorder.record}. (A client's calls and a
   * stream's frames are timed by its scheduler.)
   * @default Date.now
   */
  readonly clock?: (() => number) | undefined;
}

/** A recorder: give it to a client or a stream; close it (or the client) to flush it. */
export interface Recorder extends Recording {
  /**
   * A call of your own (a seed from your backend, a read the client does not make), recorded
   * under `operation` with its reply or failure, for `restReplies(operation)` on replay. Cold:
   * each subscription runs `source` again, and records what it gives.
   *
   * @example
   * ```ts
   * const openOrders = () => recorder.record('openOrders', () => fetchOpenOrders());
   * ```
   */
  record<T>(operation: string, source: () => ObservableInput<T>, params?: object): Observable<T>;
  /** Resolves once every line so far is with the sink (or left out, saying so). Never rejects. */
  flush(): Promise<void>;
  /**
   * Stops recording (later records are ignored), flushes, closes the sink when it has a `close`
   * method (`recordingFileSink`'s does), and resolves with what it did. Idempotent. Never rejects.
   */
  close(): Promise<RecorderReport>;
  /** What it did so far. */
  report(): RecorderReport;
}

/** A function as the sink. */
const SINK: Rule<RecordingSink> = aFunction<RecordingSink>();

/**
 * The defaults of {@link RecorderOptions}, each written here only: `RECORDER_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const RECORDER_DEFAULTS = {
  maxBufferedChars: 8 * 1024 * 1024,
  onDiagnostic: () => undefined,
  clock: Date.now,
} as const satisfies DefaultsOf<RecorderOptions>;

/** The recorder's settings: each rule and default. */
export const RECORDER_SETTINGS = settingsFor<RecorderOptions>()({
  sink: required(SINK),
  secrets: RECORDING_WRITER_SETTINGS.fields.secrets,
  maxBufferedChars: setting(count({ min: 1024 }), RECORDER_DEFAULTS.maxBufferedChars),
  onDiagnostic: setting(aFunction<(diagnostic: RecorderDiagnostic) => void>(), RECORDER_DEFAULTS.onDiagnostic),
  clock: setting(aFunction<() => number>(), RECORDER_DEFAULTS.clock),
});

/** Closes a sink that can be closed (`recordingFileSink`'s); its failure changes nothing. */
async function closeSink(sink: RecordingSink, failed: (error: unknown) => void): Promise<void> {
  const close = (sink as { close?: unknown }).close;
  if (typeof close !== 'function') return;
  try {
    await (close as () => unknown).call(sink);
  } catch (error: unknown) {
    // The file may hold less than was handed to it: said, and the recording ends here either way.
    failed(error);
  }
}

/** What the hooks share. */
interface RecorderState {
  readonly writer: RecordingWriter;
  readonly buffer: RecordingBuffer;
  readonly channels: string[];
  wsUrl: string | undefined;
  startedAt: number | undefined;
  client: boolean;
  closed: boolean;
}

function restRecord(state: RecorderState, call: RecordedCall): void {
  if (state.closed) return;
  state.startedAt ??= call.at;
  const given = call.params;
  const params = typeof given === 'object' && given !== null ? given : given === undefined ? {} : { value: given };
  const input: RestInput = 'error' in call ? { operation: call.operation, at: call.at, params, error: call.error } : { operation: call.operation, at: call.at, params, reply: call.reply };
  state.buffer.add(call.at, () => state.writer.rest(input));
}

function streamTap(state: RecorderState): StreamTap {
  return {
    listenKey: (key) => state.writer.listenKey(key),
    frame: (connection, at, data) => {
      if (state.closed) return () => undefined;
      state.startedAt ??= at;
      // Its place kept now, its line made once the stream has handled it; room for its data first.
      const entry = state.buffer.add(at, () => '', typeof data === 'string' ? data.length : Math.ceil(data.byteLength / 3) * 4);
      return (dropped) => {
        if (entry !== undefined) state.buffer.fill(entry, () => state.writer.frame({ connection, at, data, dropped }));
      };
    },
    lifecycle: (at, event) => {
      if (state.closed) return;
      state.startedAt ??= at;
      state.buffer.add(at, () => state.writer.lifecycle({ at, event: event as Parameters<RecordingWriter['lifecycle']>[0]['event'] }));
    },
    rest: (call) => restRecord(state, call),
  };
}

/** The wrappers every recorder brings: only a page that makes a recorder carries them. */
const WRAPPERS: RecorderWrappers = {
  execute: recordedExecute,
  closeThenFlush,
  keySource: recordedKeySource,
  startRun: (hooks, start, now) => StreamRecording.start(hooks, start, now),
};

function hooksOf(state: RecorderState): RecorderHooks {
  return {
    wrappers: WRAPPERS,
    attachClient: (secrets) => {
      state.writer.keepOut(secrets);
      state.client = true;
    },
    recordsClientCalls: () => state.client,
    rest: (call) => restRecord(state, call),
    stream: ({ at, channels, wsUrl }) => {
      state.startedAt ??= at;
      for (const channel of channels) if (!state.channels.includes(channel)) state.channels.push(channel);
      state.wsUrl ??= wsUrl;
      return streamTap(state);
    },
    flush: () => state.buffer.flush(),
  };
}

/**
 * Makes a recorder writing to `sink`. The header (library, version, format, channels, start) is
 * the first line the sink gets; then every REST reply, frame and lifecycle event, in the order they
 * happened, with every secret removed (see docs/recordings.md). Writing never holds the stream up:
 * lines wait in a bounded buffer, and go to the sink on a microtask, one batch at a time.
 *
 * @throws ValidationError (operation `config`) when a setting breaks its rule.
 * @example
 * ```ts
 * import { createClient, createRecorder, userDataStream } from 'mexc-rx';
 *
 * const lines: string[] = [];
 * const recorder = createRecorder({ sink: (batch) => void lines.push(...batch) });
 * const client = createClient({ apiKey, secretKey, recorder });
 * userDataStream(client).subscribe(console.log);
 * // ...
 * await client.close(); // flushes the recorder too
 * const file = lines.join('\n') + '\n';
 * ```
 */
export function createRecorder(options: RecorderOptions): Recorder {
  const settings = resolveSettings(RECORDER_SETTINGS, options);
  const writer = createRecordingWriter({ secrets: settings.secrets });
  const redactOwn = redactor(settings.secrets);
  const diagnose = (diagnostic: RecorderDiagnostic): void => {
    try {
      settings.onDiagnostic(diagnostic);
    } catch {
      // A diagnostic handler that throws changes nothing: the recording goes on.
    }
  };
  const describe = (error: unknown): string => redactOwn(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 256);
  const state: RecorderState = {
    writer,
    buffer: new RecordingBuffer({
      sink: settings.sink,
      maxChars: settings.maxBufferedChars,
      header: () => writer.header({ startedAt: state.startedAt ?? settings.clock(), channels: state.channels, wsUrl: state.wsUrl }),
      marker: (input) => writer.overflow(input),
      diagnose,
      describe,
    }),
    channels: [],
    wsUrl: undefined,
    startedAt: undefined,
    client: false,
    closed: false,
  };
  const hooks = hooksOf(state);
  let closing: Promise<RecorderReport> | undefined;
  return {
    [RECORDER_HOOKS]: hooks,
    record: <T>(operation: string, source: () => ObservableInput<T>, params: object = {}) =>
      defer(() => from(source())).pipe(
        tap({
          next: (reply) => hooks.rest({ operation, at: settings.clock(), params, reply }),
          error: (error: unknown) => hooks.rest({ operation, at: settings.clock(), params, error }),
        }),
      ),
    flush: () => state.buffer.flush(),
    close: () => {
      state.closed = true;
      return (closing ??= state.buffer.flush().then(async () => {
        await closeSink(settings.sink, (error) => diagnose({ code: 'sink-failed', message: `the recording's sink failed to close (${describe(error)}): it may hold less than it was given` }));
        return state.buffer.report();
      }));
    },
    report: () => state.buffer.report(),
  };
}
