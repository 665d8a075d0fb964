/**
 * `mexc-rx stream --record FILE`: the session written to FILE as it is received (a recording
 * `mexc-rx replay` plays back). The file is opened before the stream starts (one that exists is
 * never overwritten), the recorder is given to the client (its REST calls) and to the stream (its
 * frames and lifecycle events), and it is closed, flushed to the file, on every way out: the end
 * asked for, Ctrl+C, a closed pipe, an error.
 *
 * @module
 */
import { createRecorder, type Recorder } from '../recording/recorder.js';
import { recordingFileSink } from '../recording/recording-file-sink.js';
import type { CliIo } from './io.js';

/** A recording under way, or why none could be started. */
export type RecordingStart = { readonly ok: true; readonly recorder: Recorder | undefined; finish(): Promise<void> } | { readonly ok: false; readonly message: string };

/**
 * Opens FILE for `--record` (nothing to do without it): the recorder's troubles go to standard
 * error as they happen, and `finish()` closes it and says what it wrote.
 *
 * @example
 * ```ts
 * const recording = await startRecording('session.ndjson', io);
 * if (recording.ok) userDataStream(client, { recorder: recording.recorder });
 * ```
 */
export async function startRecording(path: string | undefined, io: CliIo): Promise<RecordingStart> {
  if (path === undefined) return { ok: true, recorder: undefined, finish: () => Promise.resolve() };
  let sink;
  try {
    sink = await recordingFileSink(path);
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'EEXIST' ? 'it exists (a recording is never written over another file)' : error instanceof Error ? error.message : String(error);
    return { ok: false, message: `--record: cannot write ${path}: ${why}` };
  }
  const recorder = createRecorder({ sink, onDiagnostic: (diagnostic) => io.stderr(`recording: ${diagnostic.message}\n`) });
  let finishing: Promise<void> | undefined;
  return {
    ok: true,
    recorder,
    finish: () =>
      (finishing ??= recorder.close().then((report) => {
        const leftOut = report.recordsLeftOut === 0 ? '' : ` (${report.recordsLeftOut} left out, said in the file)`;
        io.stderr(`recorded ${report.recordsWritten} records to ${path}${leftOut}\n`);
      })),
  };
}
