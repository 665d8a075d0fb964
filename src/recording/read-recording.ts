/**
 * Reads a recording's lines into typed records. The first line must be a header of a format this
 * version reads (else `RecordingFormatError`); after it, a line that is not a valid record is
 * skipped with a diagnostic, and the reading goes on. A last line cut short (the writing process
 * was killed) is skipped with its own diagnostic: everything before it is read.
 *
 * @module
 */
import * as t from 'io-ts';
import { describeDecodeErrors, isInvalid } from '../codecs/decoder.js';
import { Ordinal } from '../codecs/strict-primitives.js';
import { RECORDING_FORMAT, type HeaderRecord, type RecordingDiagnostic, type SessionRecord } from './format.js';
import { readSessionRecord } from './record-codecs.js';
import { RecordingFormatError } from './recording-errors.js';

/** One thing read: a record (with its line), or a line skipped and why. */
export type RecordingItem =
  | { readonly kind: 'header'; readonly header: HeaderRecord; readonly line: number }
  | { readonly kind: 'record'; readonly record: SessionRecord; readonly line: number }
  | { readonly kind: 'diagnostic'; readonly diagnostic: RecordingDiagnostic };

const Header: t.Decoder<unknown, HeaderRecord> = t.exact(
  t.intersection([
    t.type({ record: t.literal('header'), format: Ordinal, library: t.string, version: t.string, startedAt: t.number, channels: t.array(t.string) }),
    t.partial({ wsUrl: t.string }),
  ]),
);

function notARecording(message: string, format?: number): RecordingFormatError {
  return new RecordingFormatError({ reason: 'not-a-recording', message: `not a mexc-rx recording: ${message}`, format });
}

function readHeader(value: unknown): HeaderRecord {
  const fields = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (fields?.['record'] !== 'header') throw notARecording('its first line is not a header (to read a file, pass recordingFile(path), not the path)');
  const format = fields['format'];
  if (typeof format === 'number' && Number.isSafeInteger(format) && format > RECORDING_FORMAT) {
    throw new RecordingFormatError({
      reason: 'newer-format',
      format,
      message: `the recording is in format ${format}; this version of mexc-rx reads format ${RECORDING_FORMAT} and earlier: upgrade mexc-rx to read it`,
    });
  }
  const decoded = Header.decode(value);
  if (isInvalid(decoded)) throw notARecording(`its header is invalid: ${describeDecodeErrors(decoded.left).join('; ')}`, typeof format === 'number' ? format : undefined);
  return decoded.right;
}

/**
 * A reader fed one line at a time ({@link push}), then told the lines are over ({@link end}).
 * It holds back a line it could not read until it knows whether another follows: only the last
 * line can be cut short.
 *
 * @example
 * ```ts
 * const reader = new RecordingReader();
 * const items = [...lines.flatMap((line) => reader.push(line)), ...reader.end()];
 * ```
 */
export class RecordingReader {
  private lineNumber = 0;
  private header: HeaderRecord | undefined;
  /** A line that did not parse as JSON, held until it is known whether it was the last. */
  private unparsed: number | undefined;

  /**
   * Reads one line (a trailing `\r` is ignored; blank lines are skipped).
   *
   * @throws RecordingFormatError when the first line is not a header of a format this version reads.
   */
  push(text: string): RecordingItem[] {
    this.lineNumber += 1;
    const line = this.lineNumber;
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (trimmed.trim() === '') return [];
    const out = this.flushUnparsed('malformed-line');
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      if (this.header === undefined) throw notARecording('its first line is not JSON');
      this.unparsed = line;
      return out;
    }
    if (this.header === undefined) {
      this.header = readHeader(value);
      out.push({ kind: 'header', header: this.header, line });
      return out;
    }
    out.push(this.item(value, line));
    return out;
  }

  /**
   * The lines are over: a held-back line was the last one, cut short.
   *
   * @throws RecordingFormatError when there was no line at all.
   */
  end(): RecordingItem[] {
    if (this.header === undefined) throw notARecording('it holds no line');
    return this.flushUnparsed('truncated-last-line');
  }

  private item(value: unknown, line: number): RecordingItem {
    if (typeof value === 'object' && value !== null && (value as Record<string, unknown>)['record'] === 'header') {
      return { kind: 'diagnostic', diagnostic: { code: 'extra-header', line, message: `line ${line}: a header after the first line, skipped` } };
    }
    const read = readSessionRecord(value);
    if (read.ok) return { kind: 'record', record: read.record, line };
    const code = read.unknown ? 'unknown-record' : 'malformed-line';
    return { kind: 'diagnostic', diagnostic: { code, line, message: `line ${line}: ${read.problems}, skipped` } };
  }

  private flushUnparsed(code: 'malformed-line' | 'truncated-last-line'): RecordingItem[] {
    const line = this.unparsed;
    if (line === undefined) return [];
    this.unparsed = undefined;
    const message = code === 'truncated-last-line' ? `line ${line}: the last line is cut short (the writer stopped mid-line), skipped` : `line ${line}: not JSON, skipped`;
    return [{ kind: 'diagnostic', diagnostic: { code, line, message } }];
  }
}

/**
 * Reads a recording's lines, as they come.
 *
 * @throws RecordingFormatError (when iterated) when the first line is not a header of a format this version reads.
 * @example
 * ```ts
 * for (const item of readRecording(text.split('\n'))) if (item.kind === 'record') console.log(item.record.record);
 * ```
 */
export function* readRecording(lines: Iterable<string>): Generator<RecordingItem, void, undefined> {
  const reader = new RecordingReader();
  for (const line of lines) yield* reader.push(line);
  yield* reader.end();
}

/**
 * Reads a recording's lines from an async source (a file read line by line), as they come.
 *
 * @throws RecordingFormatError (when iterated) as {@link readRecording}.
 * @example
 * ```ts
 * for await (const item of readRecordingAsync(recordingFile('session.ndjson')())) console.log(item.kind);
 * ```
 */
export async function* readRecordingAsync(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<RecordingItem, void, undefined> {
  const reader = new RecordingReader();
  for await (const line of lines) yield* reader.push(line);
  yield* reader.end();
}
