/**
 * The frames a replay server sends: the recording's push frames as received, in order, each with
 * its offset from the recording's first frame. Not sent: the service's control replies (PONG,
 * subscription answers, `Invalid listen key`: the server answers its own client), and the frames
 * the live stream dropped as an overlap's copies (so one connection gets each push once, as the
 * live stream delivered it).
 *
 * @module
 */
import { base64Decode } from '@bufbuild/protobuf/wire';
import type { FrameRecord, RecordingDiagnostic } from '../../recording/format.js';
import type { RecordingItem } from '../../recording/read-recording.js';
import { openRecording, type RecordingInput } from '../../recording/recording-input.js';
import { decodeFrame } from '../../stream/decode-frame.js';

/** A frame to send. */
export interface ServedFrame {
  /** Its recorded receive time minus the recording's first frame's, ms. */
  readonly offsetMs: number;
  /** Bytes are sent as a binary frame, a string as a text frame. */
  readonly data: Uint8Array | string;
}

function served(record: FrameRecord): Uint8Array | string | undefined {
  if (record.dropped === true) return undefined;
  if ('binary' in record) return base64Decode(record.binary);
  return decodeFrame(record.text).kind === 'control' ? undefined : record.text;
}

/**
 * The frames of `input` to serve, read as they are sent (a large recording is never held whole).
 *
 * @throws RecordingFormatError (when iterated) when the recording cannot be read.
 * @example
 * ```ts
 * for await (const frame of servedFrames(recordingFile('session.ndjson'), console.warn)) socket.send(frame.data);
 * ```
 */
export async function* servedFrames(input: RecordingInput, onDiagnostic: (diagnostic: RecordingDiagnostic) => void): AsyncGenerator<ServedFrame, void, undefined> {
  const reading = openRecording(input);
  const items: AsyncIterator<RecordingItem> | Iterator<RecordingItem> = reading.items;
  let first: number | undefined;
  for (let read = await items.next(); read.done !== true; read = await items.next()) {
    const item = read.value;
    if (item.kind === 'diagnostic') onDiagnostic(item.diagnostic);
    if (item.kind !== 'record' || item.record.record !== 'frame') continue;
    first ??= item.record.at;
    const data = served(item.record);
    if (data !== undefined) yield { offsetMs: Math.max(0, item.record.at - first), data };
  }
}
