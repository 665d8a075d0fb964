/**
 * The default socket is the runtime's own `WebSocket` where there is one, else (Node 20) `ws`. Its
 * binary type fits the class: `ws` is asked for 'nodebuffer', a browser's WebSocket for
 * 'arraybuffer' (it knows no 'nodebuffer' and warns about it). Either way the frame decoder gets
 * bytes it reads, down to the same events.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { filter, firstValueFrom, take, toArray } from 'rxjs';
import WebSocket, { WebSocketServer } from 'ws';
import { createClient } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { binaryTypeFor, webSocketFactoryFor, type defaultWebSocketFactory, type SocketClose, type SocketMessage, type WebSocketLike } from '../../src/stream/socket.js';
import { userDataStream } from '../../src/stream/user-data-stream.js';
import { orderEvent } from './fixtures.js';

/** Binary types a browser's WebSocket accepts (WHATWG `BinaryType`). */
const BROWSER_BINARY_TYPES = ['blob', 'arraybuffer'];

/**
 * A WebSocket that behaves like a browser's: it starts as 'blob', refuses any other binary type
 * than 'blob' or 'arraybuffer' with a console-style warning (as Chromium does), and delivers
 * binary frames as ArrayBuffers. Underneath, a real `ws` socket does the talking.
 */
class BrowserLikeSocket implements WebSocketLike {
  static readonly warnings: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: SocketMessage) => void) | null = null;
  onclose: ((event: SocketClose) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private type = 'blob';
  private readonly inner: WebSocket;

  constructor(url: string) {
    this.inner = new WebSocket(url);
    this.inner.binaryType = 'arraybuffer';
    this.inner.onopen = (event) => this.onopen?.(event);
    this.inner.onmessage = (event) => this.onmessage?.({ data: event.data });
    this.inner.onclose = (event) => this.onclose?.({ code: event.code, reason: event.reason });
    this.inner.onerror = (event) => this.onerror?.(event);
  }

  get binaryType(): string {
    return this.type;
  }

  set binaryType(value: string) {
    if (!BROWSER_BINARY_TYPES.includes(value)) {
      BrowserLikeSocket.warnings.push(`The provided value '${value}' is not a valid enum value of type BinaryType.`);
      return;
    }
    this.type = value;
  }

  send(data: string): void {
    this.inner.send(data);
  }

  close(code?: number, reason?: string): void {
    this.inner.close(code, reason);
  }
}

describe('binaryTypeFor', () => {
  it("asks ws's Node implementation for 'nodebuffer' and anything else for 'arraybuffer'", () => {
    expect(binaryTypeFor(WebSocket)).toBe('nodebuffer');
    expect(binaryTypeFor(BrowserLikeSocket)).toBe('arraybuffer');
    // Node 22's own WebSocket (undici), where there is one, is a browser-style socket too.
    expect(binaryTypeFor((globalThis as { WebSocket?: unknown }).WebSocket)).toBe('arraybuffer');
    expect(binaryTypeFor(undefined)).toBe('arraybuffer');
    expect(binaryTypeFor({ createWebSocketStream: () => undefined })).toBe('arraybuffer');
    // A browser-style class with a `terminate` (as Bun's has) is not ws.
    expect(binaryTypeFor(class { terminate(): void {} })).toBe('arraybuffer');
  });
});

describe('the sockets the factories open', () => {
  let server: WebSocketServer;
  let url: string;
  const binary = encodePushFrame(orderEvent);
  const text = encodeJsonFrame({ ...orderEvent, channel: 'spot@private.orders.v3.api' });

  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.on('connection', (socket) => {
      socket.send(binary);
      socket.send(text);
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The first two messages a socket receives. */
  function twoMessages(socket: WebSocketLike): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const data: unknown[] = [];
      socket.onerror = () => reject(new Error('socket error'));
      socket.onmessage = (event) => {
        data.push(event.data);
        if (data.length === 2) {
          socket.close();
          resolve(data);
        }
      };
    });
  }

  /** The default factory as the socket module decides it afresh, with the global `WebSocket` set to `own`. */
  async function defaultFactoryWith(own: unknown): Promise<typeof defaultWebSocketFactory> {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
    Object.defineProperty(globalThis, 'WebSocket', { value: own, configurable: true, writable: true });
    try {
      let factory: typeof defaultWebSocketFactory | undefined;
      await jest.isolateModulesAsync(async () => {
        factory = (await import('../../src/stream/socket.js')).defaultWebSocketFactory;
      });
      if (factory === undefined) throw new Error('the socket module did not load');
      // The module looks at the runtime when it opens its first socket.
      const first = factory(url);
      first.onerror = () => undefined;
      first.close();
      return factory;
    } finally {
      if (saved === undefined) Reflect.deleteProperty(globalThis, 'WebSocket');
      else Object.defineProperty(globalThis, 'WebSocket', saved);
    }
  }

  it("on a Node without a WebSocket of its own (Node 20), ws, with ws's own buffers (a Uint8Array), which decode to the event", async () => {
    const socket = (await defaultFactoryWith(undefined))(url);
    expect(socket).toBeInstanceOf(WebSocket);
    expect(socket.binaryType).toBe('nodebuffer');
    const [bytes, json] = await twoMessages(socket);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(typeof json).toBe('string');
    expect(decodeFrame(bytes as Uint8Array)).toEqual({ kind: 'event', event: orderEvent });
    expect(decodeFrame(json as string)).toEqual({ kind: 'event', event: { ...orderEvent, channel: 'spot@private.orders.v3.api' } });
  });

  it('on a runtime with a WebSocket of its own (browsers, Deno, Bun, Workers, Node 22+), that one, as it is', async () => {
    BrowserLikeSocket.warnings.length = 0;
    const socket = (await defaultFactoryWith(BrowserLikeSocket))(url);
    expect(socket).toBeInstanceOf(BrowserLikeSocket);
    expect(socket.binaryType).toBe('arraybuffer');
    const [bytes] = await twoMessages(socket);
    expect(decodeFrame(bytes as ArrayBuffer)).toEqual({ kind: 'event', event: orderEvent });
    expect(BrowserLikeSocket.warnings).toEqual([]);
  });

  it('in a browser, ArrayBuffers, with no warning about the binary type, which decode to the same event', async () => {
    BrowserLikeSocket.warnings.length = 0;
    const socket = webSocketFactoryFor(BrowserLikeSocket)(url);
    expect(socket.binaryType).toBe('arraybuffer');
    const [bytes] = await twoMessages(socket);
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    expect(decodeFrame(bytes as ArrayBuffer)).toEqual({ kind: 'event', event: orderEvent });
    expect(BrowserLikeSocket.warnings).toEqual([]);
  });
});

describe('a user data stream on a browser-style socket', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ realtime: true });
  });
  afterAll(() => sim.close());

  it('receives protobuf frames as ArrayBuffers and delivers the market events', async () => {
    BrowserLikeSocket.warnings.length = 0;
    const client = createClient({ baseUrl: sim.restUrl, wsUrl: sim.wsUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey });
    const events$ = userDataStream(client, { webSocketFactory: webSocketFactoryFor(BrowserLikeSocket) });
    const received = firstValueFrom(
      events$.pipe(
        filter((event) => event.type !== 'account'),
        take(2),
        toArray(),
      ),
    );
    await firstValueFrom(events$.pipe(filter((event) => event.type === 'connected')));
    const placed = sim.market.placeOrder({ account: sim.master.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
    const [connected, order] = await received;
    expect(connected?.type).toBe('connected');
    expect(order).toMatchObject({ type: 'order', channel: 'spot@private.orders.v3.api.pb', orderId: placed.orderId, status: 'NEW' });
    expect(BrowserLikeSocket.warnings).toEqual([]);
  });
});
