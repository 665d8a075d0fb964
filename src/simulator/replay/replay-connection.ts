/**
 * One client of a replay server: it speaks the service's protocol (SUBSCRIPTION, UNSUBSCRIPTION
 * and PING answered as the service answers them) and, from its first accepted SUBSCRIPTION, gets
 * the recording's push frames, byte for byte, at the recorded pace (divided by the speed) or as
 * fast as it reads them.
 *
 * @module
 */
import type { SchedulerLike } from 'rxjs';
import type { RawData, WebSocket } from 'ws';
import type { RecordingDiagnostic } from '../../recording/format.js';
import type { RecordingInput } from '../../recording/recording-input.js';
import { isPrivateChannel } from '../../stream/channels.js';
import { parseClientMessage, refusalMessage, replyText } from '../ws/protocol.js';
import { servedFrames } from './served-frames.js';

/** What a connection is served from. */
export interface ReplayConnectionSettings {
  readonly input: RecordingInput;
  /** `undefined`: as fast as the client reads; else the recorded pace divided by this. */
  readonly speed: number | undefined;
  readonly scheduler: SchedulerLike;
  readonly onDiagnostic: (diagnostic: RecordingDiagnostic) => void;
  /** The recording could not be read: the connection is closed after this is called. */
  readonly onFailure: (error: unknown) => void;
}

const OPEN = 1;

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
}

/**
 * Serves one socket until it closes.
 *
 * @example
 * ```ts
 * wss.on('connection', (socket) => serveConnection(socket, settings));
 * ```
 */
export function serveConnection(socket: WebSocket, settings: ReplayConnectionSettings): void {
  let playing = false;
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => (closed = true));
  const send = (data: Uint8Array | string): Promise<void> =>
    new Promise((resolve) => {
      if (closed || socket.readyState !== OPEN) return resolve();
      socket.send(data, { binary: typeof data !== 'string' }, () => resolve());
    });
  const wait = (ms: number): Promise<void> => new Promise((resolve) => settings.scheduler.schedule(() => resolve(), ms));

  const play = async (): Promise<void> => {
    const start = settings.scheduler.now();
    try {
      for await (const frame of servedFrames(settings.input, settings.onDiagnostic)) {
        if (closed) return;
        if (settings.speed !== undefined) {
          const due = start + frame.offsetMs / settings.speed;
          const now = settings.scheduler.now();
          if (due > now) await wait(due - now);
          if (closed) return;
        }
        await send(frame.data);
      }
    } catch (error: unknown) {
      settings.onFailure(error);
      socket.close(1011, 'the recording cannot be read');
    }
  };

  socket.on('message', (data, isBinary) => {
    if (isBinary || closed) return;
    const message = parseClientMessage(textOf(data));
    switch (message.kind) {
      case 'ping':
        void send(replyText('PONG', message.id));
        return;
      case 'subscribe': {
        const accepted = message.channels.filter(isPrivateChannel);
        const refused = message.channels.filter((channel) => !isPrivateChannel(channel));
        if (accepted.length > 0) void send(replyText(accepted.join(','), message.id));
        if (refused.length > 0 || accepted.length === 0) void send(replyText(refusalMessage(refused), message.id));
        if (accepted.length > 0 && !playing) {
          playing = true;
          void play();
        }
        return;
      }
      case 'unsubscribe':
        void send(replyText(message.channels.join(','), message.id));
        return;
      case 'other':
        void send(replyText(`Not support method: ${message.method}`, message.id, 1));
        return;
      case 'invalid':
        void send(replyText('Invalid message', 0, 1));
        return;
    }
  });
}
