/**
 * The two receivers of the end-to-end benchmark, each taking one run of pushes from the simulator
 * child and stamping every data frame on the machine's monotonic clock:
 *
 * - the library: `userDataStream` (protobuf channels), stamped where the subscriber gets each
 *   event, and also where its socket got the frame (a `message` listener added to the socket
 *   before the stream's own, so it runs first);
 * - the raw client: a bare `ws` socket subscribed to the same channels, stamped in its `message`
 *   listener; nothing decoded.
 *
 * @module
 */
import { firstValueFrom } from 'rxjs';
import { WebSocket } from 'ws';
import { closeListenKey, createListenKey } from '../src/operations/listen-key.js';
import { PROTOBUF_CHANNELS } from '../src/stream/channels.js';
import { defaultWebSocketFactory, type WebSocketFactory } from '../src/stream/socket.js';
import { userDataStream } from '../src/stream/user-data-stream.js';
import type { Client } from '../src/client/types.js';
import { waitFor } from './wait.js';

/** The monotonic clock, ns (the child stamps sends on the same clock). */
function nowNs(): number {
  return Number(process.hrtime.bigint());
}

/** What a receiver saw of one run. */
export interface Reception {
  /** When each data frame's `message` event fired, ns, in order of arrival. */
  readonly arrivedAtNs: readonly number[];
  /** When the subscriber got each event, ns (the library only; the raw client's is its arrival). */
  readonly deliveredAtNs: readonly number[];
  /** CPU time of this process (user + system) from the request to the last frame, µs. */
  readonly cpuMicros: number;
}

/** Runs the pushes (`push` resolves with the send stamps) and returns the sends with what arrived. */
export type Push = () => Promise<readonly number[]>;

/** A receiver: connects, has `push` run, waits for every frame, disconnects. */
export type Receiver = (push: Push) => Promise<{ readonly sentAtNs: readonly number[]; readonly reception: Reception }>;

/** Runs `push`, then waits until `received()` has every frame it sent; measures this process's CPU meanwhile. */
async function pushAndReceive(push: Push, received: () => number, failure: () => string | undefined): Promise<{ sentAtNs: readonly number[]; cpuMicros: number }> {
  const cpu = process.cpuUsage();
  const sentAtNs = await push();
  await waitFor(`${sentAtNs.length} frames (${received()} so far)`, () => received() >= sentAtNs.length, failure);
  const used = process.cpuUsage(cpu);
  if (received() !== sentAtNs.length) throw new Error(`${received()} frames arrived, ${sentAtNs.length} were sent`);
  return { sentAtNs, cpuMicros: used.user + used.system };
}

/**
 * The library receiver for `client`.
 *
 * @example
 * ```ts
 * const { sentAtNs, reception } = await libraryReceiver(client)(push);
 * ```
 */
export function libraryReceiver(client: Client): Receiver {
  return async (push) => {
    const arrivedAtNs: number[] = [];
    const deliveredAtNs: number[] = [];
    const tappedFactory: WebSocketFactory = (url) => {
      const socket = defaultWebSocketFactory(url);
      (socket as unknown as WebSocket).addEventListener('message', (event) => {
        if (typeof event.data !== 'string') arrivedAtNs.push(nowNs());
      });
      return socket;
    };
    let connected = false;
    let trouble: string | undefined;
    const subscription = userDataStream(client, { format: 'protobuf', webSocketFactory: tappedFactory }).subscribe({
      next: (event) => {
        if (event.type === 'account' || event.type === 'deal' || event.type === 'order') deliveredAtNs.push(nowNs());
        else if (event.type === 'connected') connected = true;
        else if (event.type !== 'rolled-over') trouble ??= `the stream reported ${event.type}`;
      },
      error: (error: unknown) => (trouble ??= `the stream failed: ${String(error)}`),
    });
    try {
      await waitFor('the stream to connect', () => connected, () => trouble);
      const { sentAtNs, cpuMicros } = await pushAndReceive(push, () => deliveredAtNs.length, () => trouble);
      if (arrivedAtNs.length !== deliveredAtNs.length) throw new Error(`${arrivedAtNs.length} frames arrived but ${deliveredAtNs.length} events were delivered`);
      return { sentAtNs, reception: { arrivedAtNs, deliveredAtNs, cpuMicros } };
    } finally {
      subscription.unsubscribe();
    }
  };
}

/**
 * The raw receiver: a listen key from `client`, a bare `ws` socket, the SUBSCRIPTION message, and
 * a stamp per binary frame.
 *
 * @example
 * ```ts
 * const { sentAtNs, reception } = await rawReceiver(client)(push);
 * ```
 */
export function rawReceiver(client: Client): Receiver {
  return async (push) => {
    const { listenKey } = await firstValueFrom(createListenKey(client));
    const arrivedAtNs: number[] = [];
    let subscribed = false;
    let trouble: string | undefined;
    const socket = new WebSocket(`${client.wsUrl}?listenKey=${listenKey}`);
    socket.on('message', (_data, isBinary) => {
      if (isBinary) arrivedAtNs.push(nowNs());
      else subscribed = true;
    });
    socket.on('error', (error) => (trouble ??= `the raw socket failed: ${error.message}`));
    socket.on('close', () => (trouble ??= 'the raw socket closed'));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ method: 'SUBSCRIPTION', params: Object.values(PROTOBUF_CHANNELS) }));
      await waitFor('the subscription reply', () => subscribed, () => trouble);
      const { sentAtNs, cpuMicros } = await pushAndReceive(push, () => arrivedAtNs.length, () => trouble);
      return { sentAtNs, reception: { arrivedAtNs, deliveredAtNs: arrivedAtNs, cpuMicros } };
    } finally {
      socket.removeAllListeners('close');
      socket.close();
      await firstValueFrom(closeListenKey(client, { listenKey }));
    }
  };
}
