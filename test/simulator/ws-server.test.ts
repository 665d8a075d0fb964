import { afterEach, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { closeListenKey, createListenKey, keepAliveListenKey, type Client } from '../../src/index.js';
import { SIM_CODES, type SimulatorOptions, type Simulator } from '../../src/simulator/index.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { apiError, clientOf, run, startSim } from './helpers.js';
import { RawClient } from './ws-client.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const PB = { account: 'spot@private.account.v3.api.pb', deals: 'spot@private.deals.v3.api.pb', orders: 'spot@private.orders.v3.api.pb' };
const JSON_ORDERS = 'spot@private.orders.v3.api';

let sim: Simulator;
let client: Client;
let sockets: RawClient[] = [];

async function start(options: SimulatorOptions = {}): Promise<void> {
  sim = await startSim(options);
  client = clientOf(sim, sim.master);
}

afterEach(async () => {
  for (const s of sockets) s.terminate();
  sockets = [];
  await sim.close();
});

async function newKey(): Promise<string> {
  return (await run(createListenKey(client))).listenKey;
}

async function connect(key: string): Promise<RawClient> {
  const socket = await RawClient.open(`${sim.wsUrl}?listenKey=${key}`);
  sockets.push(socket);
  return socket;
}

/** A connection subscribed to `channels`, its reply received. */
async function subscribed(key: string, channels: readonly string[] = [PB.account]): Promise<RawClient> {
  const socket = await connect(key);
  socket.send({ method: 'SUBSCRIPTION', params: channels });
  await socket.waitForTexts(1);
  return socket;
}

/** Lets the server read what was sent (a round trip through the event loop). */
async function roundTrip(socket: RawClient): Promise<void> {
  const before = socket.texts.length;
  socket.send({ method: 'PING' });
  await socket.waitForTexts(before + 1);
}

const openConnections = (): number => sim.ws.connections({ open: true }).length;

describe('websocket protocol', () => {
  it('refuses an unknown or expired listen key with the text frame and a close', async () => {
    await start();
    const unknown = await connect('nope');
    expect(await unknown.waitForClose()).toEqual({ code: 1000, reason: 'Invalid listen key' });
    expect(unknown.texts).toEqual(['Invalid listen key']);

    const key = await newKey();
    sim.clock.advance(HOUR);
    const expired = await connect(key);
    await expired.waitForClose();
    expect(expired.texts).toEqual(['Invalid listen key']);
    expect(sim.ws.connections()).toEqual([]);
  });

  it('answers SUBSCRIPTION, UNSUBSCRIPTION and PING (either case) like the service, and refuses unknown or blocked channels', async () => {
    await start();
    sim.ws.blockChannel(PB.deals);
    const socket = await connect(await newKey());
    socket.send({ method: 'SUBSCRIPTION', params: [PB.account, JSON_ORDERS] });
    socket.send({ method: 'PING' });
    socket.send({ method: 'ping' });
    socket.send({ method: 'SUBSCRIPTION', params: ['spot@public.deals.v3.api.pb@BTCUSDT', PB.deals] });
    socket.send({ method: 'UNSUBSCRIPTION', params: [JSON_ORDERS] });
    await socket.waitForTexts(5);
    expect(socket.replies()).toEqual([
      { id: 0, code: 0, msg: `${PB.account},${JSON_ORDERS}` },
      { id: 0, code: 0, msg: 'PONG' },
      { id: 0, code: 0, msg: 'PONG' },
      { id: 0, code: 0, msg: `Not Subscribed successfully! [spot@public.deals.v3.api.pb@BTCUSDT,${PB.deals}]. Reason: Blocked!` },
      { id: 0, code: 0, msg: JSON_ORDERS },
    ]);
    expect(sim.ws.connections()[0]?.channels).toEqual([PB.account]);
    sim.ws.blockChannel(PB.deals, false);
    socket.send({ method: 'SUBSCRIPTION', params: [PB.deals] });
    await socket.waitForTexts(6);
    expect(socket.replies()[5]).toEqual({ id: 0, code: 0, msg: PB.deals });
  });

  it('pushes .pb channels as binary protobuf and the others as JSON text', async () => {
    await start();
    const socket = await subscribed(await newKey(), [PB.account, JSON_ORDERS]);
    sim.market.placeOrder({ account: 'simmaster', symbol: 'BTCUSDT', side: 'SELL', price: '31000', quantity: '0.5' });
    await socket.waitFor('two pushes', () => socket.binaries.length === 1 && socket.texts.length === 2);
    const account = decodeFrame(new Uint8Array(socket.binaries[0]!));
    const order = decodeFrame(socket.texts[1]!);
    expect(account).toMatchObject({ kind: 'event', event: { type: 'account', channel: PB.account, asset: 'BTC', free: '9.5', frozen: '0.5', changeType: 'ENTRUST_PLACE' } });
    expect(order).toMatchObject({ kind: 'event', event: { type: 'order', channel: JSON_ORDERS, side: 'SELL', price: '31000', status: 'NEW' } });
  });

  it('does not serve websockets on other paths', async () => {
    await start();
    const socket = new WebSocket(`${sim.restUrl.replace('http', 'ws')}/other?listenKey=x`);
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve));
    expect(error.message).toMatch(/404/);
  });
});

describe('websocket rules on the simulator clock', () => {
  it('closes a connection without a subscription after 30 s', async () => {
    await start();
    const socket = await connect(await newKey());
    sim.clock.advance(30 * SECOND - 1);
    expect(openConnections()).toBe(1);
    sim.clock.advance(1);
    expect(sim.ws.connections()[0]).toMatchObject({ open: false, closeReason: 'no-subscription', closedAt: sim.clock.now() });
    expect((await socket.waitForClose()).code).toBe(1000);
  });

  it('closes a connection whose client is silent for 60 s; any message counts as traffic', async () => {
    await start();
    const socket = await subscribed(await newKey());
    sim.clock.advance(59 * SECOND);
    await roundTrip(socket);
    sim.clock.advance(59 * SECOND);
    expect(openConnections()).toBe(1);
    sim.clock.advance(SECOND);
    expect(sim.ws.connections()[0]?.closeReason).toBe('idle');
    await socket.waitForClose();
  });

  it('closes any connection after 24 hours', async () => {
    await start({ limits: { listenKeyValidityMs: 48 * HOUR }, ws: { idleTimeoutMs: 48 * HOUR } });
    const socket = await subscribed(await newKey());
    sim.clock.advance(24 * HOUR - 1);
    expect(openConnections()).toBe(1);
    sim.clock.advance(1);
    expect(sim.ws.connections()[0]?.closeReason).toBe('lifetime');
    await socket.waitForClose();
  });

  it('closes the connections of a key that expires (60 minutes without keepalive) or is DELETEd', async () => {
    await start({ ws: { idleTimeoutMs: 3 * HOUR } });
    const [a, b] = [await newKey(), await newKey()];
    const onA = [await subscribed(a), await subscribed(a)];
    const onB = await subscribed(b);
    sim.clock.advance(30 * MINUTE);
    await run(keepAliveListenKey(client, { listenKey: b }));
    sim.clock.advance(30 * MINUTE);
    expect(sim.ws.connections({ listenKey: a }).map((c) => c.closeReason)).toEqual(['key-expired', 'key-expired']);
    expect(sim.ws.connections({ listenKey: b, open: true })).toHaveLength(1);
    await Promise.all(onA.map((s) => s.waitForClose()));

    await run(closeListenKey(client, { listenKey: b }));
    expect(sim.ws.connections({ listenKey: b })[0]?.closeReason).toBe('key-closed');
    await onB.waitForClose();
  });

  it('accepts at most 5 connections per key', async () => {
    await start();
    const key = await newKey();
    for (let i = 0; i < 5; i++) await subscribed(key);
    const sixth = await connect(key);
    expect(await sixth.waitForClose()).toEqual({ code: 1008, reason: 'too many connections for this listen key' });
    expect(sim.ws.connections({ listenKey: key, open: true })).toHaveLength(5);
    // Another key of the same account has its own five.
    await subscribed(await newKey());
    expect(openConnections()).toBe(6);
  });

  it('closes a connection sending more than 100 messages in a second', async () => {
    await start();
    const socket = await subscribed(await newKey());
    for (let i = 0; i < 101; i++) socket.send({ method: 'PING' });
    expect((await socket.waitForClose()).code).toBe(1008);
    expect(sim.ws.connections()[0]?.closeReason).toBe('too-many-messages');
  });
});

describe('websocket faults and the push log', () => {
  it('records every push per account with a sequence number, and holds pushes and PONGs back from a stalled connection', async () => {
    await start();
    const key = await newKey();
    const healthy = await subscribed(key);
    const stalled = await subscribed(key);
    const [first, second] = sim.ws.connections().map((c) => c.id);
    sim.admin.fund('simmaster', 'USDT', '1');
    expect(sim.ws.stall({ connection: second! })).toBe(1);
    sim.admin.fund('simmaster', 'USDT', '2');
    stalled.send({ method: 'PING' });
    await healthy.waitFor('two pushes', () => healthy.binaries.length === 2);
    await roundTrip(healthy);

    const pushes = sim.ws.pushes('simmaster');
    expect(pushes.map((p) => [p.seq, p.kind, p.deliveries.map((d) => d.connection), p.withheld])).toEqual([
      [1, 'account', [first, second], []],
      [2, 'account', [first], [second]],
    ]);
    expect(pushes[1]?.event).toMatchObject({ type: 'account', asset: 'USDT', freeChange: '2', free: '100003', changeType: 'DEPOSIT' });
    expect(stalled.binaries).toHaveLength(1);
    expect(stalled.texts).toHaveLength(1); // the subscription reply, no PONG
    expect(sim.ws.connections({ open: true }).map((c) => c.stalled)).toEqual([false, true]);
  });

  it('keeps the newest pushes of each account, numbered on', async () => {
    await start({ ws: { pushLogLimit: 3 } });
    for (let i = 1; i <= 9; i++) sim.admin.fund('simmaster', 'USDT', String(i));
    expect(sim.ws.pushes('simmaster').map((p) => [p.seq, p.event.type === 'account' ? p.event.freeChange : ''])).toEqual([
      [7, '7'],
      [8, '8'],
      [9, '9'],
    ]);
    expect(sim.ws.pushes(sim.broker.name)).toEqual([]);
  });

  it('drops a connection without a close frame', async () => {
    await start();
    const socket = await subscribed(await newKey());
    expect(sim.ws.drop({ account: 'simmaster' })).toBe(1);
    expect((await socket.waitForClose()).code).toBe(1006);
    expect(sim.ws.connections()[0]?.closeReason).toBe('dropped');
  });

  it('sends malformed frames of each kind that the decoder refuses', async () => {
    await start();
    const socket = await subscribed(await newKey());
    expect(sim.ws.sendMalformed({ account: 'simmaster' })).toBe(1);
    expect(sim.ws.sendMalformed({ account: 'simmaster' }, 'json')).toBe(1);
    expect(sim.ws.sendMalformed({ account: 'simmaster' }, 'text')).toBe(1);
    await socket.waitFor('three frames', () => socket.binaries.length === 1 && socket.texts.length === 3);
    expect(decodeFrame(new Uint8Array(socket.binaries[0]!)).kind).toBe('malformed');
    expect(decodeFrame(socket.texts[1]!).kind).toBe('malformed');
    expect(decodeFrame(socket.texts[2]!).kind).toBe('malformed');
  });

  it('expires a key now, closing its connections', async () => {
    await start();
    const key = await newKey();
    const socket = await subscribed(key);
    sim.ws.expireKey(key);
    expect(sim.admin.listenKeyOwner(key)).toBeUndefined();
    expect(sim.admin.listenKey(key)).toMatchObject({ valid: false, closed: false });
    await socket.waitForClose();
    expect(sim.ws.connections()[0]?.closeReason).toBe('key-expired');
  });

  it('refuses the next keepalive once with the listen-key error, without extending the key', async () => {
    await start();
    const key = await newKey();
    const before = sim.admin.listenKey(key)?.expiresAt;
    sim.ws.refuseNextKeepAlive();
    sim.clock.advance(MINUTE);
    const error = await apiError(keepAliveListenKey(client, { listenKey: key }));
    expect(error.code).toBe(Number(SIM_CODES.listenKeyInvalid));
    expect(error.status).toBe(400);
    expect(sim.admin.listenKey(key)?.expiresAt).toBe(before);
    await run(keepAliveListenKey(client, { listenKey: key }));
    expect(sim.admin.listenKey(key)?.expiresAt).toBe(sim.clock.now() + HOUR);
  });
});
