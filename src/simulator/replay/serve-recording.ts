/**
 * `serveRecording`: a recorded session served on a websocket on 127.0.0.1, speaking the service's
 * protocol, so any client (the library, ccxt, your own) can be run against a real session.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { ValidationError, type ValidationIssue } from '../../errors.js';
import type { RecordingDiagnostic } from '../../recording/format.js';
import { openRecording, type RecordingInput } from '../../recording/recording-input.js';
import { HOST } from '../server.js';
import { serveConnection } from './replay-connection.js';

/** Settings of {@link serveRecording}. */
export interface ServeRecordingOptions {
  /**
   * Port on 127.0.0.1.
   * @default 0 (a free port)
   */
  readonly port?: number | undefined;
  /**
   * `'recorded'`: each frame at its recorded offset from the recording's first frame (divided by
   * `speed`), counted from the client's SUBSCRIPTION; `'as-fast-as-possible'`: every frame as fast
   * as the client reads them.
   * @default 'recorded'
   */
  readonly pace?: 'recorded' | 'as-fast-as-possible' | undefined;
  /**
   * With `pace: 'recorded'`, how many times faster than recorded. Finite, more than 0.
   * @default 1
   */
  readonly speed?: number | undefined;
  /**
   * The scheduler the recorded pace is waited on.
   * @default asyncScheduler
   */
  readonly scheduler?: SchedulerLike | undefined;
  /** Called with each line skipped while serving (cut short, malformed). Default: none. */
  readonly onDiagnostic?: ((diagnostic: RecordingDiagnostic) => void) | undefined;
  /**
   * Called when the recording cannot be read while serving a connection (the file was removed
   * meanwhile); that connection is closed with code 1011. Default: none.
   */
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** A running replay server. */
export interface RecordingServer {
  /** `ws://127.0.0.1:PORT/ws`: connect to it with any listen key (`?listenKey=anything`). */
  readonly url: string;
  readonly port: number;
  /** How many clients have connected so far. */
  readonly connections: () => number;
  /** Closes every connection and stops listening. Safe to call twice. */
  close(): Promise<void>;
}

function checked(options: ServeRecordingOptions): { readonly speed: number | undefined; readonly port: number } {
  const issues: ValidationIssue[] = [];
  const pace = options.pace ?? 'recorded';
  if (pace !== 'recorded' && pace !== 'as-fast-as-possible') issues.push({ field: 'pace', rule: "'recorded' or 'as-fast-as-possible'" });
  const speed = options.speed ?? 1;
  if (!(typeof speed === 'number' && Number.isFinite(speed) && speed > 0)) issues.push({ field: 'speed', rule: 'a finite number more than 0' });
  if (options.speed !== undefined && pace !== 'recorded') issues.push({ field: 'speed', rule: "only with pace 'recorded'" });
  const port = options.port ?? 0;
  if (!(Number.isSafeInteger(port) && port >= 0 && port <= 65_535)) issues.push({ field: 'port', rule: 'an integer from 0 to 65535' });
  if (issues.length > 0) throw new ValidationError({ operation: 'config', issues });
  return { speed: pace === 'recorded' ? speed : undefined, port };
}

/** Reads the recording's header, so a recording that cannot be served is refused before listening. */
async function checkHeader(input: RecordingInput): Promise<void> {
  const reading = openRecording(input);
  const first = await reading.items.next();
  await reading.items.return?.();
  if (first.done === true) throw new Error('unreachable: a reading ends with a header or an error');
}

/**
 * Serves a recording on a websocket on 127.0.0.1 that speaks the service's protocol: every path and
 * any listen key in the URL are accepted; SUBSCRIPTION of private channels is answered as the
 * service answers it (others are refused, as blocked), PING with PONG. From its first accepted
 * SUBSCRIPTION, each connection gets the whole recording's push frames, in order, byte for byte
 * (binary frames as binary, text as text), at the recorded pace or faster: not the service's
 * control replies, which the server makes itself, nor the copies the live stream dropped. The
 * recording is read afresh for each connection: give a file (`recordingFile(path)`), a text or a
 * list of lines, not a one-shot iterator. Node only.
 *
 * @throws ValidationError when an option is invalid; RecordingFormatError when the recording is of
 *   a newer format or not a recording.
 * @example
 * ```ts
 * import { recordingFile } from 'mexc-rx';
 * import { serveRecording } from 'mexc-rx/simulator';
 *
 * const server = await serveRecording(recordingFile('session.ndjson'), { speed: 10 });
 * console.log(`connect to ${server.url}?listenKey=anything`);
 * // ...
 * await server.close();
 * ```
 */
export async function serveRecording(input: RecordingInput, options: ServeRecordingOptions = {}): Promise<RecordingServer> {
  const { speed, port } = checked(options);
  await checkHeader(input);
  const wss = new WebSocketServer({ host: HOST, port, maxPayload: 64 * 1024 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const address = wss.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const sockets = new Set<WebSocket>();
  let connections = 0;
  const settings = {
    input,
    speed,
    scheduler: options.scheduler ?? asyncScheduler,
    onDiagnostic: options.onDiagnostic ?? (() => undefined),
    onFailure: options.onError ?? (() => undefined),
  };
  wss.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveConnection(socket, settings);
  });
  let closing: Promise<void> | undefined;
  return {
    url: `ws://${HOST}:${actualPort}/ws`,
    port: actualPort,
    connections: () => connections,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        wss.close(() => resolve());
      });
      return closing;
    },
  };
}
