/**
 * A recorder made in the test, from the pieces a client can be given today: a websocket factory
 * that sees every frame each connection receives (and whether the stream delivered its event),
 * the stream's first subscriber (its lifecycle events), and REST sources wrapped to note their
 * replies. Each is written with the recording writer, in the order it happened, as the recorder
 * hooked into the library will.
 */
import { defer, tap, type Observable, type Subscription } from 'rxjs';
import WebSocket from 'ws';
import { createRecordingWriter, type RecordingWriter } from '../../src/recording/write-recording.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { webSocketFactoryFor, type SocketMessage, type WebSocketClass, type WebSocketFactory, type WebSocketLike } from '../../src/stream/socket.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';

/** Settings of a capture. */
export interface CaptureOptions {
  readonly now: () => number;
  readonly secrets: readonly string[];
  readonly channels: readonly string[];
  readonly wsUrl: string;
}

/** A capture under way. */
export interface SessionCapture {
  /** Give this to `userDataStream` as its `webSocketFactory`. */
  readonly factory: WebSocketFactory;
  /** The events the live stream emitted, in order. */
  readonly events: UserDataEvent[];
  /** Frames received per connection (control replies included). */
  readonly framesOf: (connection: number) => number;
  /** How many frames were marked dropped. */
  readonly dropped: () => number;
  /** Subscribe this first to the live stream: it counts deliveries and records lifecycle events. */
  watch(events$: Observable<UserDataEvent>): Subscription;
  /** `source`, with its reply (or failure) recorded under `operation` when it comes. */
  recorded<T>(operation: string, params: object, source: () => Observable<T>): Observable<T>;
  /** The recording so far, as file text. */
  file(): string;
}

function isMarket(event: UserDataEvent): boolean {
  return event.type === 'account' || event.type === 'deal' || event.type === 'order';
}

/**
 * Starts a capture: its header is written at once.
 *
 * @example
 * ```ts
 * const capture = startCapture({ now: () => sim.clock.now(), secrets: [apiKey, secretKey], channels, wsUrl: sim.wsUrl });
 * const live$ = userDataStream(client, { webSocketFactory: capture.factory });
 * capture.watch(live$);
 * ```
 */
export function startCapture(options: CaptureOptions): SessionCapture {
  const writer: RecordingWriter = createRecordingWriter({ secrets: options.secrets });
  const lines: string[] = [writer.header({ startedAt: options.now(), channels: options.channels, wsUrl: options.wsUrl })];
  const events: UserDataEvent[] = [];
  const perConnection = new Map<number, number>();
  let delivered = 0;
  let dropped = 0;
  let opened = 0;
  const inner = webSocketFactoryFor(WebSocket as unknown as WebSocketClass);

  const wrapSocket = (socket: WebSocketLike, connection: number): WebSocketLike => {
    const handle = (handler: ((event: SocketMessage) => void) | null): ((event: SocketMessage) => void) | null =>
      handler === null
        ? null
        : (event) => {
            const data = event.data as Uint8Array | string;
            perConnection.set(connection, (perConnection.get(connection) ?? 0) + 1);
            const at = options.now();
            const slot = lines.push('') - 1;
            const before = delivered;
            handler(event);
            const decoded = decodeFrame(data);
            const wasDropped = decoded.kind === 'event' && delivered === before;
            if (wasDropped) dropped += 1;
            lines[slot] = writer.frame({ connection, at, data, dropped: wasDropped });
          };
    return {
      get binaryType() {
        return socket.binaryType;
      },
      set binaryType(value) {
        socket.binaryType = value;
      },
      send: (data) => socket.send(data),
      close: (code, reason) => socket.close(code, reason),
      get onopen() {
        return socket.onopen;
      },
      set onopen(handler) {
        socket.onopen = handler;
      },
      get onmessage() {
        return socket.onmessage;
      },
      set onmessage(handler) {
        socket.onmessage = handle(handler);
      },
      get onclose() {
        return socket.onclose;
      },
      set onclose(handler) {
        socket.onclose = handler;
      },
      get onerror() {
        return socket.onerror;
      },
      set onerror(handler) {
        socket.onerror = handler;
      },
    };
  };

  return {
    factory: (url) => {
      opened += 1;
      writer.listenKey(new URL(url).searchParams.get('listenKey') ?? '');
      return wrapSocket(inner(url), opened);
    },
    events,
    framesOf: (connection) => perConnection.get(connection) ?? 0,
    dropped: () => dropped,
    watch: (events$) =>
      events$.subscribe((event) => {
        events.push(event);
        if (isMarket(event)) delivered += 1;
        else lines.push(writer.lifecycle({ at: options.now(), event: event as Exclude<UserDataEvent, { type: 'account' | 'deal' | 'order' }> }));
      }),
    recorded: (operation, params, source) =>
      defer(source).pipe(
        tap({
          next: (reply) => lines.push(writer.rest({ operation, at: options.now(), params, reply })),
          error: (error: unknown) => lines.push(writer.rest({ operation, at: options.now(), params, error })),
        }),
      ),
    file: () => `${lines.join('\n')}\n`,
  };
}
