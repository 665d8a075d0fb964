/**
 * What a recorder is to the client and the stream: the hooks they hand what happened to (a REST
 * call's outcome, a frame as received, a lifecycle event). The recorder itself
 * (`createRecorder`, in `src/recording/`) sits above both; this contract sits below them, so
 * neither imports up a layer. The hooks are reached through a symbol: they are no part of the
 * recorder's public face.
 *
 * @module
 */
import { slot } from './internal/slot.js';
import type { Rule } from './settings/rules.js';

/** Where a recorder keeps its hooks. */
export const RECORDER_HOOKS = Symbol('mexc-rx recorder hooks');

/** A REST call's outcome, as the client (or the stream's key source) hands it over. */
export type RecordedCall =
  | { readonly operation: string; readonly at: number; readonly params: unknown; readonly reply: unknown }
  | { readonly operation: string; readonly at: number; readonly params: unknown; readonly error: unknown };

/** What one stream hands its recorder. Each call is cheap and never throws. */
export interface StreamTap {
  /** A listen key the stream is about to use (in a socket's URL): masked from now on. */
  listenKey(key: string): void;
  /**
   * A frame as received on connection `connection`, before the stream handles it (its place in
   * the recording kept); call what it returns right after, saying whether the stream dropped its
   * event (did not deliver it).
   */
  frame(connection: number, at: number, data: string | Uint8Array): (dropped: boolean) => void;
  /** A lifecycle event the stream emitted. */
  lifecycle(at: number, event: { readonly type: string }): void;
  /** A call of the stream's key source (when the recorder does not already see the client's calls). */
  rest(call: RecordedCall): void;
}

/** The hooks of a recorder. Each call is cheap and never throws. */
export interface RecorderHooks {
  /** A client was given the recorder: its secrets are kept out, and its REST calls are recorded by it. */
  attachClient(secrets: readonly (string | undefined)[]): void;
  /** Whether a client was given the recorder (its key calls are then recorded as the client's calls). */
  recordsClientCalls(): boolean;
  /** A REST call of the client, with its outcome. */
  rest(call: RecordedCall): void;
  /** A stream starts: the channels it subscribes to, its websocket URL. */
  stream(start: { readonly at: number; readonly channels: readonly string[]; readonly wsUrl: string }): StreamTap;
  /** Resolves once everything recorded so far was handed to the sink (or left out, saying so). Never rejects. */
  flush(): Promise<void>;
  /**
   * What the client and the stream wrap around their calls, key sources and runs to record them:
   * brought by the recorder (`createRecorder` imports them), so that a page without a recorder
   * carries none of their code.
   */
  readonly wrappers: RecorderWrappers;
}

/**
 * The recording wrappers a recorder brings (see {@link RecorderHooks.wrappers}). Each is declared
 * by the module that defines it, in its own layer, by adding its member here (a module
 * augmentation: `src/client/recorded-client.ts` adds `execute` and `closeThenFlush`,
 * `src/stream/recorded-key-source.ts` adds `keySource`, `src/stream/supervisor/stream-recording.ts`
 * adds `startRun`), so this contract, which the client and the stream import, imports neither.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by module augmentation
export interface RecorderWrappers {}

/** What the `recorder` option of `createClient` and `userDataStream` takes: a recorder made by `createRecorder`. */
export interface Recording {
  /** @internal The hooks the client and the stream hand what happened to. */
  readonly [RECORDER_HOOKS]: RecorderHooks;
}

/** A recorder, as a setting of the client and of a stream. */
export const RECORDER: Rule<Recording> = {
  words: 'a recorder (from createRecorder)',
  accepts: (value): value is Recording => typeof value === 'object' && value !== null && typeof (value as Partial<Recording>)[RECORDER_HOOKS] === 'object',
};

/** Where a client keeps the recorder it was given (a slot: no field of the `Client` type; a spread copy keeps it). */
const CLIENT_RECORDER = slot<RecorderHooks>('mexc-rx client recorder');

/**
 * Gives `client` its recorder's hooks, for its streams to find.
 *
 * @example
 * ```ts
 * return withRecorder(client, settings.recorder?.[RECORDER_HOOKS]);
 * ```
 */
export const withRecorder: <C extends object>(client: C, hooks: RecorderHooks | undefined) => C = CLIENT_RECORDER.put;

/**
 * The hooks of the recorder a client was given, or `undefined`.
 *
 * @example
 * ```ts
 * const hooks = options.recorder?.[RECORDER_HOOKS] ?? clientRecorder(client);
 * ```
 */
export const clientRecorder = CLIENT_RECORDER.of;
