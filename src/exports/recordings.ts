/**
 * The recordings group of the root entry: the recorder and its sinks, replays, the recording
 * format's reader, writer and record types; and the frame decoder with its results. For bug
 * reports, backtests, regression tests and tools of your own over captured frames.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export { decodeFrame, type FrameData } from '../stream/decode-frame.js';
export type { ControlFrame, EventFrame, FrameResult, MalformedFrame, UnknownFrame } from '../stream/frame-result.js';
export type {
  ControlMessage,
  InvalidListenKeyNotice,
  OtherReply,
  PongReply,
  RefusedReply,
  ReplyFields,
  SubscriptionReply,
} from '../stream/control.js';
export { replaySession, type RecordedReplies, type ReplayOptions, type SessionReplay } from '../recording/replay-session.js';
export { recordingFile } from '../recording/recording-file.js';
export { recordingFileSink, type FileSink, type FileSinkOptions } from '../recording/recording-file-sink.js';
export type { Recording } from '../recording-hooks.js';
export { createRecorder, type Recorder, type RecorderDiagnostic, type RecorderOptions, type RecorderReport, type RecordingSink } from '../recording/recorder.js';
export type { RecordingInput, RecordingLines } from '../recording/recording-input.js';
export { RecordedRestError, RecordingFormatError } from '../recording/recording-errors.js';
export {
  createRecordingWriter,
  encodeRecord,
  type FrameInput,
  type HeaderInput,
  type LifecycleInput,
  type OverflowInput,
  type RecordingWriter,
  type RecordingWriterOptions,
  type RestInput,
  type RestInputFields,
} from '../recording/write-recording.js';
export { readRecording, readRecordingAsync, type RecordingItem } from '../recording/read-recording.js';
export {
  RECORDING_FORMAT,
  type BinaryFrameRecord,
  type FrameRecord,
  type HeaderRecord,
  type LifecycleRecord,
  type OverflowRecord,
  type RecordedError,
  type RecordingDiagnostic,
  type RecordingDiagnosticCode,
  type RecordingRecord,
  type RestErrorRecord,
  type RestRecord,
  type RestReplyRecord,
  type SessionRecord,
  type TextFrameRecord,
} from '../recording/format.js';
