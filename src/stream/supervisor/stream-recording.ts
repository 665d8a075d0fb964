/**
 * What a stream with a recorder records: each frame as its socket received it (its place in the
 * recording kept before the stream handles it, and marked `dropped` once the stream has decided
 * not to deliver its event), each lifecycle event it emits, and the listen keys it uses (masked
 * in everything written).
 *
 * @module
 */
import type { RecorderHooks, StreamTap } from '../../recording-hooks.js';
import { toFrameData } from '../connection.js';
import type { SocketMessage, WebSocketFactory, WebSocketLike } from '../socket.js';

declare module '../../recording-hooks.js' {
  interface RecorderWrappers {
    /** The recording of one run of a stream. */
    readonly startRun: typeof StreamRecording.start;
  }
}

type Finish = (dropped: boolean) => void;

/**
 * The recording of one run of a stream.
 *
 * @example
 * ```ts
 * const recording = StreamRecording.start(hooks, { at, channels, wsUrl }, () => scheduler.now());
 * const factory = recording?.factory(settings.webSocketFactory, 1) ?? settings.webSocketFactory;
 * ```
 */
export class StreamRecording {
  /** The frame being handled, until the connection says it held an event. */
  private current: Finish | undefined;
  /** Frames whose event awaits the supervisor's decision, by the event. */
  private readonly awaiting = new Map<object, Finish>();

  private constructor(
    private readonly tap: StreamTap,
    private readonly now: () => number,
  ) {}

  /** The recording of a run starting now, or `undefined` without a recorder. */
  static start(hooks: RecorderHooks | undefined, start: Parameters<RecorderHooks['stream']>[0], now: () => number): StreamRecording | undefined {
    return hooks === undefined ? undefined : new StreamRecording(hooks.stream(start), now);
  }

  /** A listen key about to be used: masked from now on. */
  listenKey(key: string): void {
    this.tap.listenKey(key);
  }

  /** A lifecycle event the stream emits. */
  lifecycle(event: { readonly type: string }): void {
    this.tap.lifecycle(this.now(), event);
  }

  /** `inner`, its sockets' frames recorded as those of connection `connection`. */
  factory(inner: WebSocketFactory, connection: number): WebSocketFactory {
    return (url) => this.wrap(inner(url), connection);
  }

  /** The connection decoded an event from the frame it is handling: the frame waits for the event's fate. */
  decoded(event: object): void {
    if (this.current === undefined) return;
    this.awaiting.set(event, this.current);
    this.current = undefined;
  }

  /** The supervisor delivered `event`, or decided not to (an overlap's copy, a connection it no longer holds). */
  settled(event: object, delivered: boolean): void {
    const finish = this.awaiting.get(event);
    if (finish === undefined) return;
    this.awaiting.delete(event);
    finish(!delivered);
  }

  /** The stream stopped: events never decided were never delivered. */
  stopped(): void {
    for (const finish of this.awaiting.values()) finish(true);
    this.awaiting.clear();
  }

  private received(connection: number, handler: (event: SocketMessage) => void): (event: SocketMessage) => void {
    return (event) => {
      const data = toFrameData(event.data);
      const finish = data === undefined ? undefined : this.tap.frame(connection, this.now(), data);
      this.current = finish;
      try {
        handler(event);
      } finally {
        // Not an event (a control reply, a malformed frame): nothing to drop.
        if (finish !== undefined && this.current === finish) finish(false);
        this.current = undefined;
      }
    };
  }

  private wrap(socket: WebSocketLike, connection: number): WebSocketLike {
    let handler: ((event: SocketMessage) => void) | null = null;
    const received = (event: SocketMessage): void => handler?.(event);
    const recorded = this.received(connection, received);
    // A plain object, not a Proxy: a browser's WebSocket methods refuse a Proxy as `this`.
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
      set onopen(value) {
        socket.onopen = value;
      },
      get onmessage() {
        return handler;
      },
      set onmessage(value) {
        handler = value;
        socket.onmessage = value === null ? null : recorded;
      },
      get onclose() {
        return socket.onclose;
      },
      set onclose(value) {
        socket.onclose = value;
      },
      get onerror() {
        return socket.onerror;
      },
      set onerror(value) {
        socket.onerror = value;
      },
    };
  }
}
