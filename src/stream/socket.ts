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

/** A websocket class: the runtime's own, `ws`'s, or a test double. */
export type WebSocketClass = new (url: string) => WebSocketLike;

/**
 * The binary type a socket made by `socketClass` should be asked for: `'nodebuffer'` where the
 * class is `ws`'s Node implementation (binary frames arrive as `ws`'s own buffers, a `Uint8Array`,
 * with no copy per frame), `'arraybuffer'` everywhere else. A browser's `WebSocket` knows only
 * `'blob'` and `'arraybuffer'`, and logs a console warning for any other value, so `'nodebuffer'`
 * is never tried there. `ws`'s class is told apart by what only it carries: its static
 * `createWebSocketStream`.
 *
 * @example
 * ```ts
 * import WebSocket from 'isomorphic-ws';
 *
 * binaryTypeFor(WebSocket); // 'nodebuffer' in Node (ws), 'arraybuffer' in a browser bundle
 * ```
 */
export function binaryTypeFor(socketClass: unknown): 'nodebuffer' | 'arraybuffer' {
  const isWs = typeof socketClass === 'function' && typeof (socketClass as { createWebSocketStream?: unknown }).createWebSocketStream === 'function';
  return isWs ? 'nodebuffer' : 'arraybuffer';
}

/**
 * A factory that opens sockets of `socketClass`, each asked for the binary type the class
 * supports ({@link binaryTypeFor}).
 *
 * @example
 * ```ts
 * const factory = webSocketFactoryFor(globalThis.WebSocket);
 * const socket = factory('wss://wbs-api.mexc.com/ws?listenKey=...'); // socket.binaryType === 'arraybuffer'
 * ```
 */
export function webSocketFactoryFor(socketClass: WebSocketClass): WebSocketFactory {
  const binaryType = binaryTypeFor(socketClass);
  return (url) => {
    const socket = new socketClass(url);
    socket.binaryType = binaryType;
    return socket;
  };
}

/**
 * The default factory: the runtime's WebSocket (browsers) or `ws` (Node), via isomorphic-ws. Binary
 * frames come as `ws`'s own buffers in Node (no copy per frame), as `ArrayBuffer`s in browsers.
 *
 * @example
 * ```ts
 * const socket = defaultWebSocketFactory('wss://wbs-api.mexc.com/ws?listenKey=...');
 * ```
 */
export const defaultWebSocketFactory: WebSocketFactory = webSocketFactoryFor(WebSocket as unknown as WebSocketClass);
