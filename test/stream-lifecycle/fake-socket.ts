/**
 * A scripted websocket server for lifecycle tests in virtual time: every socket the stream opens is
 * recorded; by default each opens, answers SUBSCRIPTION and PING like the real service, and tests
 * push frames, stall, drop or refuse on demand. All its timing goes through the given scheduler.
 */
import type { SchedulerLike } from 'rxjs';
import type { SocketClose, SocketMessage, WebSocketFactory, WebSocketLike } from '../../src/stream/socket.js';

export interface FakeSocketBehaviour {
  /** Answer PING with PONG. Default true. */
  answerPings: boolean;
  /** Answer SUBSCRIPTION with the channel list. Default true. */
  answerSubscriptions: boolean;
  /** Keys the server considers invalid: connecting with one gets `Invalid listen key` and a close. */
  invalidKeys: Set<string>;
}

export class FakeSocket implements WebSocketLike {
  binaryType = 'blob';
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: SocketMessage) => void) | null = null;
  onclose: ((event: SocketClose) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: string[] = [];
  closedByClient = false;
  closed = false;
  subscribed = false;
  stalled = false;

  constructor(
    readonly url: string,
    readonly id: number,
    private readonly server: FakeServer,
  ) {}

  get listenKey(): string {
    return new URL(this.url).searchParams.get('listenKey') ?? '';
  }

  send(data: string): void {
    if (this.closed) throw new Error('send on a closed socket');
    this.sent.push(data);
    const message = JSON.parse(data) as { method: string; params?: string[] };
    if (this.stalled) return;
    if (message.method === 'SUBSCRIPTION' && this.server.behaviour.answerSubscriptions) {
      this.server.later(() => {
        this.subscribed = true;
        this.deliver(JSON.stringify({ id: 0, code: 0, msg: (message.params ?? []).join(',') }));
      });
    }
    if (message.method === 'PING' && this.server.behaviour.answerPings) {
      this.server.later(() => this.deliver(JSON.stringify({ id: 0, code: 0, msg: 'PONG' })));
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.closedByClient = true;
  }

  /** Server side: deliver a frame (text or binary). */
  deliver(data: string | Uint8Array): void {
    if (this.closed) return;
    this.onmessage?.({ data: typeof data === 'string' ? data : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) });
  }

  /** Server side: lose the connection as the WebSocket standard reports it: 'error', then 'close' 1006. */
  fail(): void {
    if (this.closed) return;
    this.onerror?.({ type: 'error' });
    this.drop(1006);
  }

  /** Server side: close the connection. */
  drop(code = 1006): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.({ code, reason: '' });
  }
}

export class FakeServer {
  readonly sockets: FakeSocket[] = [];
  readonly behaviour: FakeSocketBehaviour = { answerPings: true, answerSubscriptions: true, invalidKeys: new Set() };

  constructor(
    private readonly scheduler: SchedulerLike,
    private readonly latencyMs = 1,
  ) {}

  later(work: () => void, delayMs = this.latencyMs): void {
    this.scheduler.schedule(work, delayMs);
  }

  readonly factory: WebSocketFactory = (url) => {
    const socket = new FakeSocket(url, this.sockets.length + 1, this);
    this.sockets.push(socket);
    this.later(() => {
      if (socket.closed) return;
      if (this.behaviour.invalidKeys.has(socket.listenKey)) {
        socket.onopen?.({});
        socket.deliver('Invalid listen key');
        socket.drop(1000);
        return;
      }
      socket.onopen?.({});
    });
    return socket;
  };

  /** Sockets not closed yet. */
  open(): FakeSocket[] {
    return this.sockets.filter((s) => !s.closed);
  }

  /** Push a frame to every open, subscribed socket (as the service does for one account). */
  broadcast(frame: string | Uint8Array): void {
    for (const socket of this.open()) if (socket.subscribed && !socket.stalled) socket.deliver(frame);
  }
}
