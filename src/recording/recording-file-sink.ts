/**
 * A recorder's sink that writes a file on Node. `node:fs` is reached through
 * `process.getBuiltinModule` when the file is opened, never imported: the library also runs in
 * browsers and is bundled for them, and a bundle never sees it (as `recordingFile` reads one).
 *
 * @module
 */
import type { FileHandle } from 'node:fs/promises';
import { ValidationError } from '../errors.js';
import { type DefaultsOf, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { BOOLEAN } from '../settings/rules.js';
import type { RecordingSink } from './recorder-buffer.js';

/** A sink writing a file, and how to close it (a recorder's `close()` closes it). */
export interface FileSink extends RecordingSink {
  /** Closes the file once what was written is in it; later batches are refused. Idempotent. */
  close(): Promise<void>;
}

/** Settings of {@link recordingFileSink}. */
export interface FileSinkOptions {
  /** Replace a file already at `path`. Default `false`: an existing file is refused, never overwritten. */
  readonly overwrite?: boolean | undefined;
}

/** The defaults of {@link FileSinkOptions}. */
export const FILE_SINK_DEFAULTS = {
  overwrite: false,
} as const satisfies DefaultsOf<FileSinkOptions>;

/** The settings of {@link recordingFileSink}: each rule and default. */
export const FILE_SINK_SETTINGS = settingsFor<FileSinkOptions>()({
  overwrite: setting(BOOLEAN, FILE_SINK_DEFAULTS.overwrite),
});

interface NodeProcess {
  readonly getBuiltinModule?: (id: string) => unknown;
}

function openFile(path: string, flags: string): Promise<FileHandle> {
  const process = (globalThis as { process?: NodeProcess }).process;
  const fs = process?.getBuiltinModule?.('node:fs/promises') as { open: (path: string, flags: string) => Promise<FileHandle> } | undefined;
  if (fs === undefined) throw new ValidationError({ operation: 'config', issues: [{ field: 'recordingFileSink', rule: 'Node 20.16 or later (elsewhere, give the recorder a sink of your own)' }] });
  return fs.open(path, flags);
}

/**
 * Opens `path` for a recording, and resolves to a sink writing each batch of lines to it (each
 * line ended by `\n`, a batch written whole before the next is taken). Node only (20.16 or
 * later). Rejects with the file system's error when the file cannot be made (it exists, its
 * folder does not): found before the session starts, not after.
 *
 * @throws ValidationError (rejects with it) where the runtime is not Node 20.16 or later, or a setting breaks its rule (`overwrite: 'yes'`), before any file is opened.
 * @example
 * ```ts
 * import { createClient, createRecorder, recordingFileSink } from 'mexc-rx';
 *
 * const recorder = createRecorder({ sink: await recordingFileSink('session.ndjson') });
 * const client = createClient({ apiKey, secretKey, recorder });
 * // ... stream, trade
 * await client.close();
 * await recorder.close(); // and the file is closed
 * ```
 */
export async function recordingFileSink(path: string, options: FileSinkOptions = {}): Promise<FileSink> {
  const { overwrite } = resolveSettings(FILE_SINK_SETTINGS, options);
  const handle = await openFile(path, overwrite ? 'w' : 'wx');
  let closing: Promise<void> | undefined;
  const sink = async (lines: readonly string[]): Promise<void> => {
    if (closing !== undefined) throw new Error('the recording file is closed');
    if (lines.length > 0) await handle.appendFile(`${lines.join('\n')}\n`);
  };
  return Object.assign(sink, { close: () => (closing ??= handle.close()) });
}
