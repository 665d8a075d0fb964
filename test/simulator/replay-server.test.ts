/**
 * serveRecording read by clients that are not the library: a bare `ws` socket, decoding binary
 * frames with protobufjs from the project's own .proto file. Each connection gets the recording's
 * push frames from its SUBSCRIPTION on, in order, byte for byte; the server answers the protocol
 * as the service does; the recorded pace is kept (on a manual clock, checked with a PING after
 * each step: what is due later has not been sent before the PONG).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import WebSocket from 'ws';
import { RecordingFormatError, ValidationError, decodeFrame } from '../../src/index.js';
import { clockScheduler, createSimClock, serveRecording, type RecordingServer } from '../../src/simulator/index.js';
import { createRecordingWriter } from '../../src/recording/write-recording.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { accountEvent, dealEvent, orderEvent } from '../stream/fixtures.js';
import { headerLine, STARTED_AT } from '../recording/support.js';

const PROTO = fileURLToPath(new URL('../../tools/proto/mexc/push_data_v3.proto', import.meta.url));
const CHANNELS = ['spot@private.account.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'];

/** A frame as a bare client received it. */
interface Received {
  readonly binary: boolean;
  readonly data: Buffer;
}

/** A bare websocket client that keeps every frame in arrival order. */
class BareClient {
  readonly frames: Received[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, binary: boolean) => this.frames.push({ binary, data }));
  }

  static async open(url: string): Promise<BareClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new BareClient(socket);
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  texts(): string[] {
    return this.frames.filter((f) => !f.binary).map((f) => f.data.toString('utf8'));
  }

  async until(what: string, condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** Sends a PING and waits for its PONG: everything the server sent before answering it has arrived. */
  async barrier(id: number): Promise<void> {
    this.send({ method: 'PING', id });
    const pong = JSON.stringify({ id, code: 0, msg: 'PONG' });
    await this.until(`PONG ${id}`, () => this.texts().includes(pong));
  }
}

/** The frames of a recording: three protobuf pushes, a JSON push, and what a server must not send. */
function recording(): { readonly lines: string[]; readonly pushed: readonly (Uint8Array | string)[] } {
  const w = createRecordingWriter();
  const account = encodePushFrame(accountEvent);
  const deal = encodePushFrame(dealEvent);
  const order = encodePushFrame(orderEvent);
  const json = encodeJsonFrame({ ...orderEvent, channel: 'spot@private.orders.v3.api', status: 'FILLED' });
  const at = (ms: number) => STARTED_AT + ms;
  return {
    lines: [
      headerLine(),
      w.frame({ connection: 1, at: at(100), data: JSON.stringify({ id: 0, code: 0, msg: CHANNELS.join(',') }) }),
      w.frame({ connection: 1, at: at(100), data: account }),
      w.frame({ connection: 1, at: at(1100), data: deal }),
      w.frame({ connection: 1, at: at(20_100), data: '{"id":0,"code":0,"msg":"PONG"}' }),
      w.frame({ connection: 2, at: at(20_200), data: deal, dropped: true }),
      w.frame({ connection: 1, at: at(60_100), data: order }),
      w.frame({ connection: 1, at: at(61_100), data: json }),
    ],
    pushed: [account, deal, order, json],
  };
}

let server: RecordingServer | undefined;
const clients: BareClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  await server?.close();
  server = undefined;
});

async function connect(url: string): Promise<BareClient> {
  const client = await BareClient.open(url);
  clients.push(client);
  return client;
}

describe('serveRecording, read by a bare ws client with protobufjs', () => {
  it('sends the recorded push frames from the SUBSCRIPTION on, in order, byte for byte, as the .proto reads them', async () => {
    const { lines, pushed } = recording();
    const s = (server = await serveRecording(lines, { pace: 'as-fast-as-possible' }));
    expect(s.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/);
    const client = await connect(`${s.url}?listenKey=anything-at-all`);
    client.send({ method: 'SUBSCRIPTION', params: CHANNELS });
    await client.until('every frame', () => client.frames.length === pushed.length + 1);
    const [reply, ...frames] = client.frames;
    expect(reply?.data.toString('utf8')).toBe(JSON.stringify({ id: 0, code: 0, msg: CHANNELS.join(',') }));
    expect(frames.map((f) => f.binary)).toEqual(pushed.map((p) => typeof p !== 'string'));
    expect(frames.map((f) => (f.binary ? f.data.toString('hex') : f.data.toString('utf8')))).toEqual(pushed.map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString('hex'))));

    const Wrapper = (await protobuf.load(PROTO)).lookupType('mexc.push.v3.PushDataV3ApiWrapper');
    const read = frames.filter((f) => f.binary).map((f) => Wrapper.toObject(Wrapper.decode(f.data), { longs: Number, oneofs: true }) as Record<string, unknown>);
    expect(read.map((r) => [r['channel'], r['body']])).toEqual(CHANNELS.map((c, i) => [c, ['privateAccount', 'privateDeals', 'privateOrders'][i]]));
    expect(read[0]?.['privateAccount']).toMatchObject({ vcoinName: accountEvent.asset, balanceAmount: accountEvent.free, frozenAmount: accountEvent.frozen });
    expect(read[1]?.['privateDeals']).toMatchObject({ price: dealEvent.price, tradeId: dealEvent.tradeId, orderId: dealEvent.orderId });
    expect(read[2]?.['sendTime']).toBe(orderEvent.sendTime);
  });

  it('gives each connection the whole recording, and answers the protocol as the service does, on any path', async () => {
    const { lines, pushed } = recording();
    const s = (server = await serveRecording(lines, { pace: 'as-fast-as-possible' }));
    const first = await connect(`${s.url}?listenKey=one`);
    const second = await connect(`${s.url.replace(/\/ws$/, '/anything')}?listenKey=two`);
    first.send({ method: 'PING', id: 7 });
    first.send({ method: 'SUBSCRIPTION', params: ['spot@public.deals.v3.api@BTCUSDT'] });
    first.send({ method: 'LIST_SUBSCRIPTIONS', id: 3 });
    first.send('not json');
    await first.until('four replies', () => first.texts().length === 4);
    expect(first.texts()).toEqual([
      JSON.stringify({ id: 7, code: 0, msg: 'PONG' }),
      JSON.stringify({ id: 0, code: 0, msg: 'Not Subscribed successfully! [spot@public.deals.v3.api@BTCUSDT]. Reason: Blocked!' }),
      JSON.stringify({ id: 3, code: 1, msg: 'Not support method: LIST_SUBSCRIPTIONS' }),
      JSON.stringify({ id: 0, code: 1, msg: 'Invalid message' }),
    ]);
    expect(first.frames.some((f) => f.binary)).toBe(false);
    for (const client of [first, second]) client.send({ method: 'SUBSCRIPTION', params: CHANNELS.slice(0, 1), id: 1 });
    for (const client of [first, second]) await client.until('the recording', () => client.frames.filter((f) => f.binary).length === 3 && client.texts().length >= 2);
    expect(second.frames.slice(1).map((f) => f.data.toString('hex'))).toEqual(first.frames.slice(5).map((f) => f.data.toString('hex')));
    expect(second.frames).toHaveLength(pushed.length + 1);
    expect(s.connections()).toBe(2);
  });

  it('keeps the recorded pace, counted from the SUBSCRIPTION: nothing is sent before it is due', async () => {
    const clock = createSimClock({ realtime: false });
    const { lines } = recording();
    const s = (server = await serveRecording(lines, { scheduler: clockScheduler(clock), speed: 2 }));
    const client = await connect(`${s.url}?listenKey=k`);
    client.send({ method: 'SUBSCRIPTION', params: CHANNELS });
    const pushes = () => client.frames.filter((f) => f.binary || f.data.toString('utf8').includes('"channel"')).length;
    await client.until('the first push', () => pushes() === 1);
    await client.barrier(1);
    expect(pushes()).toBe(1);
    // The deal was received a second after the first frame: at speed 2, half a second.
    clock.advance(499);
    await client.barrier(2);
    expect(pushes()).toBe(1);
    clock.advance(1);
    await client.until('the deal', () => pushes() === 2);
    // The order a minute after the first frame: 30 s; the JSON push 30.5 s.
    clock.advance(29_499);
    await client.barrier(3);
    expect(pushes()).toBe(2);
    clock.advance(1001);
    await client.until('the order and the JSON push', () => pushes() === 4);
  });

  it('refuses a recording of a newer format before listening, and invalid options', async () => {
    const newer = [JSON.stringify({ ...JSON.parse(headerLine()), format: 2 })];
    await expect(serveRecording(newer)).rejects.toBeInstanceOf(RecordingFormatError);
    await expect(serveRecording(recording().lines, { speed: 0 })).rejects.toBeInstanceOf(ValidationError);
    await expect(serveRecording(recording().lines, { pace: 'as-fast-as-possible', speed: 3 })).rejects.toBeInstanceOf(ValidationError);
    await expect(serveRecording(recording().lines, { port: 70_000 })).rejects.toBeInstanceOf(ValidationError);
  });

  it('closes every connection on close(), and a second close() is the same', async () => {
    const s = (server = await serveRecording(recording().lines));
    const client = await connect(`${s.url}?listenKey=k`);
    const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
    await Promise.all([s.close(), s.close()]);
    await closed;
    expect(client.socket.readyState).toBe(WebSocket.CLOSED);
  });

  it('sends frames a decoder reads as the live stream did', async () => {
    const { lines, pushed } = recording();
    const s = (server = await serveRecording(lines, { pace: 'as-fast-as-possible' }));
    const client = await connect(`${s.url}?listenKey=k`);
    client.send({ method: 'SUBSCRIPTION', params: CHANNELS });
    await client.until('every frame', () => client.frames.length === pushed.length + 1);
    const events = client.frames.slice(1).map((f) => decodeFrame(f.binary ? f.data : f.data.toString('utf8')));
    expect(events.map((e) => (e.kind === 'event' ? e.event.type : e.kind))).toEqual(['account', 'deal', 'order', 'order']);
  });
});
