/**
 * One websocket connection of a user data stream: open, subscribe, keep checking it is alive with
 * PING/PONG, decode frames, and report exactly once how it ended. It never reconnects by itself;
 * the supervisor decides what happens next.
 *
 * @module
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import { scheduleInSteps } from '../long-delays.js';
import type { ControlMessage } from './control.js';
import { decodeFrame } from './decode-frame.js';
import type { MarketEvent } from './events.js';
import type { ConnectionEndReason, DiagnosticCode } from './lifecycle.js';
import { Liveness } from './liveness.js';
import type { WebSocketFactory, WebSocketLike } from './socket.js';

/** What a connection reports to its owner. */
export interface ConnectionHandlers {
  /** Subscribed: events flow. Called at most once. */
  ready(): void;
  /** A decoded market event. */
  event(event: MarketEvent): void;
  /** Something absorbed: a malformed frame, a refused channel. */
  problem(code: DiagnosticCode, message: string): void;
  /** A PONG answered the oldest PING, sent `roundTripMs` ago. */
  pong(roundTripMs: number): void;
  /** The connection is over (not called after `close()`). Called at most once. */
  ended(reason: ConnectionEndReason): void;
}

/** Settings of one connection. */
export interface ConnectionOptions {
  /** Full URL including `?listenKey=`. */
  readonly url: string;
  readonly channels: readonly string[];
  readonly socketFactory: WebSocketFactory;
  readonly scheduler: SchedulerLike;
  readonly pingIntervalMs: number;
  readonly pingTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly handlers: ConnectionHandlers;
}

/** A running connection. */
export interface Connection {
  /**
   * The latest moment (epoch ms) up to which everything the service sent on this connection is
   * known to have arrived: the time the SUBSCRIPTION was sent once it is answered, the time a PING
   * was sent once its PONG arrives, an event's send time (never later than its arrival). Not the
   * arrival time of the last frame: frames the service sent just before that may still have been
   * in flight when the connection died, and a gap starting here must cover them.
   */
  readonly lastHealthyAt: number;
  /** Sends a PING now (its PONG moves {@link lastHealthyAt}; none within the timeout ends the connection as `stalled`). */
  probe(): void;
  /** Closes the socket; no further callbacks. */
  close(): void;
}

/** What a closed socket's late errors go to. */
function ignoreError(): void {
  // The connection is over; its socket's errors change nothing.
}

/** Longest part of a service-supplied name (a channel) quoted in a diagnostic. */
const NAME_MAX = 64;
/** Longest part of a service-supplied message quoted in a diagnostic. */
const MESSAGE_MAX = 256;

/** Quotes text from the service in a diagnostic, cut to `max` characters (a frame may be huge). */
function quote(text: string, max = NAME_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/**
 * A socket message's data as the decoder takes it: text, or bytes (a `ws` fragmented message
 * joined); `undefined` for any other type.
 *
 * @example
 * ```ts
 * toFrameData(new ArrayBuffer(2)); // Uint8Array [0, 0]
 * ```
 */
export function toFrameData(data: unknown): Uint8Array | string | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (Array.isArray(data) && data.every((part) => part instanceof Uint8Array)) {
    // ws may deliver fragmented messages as a list of buffers.
    const parts = data as Uint8Array[];
    const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.byteLength;
    }
    return out;
  }
  return undefined;
}

/**
 * Opens a connection and subscribes to `channels`.
 *
 * @example
 * ```ts
 * const connection = openConnection({ url, channels, socketFactory, scheduler, pingIntervalMs: 20000,
 *   pingTimeoutMs: 10000, connectTimeoutMs: 15000, handlers });
 * // later
 * connection.close();
 * ```
 */
export function openConnection(options: ConnectionOptions): Connection {
  return new SocketConnection(options);
}

/** One socket, its subscription, its PING/PONG and its end, reported once. */
class SocketConnection implements Connection {
  private over = false;
  private subscribed = false;
  /** When the SUBSCRIPTION was sent: what its reply proves delivered. */
  private subscribeSentAt: number;
  private readonly liveness: Liveness;
  private readonly connectTimer: Subscription;
  private pingTimer: Subscription | undefined;
  private socket: WebSocketLike | undefined;
  /** Whether the socket opened: an error after that is the start of its close. */
  private opened = false;

  constructor(private readonly options: ConnectionOptions) {
    const { scheduler } = options;
    this.subscribeSentAt = scheduler.now();
    this.liveness = new Liveness(scheduler, options.pingTimeoutMs, () => this.end('stalled'));
    this.connectTimer = scheduleInSteps(scheduler, () => this.end('connect-timeout'), options.connectTimeoutMs);
    try {
      this.socket = options.socketFactory(options.url);
    } catch {
      scheduler.schedule(() => this.end('socket-error'));
      return;
    }
    this.socket.onopen = () => {
      this.opened = true;
      this.subscribeSentAt = scheduler.now();
      this.send({ method: 'SUBSCRIPTION', params: options.channels });
    };
    this.socket.onmessage = (event) => this.onMessage(event.data);
    this.socket.onclose = () => this.end('closed-by-server');
    // An open connection lost without a close frame reads the same on every runtime: the WebSocket
    // standard (browsers, Deno, Bun, Node 22+) fires 'error' and then 'close', `ws` only 'close'.
    // So an error once open waits for the close that follows it; before open it is the socket's own.
    this.socket.onerror = () => {
      if (!this.opened) this.end('socket-error');
    };
  }

  get lastHealthyAt(): number {
    return this.liveness.lastHealthyAt;
  }

  probe(): void {
    if (this.over || this.socket === undefined) return;
    this.liveness.pingSent();
    this.send({ method: 'PING' });
  }

  close(): void {
    if (this.over) return;
    this.over = true;
    this.clearTimers();
    this.shutSocket();
  }

  private clearTimers(): void {
    this.connectTimer.unsubscribe();
    this.pingTimer?.unsubscribe();
    this.liveness.stop();
  }

  private shutSocket(): void {
    const s = this.socket;
    if (!s) return;
    s.onopen = null;
    s.onmessage = null;
    s.onclose = null;
    // Not null: `ws` (Node) reports closing a socket that is still connecting as an 'error' event,
    // and an 'error' event nobody listens to is thrown, an uncaught exception (a connect timeout
    // would crash the process). A listener that ignores it stays.
    s.onerror = ignoreError;
    try {
      s.close(1000, 'client closing');
    } catch {
      // Closing a socket that never opened may throw in some runtimes; it is gone either way.
    }
  }

  private end(reason: ConnectionEndReason): void {
    if (this.over) return;
    this.over = true;
    this.clearTimers();
    this.shutSocket();
    this.options.handlers.ended(reason);
  }

  private send(message: object): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      this.end('socket-error');
    }
  }

  // A fresh action per ping: rescheduling one action from inside itself chains virtual-time
  // actions into a list as long as the connection's life.
  private schedulePing(): void {
    this.pingTimer = scheduleInSteps(
      this.options.scheduler,
      () => {
        this.probe();
        if (!this.over) this.schedulePing();
      },
      this.options.pingIntervalMs,
    );
  }

  private onMessage(raw: unknown): void {
    if (this.over) return;
    const { handlers, scheduler } = this.options;
    const data = toFrameData(raw);
    if (data === undefined) {
      handlers.problem('malformed-frame', 'a frame of an unsupported type arrived');
      return;
    }
    const frame = decodeFrame(data);
    switch (frame.kind) {
      case 'event':
        this.liveness.deliveredUpTo(Math.min(scheduler.now(), frame.event.sendTime));
        handlers.event(frame.event);
        return;
      case 'control':
        this.onControl(frame.control);
        return;
      case 'unknown':
        handlers.problem('unknown-frame', `a frame of channel ${quote(frame.channel)}, which this stream did not subscribe to`);
        return;
      case 'malformed':
        handlers.problem('malformed-frame', frame.reason);
        return;
    }
  }

  private onControl(control: ControlMessage): void {
    const { handlers } = this.options;
    switch (control.type) {
      case 'pong': {
        const roundTripMs = this.liveness.pongReceived();
        if (roundTripMs !== undefined) handlers.pong(roundTripMs);
        return;
      }
      case 'subscription':
        if (this.subscribed) return;
        this.subscribed = true;
        this.liveness.deliveredUpTo(this.subscribeSentAt);
        this.connectTimer.unsubscribe();
        this.schedulePing();
        handlers.ready();
        return;
      case 'refused':
        handlers.problem('subscription-refused', `the service refused ${control.channels.map((c) => quote(c)).join(', ')}: ${quote(control.reason ?? 'no reason given', MESSAGE_MAX)}`);
        if (!this.subscribed) this.end('subscription-refused');
        return;
      case 'invalid-listen-key':
        this.end('invalid-listen-key');
        return;
      case 'reply':
        if (control.code !== 0 && control.code !== undefined) {
          handlers.problem(this.subscribed ? 'unknown-frame' : 'subscription-refused', `the service replied ${String(control.code)}: ${quote(control.msg, MESSAGE_MAX)}`);
        }
        return;
    }
  }
}
