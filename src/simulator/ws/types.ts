/**
 * The public face of the simulator's websocket side (`sim.ws`): connections as tests see them,
 * the push log, and fault injection.
 *
 * @module
 */
import type { PushRecord } from './push-log.js';
import type { WsCloseReason, WsRules } from './rules.js';

/** A websocket connection as tests see it. */
export interface WsConnectionView {
  /** Number of the connection, from 1, in order of opening. */
  readonly id: number;
  readonly listenKey: string;
  /** Uid of the key's owner. */
  readonly uid: string;
  /** Clock time it opened, epoch ms. */
  readonly openedAt: number;
  /** Channels it holds, in order of subscription. */
  readonly channels: readonly string[];
  /** Whether a test stalled it. */
  readonly stalled: boolean;
  readonly open: boolean;
  /** Clock time it ended, when it did. */
  readonly closedAt: number | undefined;
  /** Why it ended, when it did. */
  readonly closeReason: WsCloseReason | undefined;
  /** Client messages received. */
  readonly messages: number;
}

/** Which open connections a fault is for: one by id, every one of an account (name or uid), or of a listen key. */
export type WsTarget = { readonly connection: number } | { readonly account: string } | { readonly listenKey: string };

/**
 * What kind of bad frame {@link SimWs.sendMalformed} sends: `protobuf` (bytes that end inside a
 * field), `json` (an account frame whose balance is not a number), `text` (not JSON), `truncated`
 * (a genuine account frame cut in the middle), `wrong-types` (an account frame whose fields have
 * the wrong types), `oversized` (a well-formed frame of 1 MiB, its channel name that long) or
 * `unknown-channel` (a well-formed frame of a public channel). The last four come in the form of
 * the connection's first channel.
 */
export type MalformedKind = 'protobuf' | 'json' | 'text' | 'truncated' | 'wrong-types' | 'oversized' | 'unknown-channel';

/** The websocket side of a running simulator. */
export interface SimWs {
  /** `ws://127.0.0.1:PORT/ws`; connect to `${url}?listenKey=KEY`. */
  readonly url: string;
  /** The rules in force. */
  readonly rules: WsRules;
  /** Connections, newest last: every one still open and the most recent closed ones. */
  connections(filter?: { readonly account?: string; readonly listenKey?: string; readonly open?: boolean }): readonly WsConnectionView[];
  /** Every event pushed for an account (name or uid), oldest first, with where each went. */
  pushes(account: string): readonly PushRecord[];
  /** Ends the target connections abruptly (no close frame), as a network failure would. Returns how many. */
  drop(target: WsTarget): number;
  /**
   * Stalls (or, with `false`, revives) the target connections: no replies (not even PONG), no
   * pushes, no close. Returns how many.
   */
  stall(target: WsTarget, stalled?: boolean): number;
  /**
   * Sends the target connections a frame a client must refuse or skip ({@link MalformedKind}):
   * `protobuf` (truncated bytes), `json` (an account frame whose balance is not a number), `text`
   * (not JSON), `truncated`, `wrong-types`, `oversized` or `unknown-channel`. Default: `protobuf`
   * or `json`, the form of the connection's first channel. Returns how many were sent.
   */
  sendMalformed(target: WsTarget, kind?: MalformedKind): number;
  /** Expires a listen key now (as 60 minutes without keepalive would) and closes its connections. */
  expireKey(listenKey: string): void;
  /** Makes the next `times` (default 1) keepalives (L3) answer with the listen-key error, without extending the key. */
  refuseNextKeepAlive(times?: number): void;
  /** Refuses (or, with `false`, allows again) subscriptions to a channel, as the service's "Blocked!". */
  blockChannel(channel: string, blocked?: boolean): void;
}
