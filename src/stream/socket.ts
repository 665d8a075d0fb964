/**
 * The websocket as the stream sees it: the W3C `WebSocket` surface, so the runtime's own socket
 * (browsers, Workers, Deno, Bun, Node 22 and later), `ws` on a Node without one (through
 * isomorphic-ws), or a test double all fit.
 *
 * `ws` is loaded only where it is used, at the first socket, never by an `import`: a runtime with its
 * own `WebSocket` never loads it (on Deno, `ws` reads environment variables while loading, which a
 * program granted only network access may not), and a program that never streams does not pay for it.
 *
 * @module
 */
import { isNode, requirePackage } from '../internal/node-require.js';
import { UnsupportedRuntimeError } from '../unsupported-runtime.js';

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
 * is never tried there. `ws`'s class is told apart by what only it carries: the methods its
 * sockets have for a Node socket underneath (`setSocket`, `terminate`), or the static
 * `createWebSocketStream` its CommonJS entry adds (its ES module entry does not).
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 *
 * binaryTypeFor(WebSocket); // 'nodebuffer'
 * binaryTypeFor(globalThis.WebSocket); // 'arraybuffer'
 * ```
 */
export function binaryTypeFor(socketClass: unknown): 'nodebuffer' | 'arraybuffer' {
  if (typeof socketClass !== 'function') return 'arraybuffer';
  const { prototype, createWebSocketStream } = socketClass as { prototype?: { setSocket?: unknown; terminate?: unknown }; createWebSocketStream?: unknown };
  const isWs = typeof createWebSocketStream === 'function' || (typeof prototype?.setSocket === 'function' && typeof prototype.terminate === 'function');
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

/** The runtime's socket class once looked for: `null` when there is none. */
let runtimeClass: WebSocketClass | null | undefined;

/**
 * The runtime's own `WebSocket` where there is one; on a Node without it (Node 20), `ws`, through
 * isomorphic-ws, loaded now; else `undefined`.
 */
function findSocketClass(): WebSocketClass | undefined {
  if (runtimeClass === undefined) {
    const own = (globalThis as { readonly WebSocket?: unknown }).WebSocket;
    const found = typeof own === 'function' ? own : isNode() ? requirePackage<unknown>('isomorphic-ws') : undefined;
    runtimeClass = typeof found === 'function' ? (found as WebSocketClass) : null;
  }
  return runtimeClass ?? undefined;
}

/** The runtime's socket class. @throws {@link UnsupportedRuntimeError} when there is none. */
function runtimeSocketClass(): WebSocketClass {
  const found = findSocketClass();
  if (found === undefined) throw new UnsupportedRuntimeError({ operation: 'userDataStream', missing: 'WebSocket' });
  return found;
}

/**
 * Refuses a runtime with no socket the default factory can open, before a stream is made.
 *
 * @throws {@link UnsupportedRuntimeError} naming `WebSocket` when there is neither a global
 * `WebSocket` nor, on Node, `ws`.
 * @example
 * ```ts
 * if (options.webSocketFactory === defaultWebSocketFactory) assertRuntimeWebSocket();
 * ```
 */
export function assertRuntimeWebSocket(): void {
  runtimeSocketClass();
}

let runtimeFactory: WebSocketFactory | undefined;

/**
 * The default factory: the runtime's own `WebSocket`, or `ws` on a Node without one. Binary frames
 * come as `ws`'s own buffers from `ws` (no copy per frame), as `ArrayBuffer`s elsewhere.
 *
 * @throws {@link UnsupportedRuntimeError} when the runtime has no socket to open.
 * @example
 * ```ts
 * const socket = defaultWebSocketFactory('wss://wbs-api.mexc.com/ws?listenKey=...');
 * ```
 */
export const defaultWebSocketFactory: WebSocketFactory = (url) => (runtimeFactory ??= webSocketFactoryFor(runtimeSocketClass()))(url);
