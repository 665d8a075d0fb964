/**
 * The recorder given to a client, against the simulator (manual clock): the client's REST calls
 * (listen keys, the state operators' seeds and resyncs made with `getAccount` and
 * `listOpenOrders`) and its stream's frames and lifecycle events go into one recording, flushed by
 * `client.close()`. Replayed, it gives the events the live stream emitted, one for one, and the
 * state operators fed the recorded replies go through the same snapshots to the same states. The
 * session has a rollover whose overlap delivers every push twice, and a dropped connection whose
 * gap is repaired from REST. The recording holds none of the session's secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { lastValueFrom, map, toArray, type Observable } from 'rxjs';
import {
  accountBalancesToSeeds,
  balanceSnapshots,
  createRecorder,
  getAccount,
  listOpenOrders,
  openOrdersToSeeds,
  reduceOrders,
  replaySession,
  userDataStream,
  type Account,
  type BalanceSeed,
  type BalanceSnapshot,
  type Client,
  type FetchLike,
  type OpenOrder,
  type OrderBook,
  type OrderSeed,
  type UserDataEvent,
} from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { simClient, waitUntil } from '../scale/sim-accounts.js';
import { readAll, sessionRecordsOf } from './support.js';

const ACCOUNT = 'recordsub01';

function plainBook(book: OrderBook): unknown {
  return { cause: book.cause, stale: book.stale, gap: book.gap, orders: [...book.orders].sort(([a], [b]) => a.localeCompare(b)) };
}
function plainBalances(snapshot: BalanceSnapshot): unknown {
  return { cause: snapshot.cause, stale: snapshot.stale, gap: snapshot.gap, balances: [...snapshot.balances].sort(([a], [b]) => a.localeCompare(b)) };
}
const isMarket = (event: UserDataEvent): boolean => event.type === 'account' || event.type === 'deal' || event.type === 'order';

let sim: Simulator;
let client: Client;
const lines: string[] = [];
const batches: number[] = [];
const events: UserDataEvent[] = [];
const liveBooks: unknown[] = [];
const liveBalances: unknown[] = [];
const sentUrls: string[] = [];
let subKeys: { apiKey: string; secretKey: string };
let recordedBeforeClose = 0;

const marketCount = (): number => events.filter(isMarket).length;
const delivered = (): number => sim.ws.pushes(ACCOUNT).filter((p) => p.deliveries.length > 0).length;
const file = (): string => `${lines.join('\n')}\n`;

beforeAll(async () => {
  sim = await startSimulator({ realtime: false, ws: { idleTimeoutMs: 24 * 3_600_000 } });
  sim.admin.createSubAccount(sim.master.name, ACCOUNT);
  sim.admin.fund(ACCOUNT, 'USDT', '1000000');
  sim.admin.fund(ACCOUNT, 'BTC', '100');
  subKeys = sim.admin.createApiKey(ACCOUNT);
  const spy: FetchLike = (input, init) => {
    sentUrls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return fetch(input, init);
  };
  const recorder = createRecorder({
    sink: (batch) => {
      batches.push(batch.length);
      lines.push(...batch);
    },
  });
  client = simClient(sim, subKeys, { fetch: spy, recorder });
  const live$ = userDataStream(client, { rolloverAfterMs: 60_000, rolloverOverlapMs: 2000, pingIntervalMs: 3_600_000 });
  const balances = (): Observable<readonly BalanceSeed[]> => getAccount(client).pipe(map((account: Account) => accountBalancesToSeeds(account)));
  const orders = (): Observable<readonly OrderSeed[]> => listOpenOrders(client, { symbol: 'BTCUSDT' }).pipe(map((open: readonly OpenOrder[]) => openOrdersToSeeds(open).seeds));
  const subscriptions = [
    live$.subscribe((event) => events.push(event)),
    live$.pipe(reduceOrders({ seed: orders(), resync: orders })).subscribe((book) => liveBooks.push(plainBook(book))),
    live$.pipe(balanceSnapshots({ seed: balances(), resync: balances })).subscribe((snapshot) => liveBalances.push(plainBalances(snapshot))),
  ];

  await waitUntil('connected', () => events.some((e) => e.type === 'connected'));
  await waitUntil('the seeds', () => liveBalances.some((s) => (s as { cause: string }).cause === 'seed') && liveBooks.some((s) => (s as { cause: string }).cause === 'seed'));
  sim.clock.advance(5);
  sim.market.runSession({ account: ACCOUNT, orders: 6, seed: 21 });
  await waitUntil('the session', () => marketCount() === delivered());

  // The rollover: two connections subscribed, every push made in the overlap delivered on both.
  sim.clock.advance(60_000);
  await waitUntil('rolled over', () => events.some((e) => e.type === 'rolled-over'));
  await waitUntil('both connections subscribed', () => sim.ws.connections({ account: ACCOUNT, open: true }).filter((c) => c.channels.length > 0).length === 2);
  sim.clock.advance(5);
  const during = sim.market.placeOrder({ account: ACCOUNT, symbol: 'BTCUSDT', side: 'SELL', price: '31000', quantity: '0.5' });
  sim.market.fill(during.orderId, '0.2');
  await waitUntil('the overlap pushes', () => marketCount() === delivered());
  sim.clock.advance(2001);

  // The connection drops; pushes made meanwhile are lost; the gap is repaired from REST.
  sim.clock.advance(5);
  sim.ws.drop({ account: ACCOUNT });
  await waitUntil('reconnecting', () => events.some((e) => e.type === 'reconnecting'));
  sim.market.fill(during.orderId);
  const lost = sim.market.placeOrder({ account: ACCOUNT, symbol: 'BTCUSDT', side: 'BUY', price: '29000', quantity: '0.1' });
  const reconnecting = events.find((e) => e.type === 'reconnecting');
  sim.clock.advance((reconnecting?.type === 'reconnecting' ? reconnecting.delayMs : 30_000) + 1);
  await waitUntil('the resyncs', () => liveBalances.some((s) => (s as { cause: string }).cause === 'resync') && liveBooks.some((s) => (s as { cause: string }).cause === 'resync'));

  sim.clock.advance(5);
  sim.market.cancel(lost.orderId);
  sim.market.runSession({ account: ACCOUNT, orders: 5, seed: 22 });
  await waitUntil('the second session', () => marketCount() === delivered());
  recordedBeforeClose = lines.length;
  // The close stops the stream (a last `stopped` event), DELETEs its key, and flushes the recorder.
  await client.close();
  for (const subscription of subscriptions) subscription.unsubscribe();
}, 60_000);

afterAll(() => sim?.close());

describe('a recorder given to the client', () => {
  it('recorded a session with what makes replay hard: 20+ market events, overlap copies, a gap repaired from REST', () => {
    expect(events.filter(isMarket).length).toBeGreaterThanOrEqual(20);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['connected', 'rolled-over', 'reconnecting', 'gap', 'stopped']));
    const records = sessionRecordsOf(readAll(lines));
    expect(records.filter((r) => r.record === 'frame' && r.dropped === true).length).toBeGreaterThanOrEqual(2);
    expect(liveBalances.map((s) => (s as { cause: string }).cause)).toEqual(expect.arrayContaining(['seed', 'gap', 'resync']));
    expect(liveBooks.map((s) => (s as { cause: string }).cause)).toEqual(expect.arrayContaining(['seed', 'gap', 'resync']));
  });

  it('writes a header first, then the REST replies under their operation ids, with the frames and lifecycle events', () => {
    const items = readAll(lines);
    expect(items.filter((i) => i.kind === 'diagnostic')).toEqual([]);
    const header = items[0];
    expect(header?.kind === 'header' ? { library: header.header.library, channels: header.header.channels, wsUrl: header.header.wsUrl } : header).toEqual({
      library: 'mexc-rx',
      channels: ['spot@private.account.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'],
      wsUrl: sim.wsUrl,
    });
    const operations = sessionRecordsOf(items).flatMap((r) => (r.record === 'rest' ? [r.operation] : []));
    expect(new Set(operations)).toEqual(new Set(['L1', 'A1', 'A2', 'L4']));
    // The seed, its second read at the first connection, and the repair after the gap.
    expect(operations.filter((o) => o === 'A1')).toHaveLength(3);
  });

  it('was flushed by client.close(): the stopped event and the key DELETE are in the file', () => {
    expect(lines.length).toBeGreaterThan(recordedBeforeClose);
    const records = sessionRecordsOf(readAll(lines));
    expect(records.at(-1)).toMatchObject({ record: 'rest', operation: 'L4' });
    expect(records.some((r) => r.record === 'lifecycle' && r.event.type === 'stopped')).toBe(true);
    expect(batches.length).toBeGreaterThan(1);
  });

  it('replays to the events the live stream emitted, one for one, in order', async () => {
    const replayed = await lastValueFrom(replaySession(file()).pipe(toArray()));
    expect(replayed).toEqual(events);
  });

  it('takes reduceOrders and balanceSnapshots, fed the recorded replies, through the same snapshots to the same states', async () => {
    const session = replaySession(file());
    const balances = (): Observable<readonly BalanceSeed[]> => session.restReplies<Account>('A1').pipe(map(accountBalancesToSeeds));
    const orders = (): Observable<readonly OrderSeed[]> => session.restReplies<OpenOrder[]>('A2').pipe(map((open) => openOrdersToSeeds(open).seeds));
    const books = lastValueFrom(session.pipe(reduceOrders({ seed: orders(), resync: orders }), map(plainBook), toArray()));
    const snapshots = lastValueFrom(session.pipe(balanceSnapshots({ seed: balances(), resync: balances }), map(plainBalances), toArray()));
    expect(await books).toEqual(liveBooks);
    expect(await snapshots).toEqual(liveBalances);
    const last = liveBalances.at(-1) as { stale: boolean };
    expect(last.stale).toBe(false);
  });

  it('holds no api key, secret key, signature or whole listen key', () => {
    const text = file();
    const signatures = sentUrls.map((url) => new URL(url).searchParams.get('signature')).filter((s): s is string => s !== null);
    const listenKeys = [...new Set(sim.ws.connections({ account: ACCOUNT }).map((c) => c.listenKey))];
    expect(signatures.length).toBeGreaterThan(3);
    expect(listenKeys.length).toBeGreaterThanOrEqual(1);
    for (const secret of [subKeys.apiKey, subKeys.secretKey, ...signatures, ...listenKeys]) expect(text).not.toContain(secret);
    // The listen keys are there as their fingerprints.
    for (const key of listenKeys) expect(text).toContain(`${key.slice(0, 4)}…${key.slice(-4)}`);
  });
});
