/**
 * One websocket connection on the simulator's side: answers SUBSCRIPTION, UNSUBSCRIPTION and PING,
 * sends pushes, and ends itself when a rule says so (on the simulator's clock: one timer per
 * connection, set for the earliest deadline and re-checked when it fires).
 *
 * @module
 */
import type { RawData, WebSocket } from 'ws';
import { isPrivateChannel, privateChannelKind, type PrivateChannel, type PrivateChannelKind } from '../../stream/channels.js';
import type { SimClock } from '../clock.js';
import { parseClientMessage, refusalMessage, replyText } from './protocol.js';
import { closeFrameOf, nextDeadline, type WsCloseReason, type WsRules } from './rules.js';
import type { WsConnectionView } from './types.js';

/** What a connection needs from the server. */
export interface ConnectionDeps {
  readonly clock: SimClock;
  readonly rules: WsRules;
  /** Channels tests have blocked. */
  readonly blocked: ReadonlySet<string>;
  /** When the listen key expires, or `undefined` when it is no longer valid. */
  keyExpiresAt(listenKey: string): number | undefined;
  /** Called once when the connection ends, whoever ends it. */
  ended(connection: SimWsConnection): void;
}

const OPEN = 1;

/**
 * A connection of a valid listen key.
 *
 * @example
 * ```ts
 * wss.handleUpgrade(req, socket, head, (ws) => {
 *   const connection = new SimWsConnection(++lastId, key, uid, ws, deps);
 *   connection.channelsOf('account').forEach((channel) => connection.send(frameFor(channel, event)));
 * });
 * ```
 */
export class SimWsConnection {
  readonly openedAt: number;
  private lastMessageAt: number;
  private unsubscribedSince: number | undefined;
  private readonly channels = new Set<PrivateChannel>();
  private stalledFlag = false;
  private closedAt: number | undefined;
  private closeReason: WsCloseReason | undefined;
  private messages = 0;
  private windowStart = -Infinity;
  private windowCount = 0;
  private cancelCheck: (() => void) | undefined;
  private checkAt = Infinity;

  constructor(
    readonly id: number,
    readonly listenKey: string,
    readonly uid: string,
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.openedAt = deps.clock.now();
    this.lastMessageAt = this.openedAt;
    this.unsubscribedSince = this.openedAt;
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.finish('client'));
    socket.on('error', () => this.finish('client'));
    this.arm();
  }

  /** Whether the connection is still open. */
  get open(): boolean {
    return this.closedAt === undefined;
  }

  /** Whether a test stalled it. */
  get stalled(): boolean {
    return this.stalledFlag;
  }

  /** Stalls or revives it. */
  setStalled(stalled: boolean): void {
    this.stalledFlag = stalled;
  }

  /** The subscribed channels of a kind (a client may hold both the protobuf and the JSON one). */
  channelsOf(kind: PrivateChannelKind): PrivateChannel[] {
    return [...this.channels].filter((c) => privateChannelKind(c) === kind);
  }

  /** The first subscribed channel, if any. */
  firstChannel(): PrivateChannel | undefined {
    return this.channels.values().next().value;
  }

  /** Sends a frame if the connection is open; `false` otherwise. */
  send(data: string | Uint8Array): boolean {
    if (!this.open || this.socket.readyState !== OPEN) return false;
    this.socket.send(data);
    return true;
  }

  /** Ends the connection with a close frame saying why. */
  close(reason: WsCloseReason): void {
    if (!this.open) return;
    const frame = closeFrameOf(reason);
    this.finish(reason);
    if (frame.code === 1006) this.socket.terminate();
    else this.socket.close(frame.code, frame.text);
  }

  /** Ends the connection abruptly, with no close frame. */
  drop(): void {
    if (!this.open) return;
    this.finish('dropped');
    this.socket.terminate();
  }

  /** The connection as tests see it. */
  view(): WsConnectionView {
    return {
      id: this.id,
      listenKey: this.listenKey,
      uid: this.uid,
      openedAt: this.openedAt,
      channels: [...this.channels],
      stalled: this.stalledFlag,
      open: this.open,
      closedAt: this.closedAt,
      closeReason: this.closeReason,
      messages: this.messages,
    };
  }

  private finish(reason: WsCloseReason): void {
    if (!this.open) return;
    this.closedAt = this.deps.clock.now();
    this.closeReason = reason;
    this.cancelCheck?.();
    this.cancelCheck = undefined;
    this.deps.ended(this);
  }

  /** Sets the rule timer for the earliest deadline, unless one is already set for earlier. */
  private arm(): void {
    if (!this.open) return;
    const deadline = nextDeadline(
      {
        openedAt: this.openedAt,
        lastMessageAt: this.lastMessageAt,
        unsubscribedSince: this.unsubscribedSince,
        keyExpiresAt: this.deps.keyExpiresAt(this.listenKey),
      },
      this.deps.rules,
    );
    const now = this.deps.clock.now();
    if (deadline.at <= now) {
      this.close(deadline.reason);
      return;
    }
    if (this.cancelCheck !== undefined && this.checkAt <= deadline.at) return;
    this.cancelCheck?.();
    this.checkAt = deadline.at;
    this.cancelCheck = this.deps.clock.setTimer(deadline.at - now, () => {
      this.cancelCheck = undefined;
      this.arm();
    });
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (!this.open) return;
    const now = this.deps.clock.now();
    this.messages += 1;
    this.lastMessageAt = now;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount += 1;
    if (this.windowCount > this.deps.rules.messagesPerSecond) {
      this.close('too-many-messages');
      return;
    }
    if (isBinary || this.stalledFlag) return;
    const message = parseClientMessage(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));
    switch (message.kind) {
      case 'ping':
        this.send(replyText('PONG', message.id));
        return;
      case 'subscribe':
        this.subscribe(message.id, message.channels);
        return;
      case 'unsubscribe':
        for (const channel of message.channels) if (isPrivateChannel(channel)) this.channels.delete(channel);
        this.send(replyText(message.channels.join(','), message.id));
        if (this.channels.size === 0 && this.unsubscribedSince === undefined) {
          this.unsubscribedSince = now;
          this.arm();
        }
        return;
      case 'other':
        this.send(replyText(`Not support method: ${message.method}`, message.id, 1));
        return;
      case 'invalid':
        this.send(replyText('Invalid message', 0, 1));
        return;
    }
  }

  private subscribe(id: number, requested: readonly string[]): void {
    const accepted: string[] = [];
    const refused: string[] = [];
    for (const channel of requested) {
      const fits = this.channels.has(channel as PrivateChannel) || this.channels.size < this.deps.rules.subscriptionsPerConnection;
      if (isPrivateChannel(channel) && !this.deps.blocked.has(channel) && fits) {
        this.channels.add(channel);
        accepted.push(channel);
      } else {
        refused.push(channel);
      }
    }
    if (accepted.length > 0) {
      this.unsubscribedSince = undefined;
      this.send(replyText(accepted.join(','), id));
    }
    if (refused.length > 0 || accepted.length === 0) this.send(replyText(refusalMessage(refused), id));
  }
}
