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
 * The default factory: the runtime's WebSocket (browsers) or `ws` (Node), via isomorphic-ws. Binary
 * frames come as `ws`'s own buffers where it runs (no copy per frame), else as `ArrayBuffer`.
 *
 * @example
 * ```ts
 * const socket = defaultWebSocketFactory('wss://wbs-api.mexc.com/ws?listenKey=...');
 * ```
 */
export const defaultWebSocketFactory: WebSocketFactory = (url) => {
  const socket = new WebSocket(url) as unknown as WebSocketLike;
  try {
    // `ws` knows 'nodebuffer' (a Uint8Array view of what it read); browsers ignore the value, or
    // throw in old ones, and keep 'blob'.
    socket.binaryType = 'nodebuffer';
  } catch {
    // Falls through to 'arraybuffer'.
  }
  if (socket.binaryType !== 'nodebuffer') socket.binaryType = 'arraybuffer';
  return socket;
};
