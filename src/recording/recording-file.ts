/**
 * A recording file on Node, read line by line. `node:fs` and `node:readline` are reached through
 * `process.getBuiltinModule` when a file is read, never imported: the library also runs in
 * browsers and is bundled for them, and a bundle never sees them.
 *
 * @module
 */
import type { createReadStream } from 'node:fs';
import type { createInterface } from 'node:readline';
import { ValidationError } from '../errors.js';
import type { RecordingLines } from './recording-input.js';

interface NodeProcess {
  readonly versions?: { readonly node?: string };
  readonly getBuiltinModule?: (id: string) => unknown;
}

function nodeModules(): { readonly fs: { createReadStream: typeof createReadStream }; readonly readline: { createInterface: typeof createInterface } } {
  const process = (globalThis as { process?: NodeProcess }).process;
  const fs = process?.getBuiltinModule?.('node:fs') as { createReadStream: typeof createReadStream } | undefined;
  const readline = process?.getBuiltinModule?.('node:readline') as { createInterface: typeof createInterface } | undefined;
  if (fs === undefined || readline === undefined) {
    throw new ValidationError({ operation: 'config', issues: [{ field: 'recordingFile', rule: "Node 20.16 or later (elsewhere, pass the recording's lines)" }] });
  }
  return { fs, readline };
}

/**
 * A recording file, as an input of `replaySession` and `serveRecording`: a function that reads the
 * file afresh, line by line, each time it is called (each replay run, each connection served), so
 * a large recording is never held in memory whole. Node only (20.16 or later). A file that cannot
 * be read fails the replay with the file system's error.
 *
 * @throws ValidationError (when read) where the runtime is not Node 20.16 or later.
 * @example
 * ```ts
 * replaySession(recordingFile('session.ndjson')).subscribe((event) => console.log(event.type));
 * ```
 */
export function recordingFile(path: string): () => RecordingLines {
  return () => {
    const { fs, readline } = nodeModules();
    return readline.createInterface({ input: fs.createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  };
}
