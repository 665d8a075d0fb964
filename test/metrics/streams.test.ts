/**
 * The stream metrics agree with what the subscribers received. With a global MeterProvider set
 * (an SDK with a reader collected by hand), three sub-account streams on the simulator's manual
 * clock, nine transfers and one dropped connection (a transfer pushed while it is down is missed):
 * `mexc_rx.stream.events` is the events the subscribers received, `mexc_rx.stream.gaps` the gaps
 * they saw, `mexc_rx.stream.connected` 3 while they run and 0 once the clients are closed,
 * `mexc_rx.http.requests` every request the clients sent, and no attribute holds a key, a secret,
 * a listen key or an account name.
 */
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { brokerUniversalTransfer, createClient, userDataStream, type Client, type FetchLike, type UserDataEvent } from '../../src/index.js';
import type { SimCredentials, Simulator } from '../../src/simulator/index.js';
import { startDrivenSim, type SimDrive } from '../support/sim-drive.js';
import { record, type Recording } from '../stream-integration/support.js';
import { nativeApi, testMeter, type TestMeter } from './support.js';

const SUBS = ['metricsub01', 'metricsub02', 'metricsub03'] as const;

let meter: TestMeter;
let sim: Simulator | undefined;
const recordings: Recording[] = [];

beforeAll(() => {
  meter = testMeter();
  expect(nativeApi.metrics.setGlobalMeterProvider(meter.provider)).toBe(true);
});

afterAll(() => nativeApi.metrics.disable());

afterEach(async () => {
  for (const rec of recordings.splice(0)) rec.subscription.unsubscribe();
  await sim?.close();
  sim = undefined;
});

/** Requests sent by the clients, counted on the way out. */
function countingFetch(drive: SimDrive, sent: { count: number }): FetchLike {
  return drive.watchFetch((input, init) => {
    sent.count += 1;
    return globalThis.fetch(input, init);
  });
}

function clientSettings(s: Simulator, keys: Pick<SimCredentials, 'apiKey' | 'secretKey'>, fetch: FetchLike) {
  return { baseUrl: s.restUrl, wsUrl: s.wsUrl, apiKey: keys.apiKey, secretKey: keys.secretKey, clock: () => s.clock.now(), scheduler: s.scheduler, recvWindow: 60_000, fetch };
}

function clientOf(s: Simulator, keys: Pick<SimCredentials, 'apiKey' | 'secretKey'>, fetch: FetchLike): Client {
  return createClient(clientSettings(s, keys, fetch));
}

function received(type: 'gap' | 'reconnecting' | 'market'): number {
  return recordings.reduce((sum, rec) => sum + (type === 'market' ? rec.market().length : rec.events.filter((e) => e.type === type).length), 0);
}

it('count what the subscribers received, connected streams, every request, and never a secret', async () => {
  const { sim: s, drive } = await startDrivenSim();
  sim = s;
  const sent = { count: 0 };
  const fetch = countingFetch(drive, sent);
  const subKeys = SUBS.map((name) => {
    s.admin.createSubAccount(s.broker.name, name);
    return s.admin.createApiKey(name);
  });
  const broker = clientOf(s, s.broker, fetch);
  const clients = subKeys.map((keys) => clientOf(s, keys, fetch));
  recordings.push(...clients.map((client) => record(client, { random: () => 0.5 })));
  await drive.until('three streams connected', () => recordings.every((rec) => rec.events.some((e) => e.type === 'connected')));
  expect((await meter.collect()).total('mexc_rx.stream.connected')).toBe(3);

  let transfers = 0;
  const transfer = async (to: string): Promise<void> => {
    transfers += 1;
    await firstValueFrom(brokerUniversalTransfer(broker, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: to, asset: 'USDT', amount: String(transfers) }));
  };
  for (const name of SUBS) await transfer(name);
  await drive.until('three account events', () => received('market') === 3);

  // The first sub-account's connection drops; a transfer pushed meanwhile reaches nobody.
  expect(s.ws.drop({ account: SUBS[0] })).toBe(1);
  await transfer(SUBS[0]);
  expect(s.ws.pushes(SUBS[0]).at(-1)?.deliveries).toEqual([]);
  await drive.until('the stream back', () => (recordings[0]?.events.filter((e) => e.type === 'connected').length ?? 0) === 2);
  for (const name of [SUBS[1], SUBS[2], SUBS[0], SUBS[1], SUBS[2]]) await transfer(name);
  await drive.until('eight account events', () => received('market') === 8);
  await drive.settle();

  const running = await meter.collect();
  expect(transfers).toBe(9);
  expect(running.total('mexc_rx.stream.events')).toBe(received('market'));
  expect(running.total('mexc_rx.stream.events', { kind: 'account' })).toBe(8);
  expect(running.total('mexc_rx.stream.gaps')).toBe(received('gap'));
  expect(running.points('mexc_rx.stream.gaps')).toEqual([{ attributes: { reason: 'closed-by-server' }, value: 1 }]);
  expect(running.total('mexc_rx.stream.reconnects')).toBe(received('reconnecting'));
  expect(running.total('mexc_rx.stream.connected')).toBe(3);
  expect(running.total('mexc_rx.http.requests')).toBe(sent.count);
  expect(running.total('mexc_rx.http.requests', { operation: 'B13', outcome: 'ok' })).toBe(9);
  expect(running.total('mexc_rx.http.request.duration')).toBe(sent.count);

  let closed = false;
  void Promise.all([broker, ...clients].map((client) => client.close())).then(() => (closed = true));
  await drive.until('the clients closed', () => closed);
  const after = await meter.collect();
  expect(after.total('mexc_rx.stream.connected')).toBe(0);
  expect(after.total('mexc_rx.http.requests')).toBe(sent.count);
  expect(after.total('mexc_rx.http.requests', { operation: 'L4' })).toBe(3);
  expect(after.total('mexc_rx.stream.events')).toBe(received('market'));

  // Nothing secret, and no account named, in any attribute.
  const secrets = [s.broker, ...subKeys].flatMap((keys) => [keys.apiKey, keys.secretKey]);
  const listenKeys = SUBS.flatMap((name) => s.admin.listenKeys(name).map((k) => k.key));
  expect(listenKeys.length).toBeGreaterThanOrEqual(3);
  const values = after.attributeValues();
  expect(values.length).toBeGreaterThan(0);
  for (const text of [...secrets, ...listenKeys, ...SUBS, s.broker.name]) expect(values.filter((value) => value.includes(text))).toEqual([]);
});

it('count a stream connected once however many subscribe, each event once, and no longer once its last subscriber leaves', async () => {
  const own = testMeter();
  const globalBefore = (await meter.collect()).total('mexc_rx.stream.events');
  const { sim: s, drive } = await startDrivenSim();
  sim = s;
  const client = createClient({ ...clientSettings(s, s.master, drive.watchFetch()), meterProvider: own.provider });
  const stream$ = userDataStream(client);
  const seen: UserDataEvent[][] = [[], []];
  const subscriptions = seen.map((events) => stream$.subscribe((event) => events.push(event)));
  const markets = (): number[] => seen.map((events) => events.filter((e) => e.type === 'account').length);
  await drive.until('connected', () => seen[0]!.some((e) => e.type === 'connected'));
  s.admin.fund(s.master.name, 'USDT', '5');
  await drive.until('the account event', () => markets().every((n) => n === 1));
  const shared = await own.collect();
  expect(shared.total('mexc_rx.stream.connected')).toBe(1);
  expect(shared.total('mexc_rx.stream.events')).toBe(1);
  subscriptions[0]?.unsubscribe();
  expect((await own.collect()).total('mexc_rx.stream.connected')).toBe(1);
  subscriptions[1]?.unsubscribe();
  expect((await own.collect()).total('mexc_rx.stream.connected')).toBe(0);
  // The global provider saw none of it: a client given its own records there only.
  expect((await meter.collect()).total('mexc_rx.stream.events')).toBe(globalBefore);
  await client.close();
});
