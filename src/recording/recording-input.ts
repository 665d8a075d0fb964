/**
 * Where a recording's lines come from: a whole text, lines given as a list or as they are read,
 * or a function that reads them afresh each time (what `recordingFile` gives).
 *
 * @module
 */
import { readRecording, readRecordingAsync, type RecordingItem } from './read-recording.js';

/** A recording's lines (each without its line break; blank lines are skipped). */
export type RecordingLines = Iterable<string> | AsyncIterable<string>;

/**
 * A recording: its whole text, its lines, or a function that makes its lines afresh (read again
 * for each replay run and each connection served; a generator or a stream can be read only once,
 * so pass a function that makes one).
 */
export type RecordingInput = string | RecordingLines | (() => RecordingLines);

/** The lines of a text, split lazily (a large recording is not copied into a list of lines). */
function* linesOf(text: string): Generator<string, void, undefined> {
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    if (end === -1) {
      yield text.slice(start);
      return;
    }
    yield text.slice(start, end);
    start = end + 1;
  }
}

function isAsync(lines: RecordingLines): lines is AsyncIterable<string> {
  return typeof (lines as Partial<AsyncIterable<string>>)[Symbol.asyncIterator] === 'function';
}

/** The items of one reading: synchronous when the lines are (so a replay runs on its scheduler alone), else async. */
export type RecordingItems = { readonly sync: true; readonly items: Iterator<RecordingItem> } | { readonly sync: false; readonly items: AsyncIterator<RecordingItem> };

/**
 * Opens a reading of `input` from its first line.
 *
 * @example
 * ```ts
 * const reading = openRecording('{"record":"header",...}\n{"record":"frame",...}\n');
 * if (reading.sync) for (let r = reading.items.next(); !r.done; r = reading.items.next()) console.log(r.value.kind);
 * ```
 */
export function openRecording(input: RecordingInput): RecordingItems {
  const lines = typeof input === 'string' ? linesOf(input) : typeof input === 'function' ? input() : input;
  if (isAsync(lines)) return { sync: false, items: readRecordingAsync(lines)[Symbol.asyncIterator]() };
  return { sync: true, items: readRecording(lines)[Symbol.iterator]() };
}
