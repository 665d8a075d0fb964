/**
 * The errors of reading and replaying a recording.
 *
 * @module
 */
import { MexcError } from '../errors.js';

/**
 * A recording cannot be read at all: it was written in a newer format than this version reads
 * (`reason: 'newer-format'`: upgrade mexc-rx), or it is not a recording (`'not-a-recording'`: no
 * header on its first line; to read a file, pass `recordingFile(path)`, not the path itself).
 * Lines that are merely broken are skipped with a diagnostic instead.
 *
 * @example
 * ```ts
 * replaySession(lines).subscribe({
 *   error: (e) => { if (e instanceof RecordingFormatError && e.reason === 'newer-format') console.error('upgrade mexc-rx:', e.message); },
 * });
 * ```
 */
export class RecordingFormatError extends MexcError {
  override readonly name = 'RecordingFormatError' as const;
  /** Why the recording cannot be read. */
  readonly reason: 'newer-format' | 'not-a-recording';
  /** The format the recording says it is in, when it says (a number). */
  readonly format: number | undefined;
  /** No operation: reading a recording is none. */
  readonly operation = undefined;
  /** No request. */
  readonly target = undefined;

  constructor(args: { reason: 'newer-format' | 'not-a-recording'; message: string; format?: number | undefined }) {
    super(args.message);
    this.reason = args.reason;
    this.format = args.format;
  }
}

/**
 * A REST call recorded as failed, replayed: the seed or resync source of a replay fails with it
 * where the live one failed (`recordedName` and `message` are the recorded failure's).
 *
 * @example
 * ```ts
 * session.restReplies('M8').subscribe({ error: (e) => e instanceof RecordedRestError && console.log(e.recordedName) });
 * ```
 */
export class RecordedRestError extends MexcError {
  override readonly name = 'RecordedRestError' as const;
  /** The operation (or the name of the user's own call) as recorded. */
  readonly operation: string;
  /** No request was made: the reply is read from the recording. */
  readonly target = undefined;
  /** The name of the error the live call failed with, e.g. `ApiError`. */
  readonly recordedName: string;

  constructor(args: { operation: string; recordedName: string; message: string }) {
    super(`${args.operation}: recorded failure ${args.recordedName}: ${args.message}`);
    this.operation = args.operation;
    this.recordedName = args.recordedName;
  }
}
