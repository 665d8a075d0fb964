/**
 * The recording format: a session of the user data stream as NDJSON, one record per line, in the
 * order things happened. docs/recordings.md describes each record and field; this file is its
 * types. The objects here are the lines' JSON as written, so writing and reading are each other's
 * inverse.
 *
 * @module
 */
import type { LifecycleEvent } from '../stream/lifecycle.js';

/**
 * The format this version writes, and the newest it reads. A reader refuses a recording of a
 * newer format (`RecordingFormatError`); a record type it does not know, within its format, is
 * skipped with a diagnostic.
 */
export const RECORDING_FORMAT = 1;

/** The first line: what wrote the recording, and when the session started. */
export interface HeaderRecord {
  readonly record: 'header';
  /** The format version ({@link RECORDING_FORMAT} when this version wrote it). */
  readonly format: number;
  /** The library that wrote it: `mexc-rx`. */
  readonly library: string;
  /** Its version, e.g. `0.1.0`. */
  readonly version: string;
  /** When the session started, epoch ms. */
  readonly startedAt: number;
  /** The channels the stream subscribed to. */
  readonly channels: readonly string[];
  /** The websocket URL, without its query (no listen key) and without any `user:password@`. */
  readonly wsUrl?: string | undefined;
}

/** What every frame record holds. */
interface FrameFields {
  readonly record: 'frame';
  /** When the frame was received, epoch ms (the stream's scheduler's clock). */
  readonly at: number;
  /** The connection it came on, numbered from 1 as in `connected` and `rolled-over` events. */
  readonly connection: number;
  /**
   * The live stream did not deliver this frame's event: an extra copy of one another connection
   * delivered during an overlap (rollover, key replacement), or a frame of a connection the stream
   * no longer listened to. A replay skips its event. Absent when delivered.
   */
  readonly dropped?: boolean | undefined;
  /** The writer replaced a secret in this frame (see docs/recordings.md): it is not byte for byte. Absent otherwise. */
  readonly redacted?: boolean | undefined;
}

/** A binary frame (protobuf), its bytes in standard base64 with padding. */
export interface BinaryFrameRecord extends FrameFields {
  readonly binary: string;
}

/** A text frame (JSON push, control reply, `Invalid listen key`), as received. */
export interface TextFrameRecord extends FrameFields {
  readonly text: string;
}

/** A websocket frame as received. */
export type FrameRecord = BinaryFrameRecord | TextFrameRecord;

/** A lifecycle event the stream emitted (listen keys in it are masked, as the stream masks them). */
export interface LifecycleRecord {
  readonly record: 'lifecycle';
  /** When it was emitted, epoch ms. */
  readonly at: number;
  readonly event: LifecycleEvent;
}

/** A REST call's failure, as written: its class's name and its message (secrets removed). */
export interface RecordedError {
  readonly name: string;
  readonly message: string;
}

/** What every REST record holds. */
interface RestFields {
  readonly record: 'rest';
  /** When the reply arrived, epoch ms. */
  readonly at: number;
  /** The operation's id (`L1`, `M8`, ...), or the name given to a call of the user's own. */
  readonly operation: string;
  /** The call's parameters, secrets removed (see docs/recordings.md). */
  readonly params: Readonly<Record<string, unknown>>;
}

/** A REST call that succeeded: its decoded result, as JSON. */
export interface RestReplyRecord extends RestFields {
  readonly reply: unknown;
}

/** A REST call that failed. */
export interface RestErrorRecord extends RestFields {
  readonly error: RecordedError;
}

/** A REST call the stream or the state operators made (listen keys, seeds, resyncs), with its outcome. */
export type RestRecord = RestReplyRecord | RestErrorRecord;

/** The writer could not keep up and left records out; the file says so here. */
export interface OverflowRecord {
  readonly record: 'overflow';
  /** When writing resumed, epoch ms. */
  readonly at: number;
  /** When the first record left out happened, epoch ms. */
  readonly since: number;
  /** How many records were left out. */
  readonly records: number;
}

/** Any record of a recording, told apart by `record`. */
export type RecordingRecord = HeaderRecord | FrameRecord | LifecycleRecord | RestRecord | OverflowRecord;

/** A record after the header. */
export type SessionRecord = Exclude<RecordingRecord, HeaderRecord>;

/** What a reader found wrong in a line and skipped (the line number is 1-based). */
export interface RecordingDiagnostic {
  readonly code: RecordingDiagnosticCode;
  /** The line, from 1. */
  readonly line: number;
  /** What was wrong, in words: field paths and rules, never the line's values. */
  readonly message: string;
}

/**
 * Kinds of {@link RecordingDiagnostic}: `truncated-last-line` (the last line is cut short, as when
 * the writing process was killed), `malformed-line` (a line that is not a valid record),
 * `unknown-record` (a record type this version does not know), `extra-header` (a header after the
 * first line), `frame-refused` (on replay: a delivered frame the decoder now refuses).
 */
export type RecordingDiagnosticCode = 'truncated-last-line' | 'malformed-line' | 'unknown-record' | 'extra-header' | 'frame-refused';
