/**
 * The websocket as the stream sees it: the W3C `WebSocket` surface, so the browser's own socket,
 * `ws` in Node (through isomorphic-ws), or a test double all fit.
 *
 * @module
 */
import WebSocket from 'isomorphic-ws';

/** A message event as delivered to `onmessage`. */
export interface SocketMessage {
  readonly data: unknown;
}

/** A close event as delivered to `onclose`. */
export interface SocketClose {
  readonly code: number;
  readonly reason: string;
}

/** The part of the W3C WebSocket the stream uses. */
export interface WebSocketLike {
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: SocketMessage) => void) | null;
  onclose: ((event: SocketClose) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Opens a websocket to a URL. */
export type WebSocketFactory = (url: string) => WebSocketLike;

/**
 * The default factory: the runtime's WebSocket (browsers) or `ws` (Node), via isomorphic-ws, with
 * binary frames delivered as `ArrayBuffer`.
 *
 * @example
 * ```ts
 * const socket = defaultWebSocketFactory('wss://wbs-api.mexc.com/ws?listenKey=...');
 * ```
 */
export const defaultWebSocketFactory: WebSocketFactory = (url) => {
  const socket = new WebSocket(url) as unknown as WebSocketLike;
  socket.binaryType = 'arraybuffer';
  return socket;
};
