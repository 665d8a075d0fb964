/**
 * A live session against the simulator (manual clock), recorded through a websocket factory, the
 * stream's lifecycle events and its REST replies; replayed, it gives the events the live stream
 * emitted, one for one, and the state operators, fed the recorded replies as seed and resync, go
 * through the same snapshots to the same final state. The session has what makes this hard: a
 * rollover whose overlap delivers every push twice, a dropped connection whose gap is repaired
 * from REST, and pushes lost in the gap. The file holds none of the session's secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { lastValueFrom, map, of, toArray, type Observable } from 'rxjs';
import {
  balanceSnapshots,
  closeListenKey,
  createListenKey,
  getSubAccountAssets,
  keepAliveListenKey,
  PROTOBUF_CHANNELS,
  reduceOrders,
  replaySession,
  userDataStream,
  type BalanceSnapshot,
  type FetchLike,
  type ListenKeySource,
  type OrderBook,
  type OrderSeed,
  type UserDataEvent,
} from '../../src/index.js';
import { subtractDecimal } from '../../src/decimal/arithmetic.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { simClient, waitUntil } from '../scale/sim-accounts.js';
import { startCapture, type SessionCapture } from './capture.js';

const ACCOUNT = 'replaysub01';
const CHANNELS = [PROTOBUF_CHANNELS.account, PROTOBUF_CHANNELS.deals, PROTOBUF_CHANNELS.orders];

/** A snapshot as plain data, to compare live with replayed. */
function plainBook(book: OrderBook): unknown {
  return { cause: book.cause, stale: book.stale, gap: book.gap, orders: [...book.orders].sort(([a], [b]) => a.localeCompare(b)) };
}
function plainBalances(snapshot: BalanceSnapshot): unknown {
  return { cause: snapshot.cause, stale: snapshot.stale, gap: snapshot.gap, balances: [...snapshot.balances].sort(([a], [b]) => a.localeCompare(b)) };
}

function isMarket(event: UserDataEvent): boolean {
  return event.type === 'account' || event.type === 'deal' || event.type === 'order';
}

let sim: Simulator;
let capture: SessionCapture;
const sentUrls: string[] = [];
const listenKeys: string[] = [];
const liveBooks: unknown[] = [];
const liveBalances: unknown[] = [];
let subKeys: { apiKey: string; secretKey: string };

/** The simulator's open orders of the account, as the seed a REST query of open orders would give. */
function openOrders(): OrderSeed[] {
  return sim.market
    .orders(ACCOUNT)
    .filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED')
    .map((o) => ({
      orderId: o.orderId,
      clientOrderId: o.clientOrderId,
      symbol: o.symbol,
      side: o.side,
      orderType: o.orderType,
      price: o.price,
      quantity: o.quantity,
      amount: o.amount,
      status: o.status,
      cumulativeQuantity: o.filledQuantity,
      cumulativeAmount: o.filledAmount,
      remainQuantity: subtractDecimal(o.quantity, o.filledQuantity),
      remainAmount: subtractDecimal(o.amount, o.filledAmount),
      avgPrice: o.price,
      createTime: o.createTime,
      updatedAt: o.updateTime,
    }));
}

const marketCount = (): number => capture.events.filter(isMarket).length;
const delivered = (): number => sim.ws.pushes(ACCOUNT).filter((p) => p.deliveries.length > 0).length;

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
  const subClient = simClient(sim, subKeys, { fetch: spy });
  const master = simClient(sim, sim.master, { fetch: spy });
  capture = startCapture({ now: () => sim.clock.now(), secrets: [subKeys.apiKey, subKeys.secretKey, sim.master.apiKey, sim.master.secretKey], channels: CHANNELS, wsUrl: sim.wsUrl });
  const keys: ListenKeySource = {
    create: () =>
      capture.recorded('L1', {}, () => createListenKey(subClient)).pipe(
        map((r) => {
          listenKeys.push(r.listenKey);
          return r.listenKey;
        }),
      ),
    keepAlive: (listenKey) => capture.recorded('L3', { listenKey }, () => keepAliveListenKey(subClient, { listenKey })),
    close: (listenKey) => closeListenKey(subClient, { listenKey }),
  };
  const live$ = userDataStream(keys, {
    wsUrl: sim.wsUrl,
    scheduler: sim.scheduler,
    webSocketFactory: capture.factory,
    rolloverAfterMs: 60_000,
    rolloverOverlapMs: 2000,
    pingIntervalMs: 3_600_000,
  });
  const assets = (): Observable<readonly { asset: string; free: string; locked: string }[]> => capture.recorded('M8', { subAccount: ACCOUNT }, () => getSubAccountAssets(master, { subAccount: ACCOUNT }));
  const subscriptions = [
    capture.watch(live$),
    live$.pipe(reduceOrders({ resync: () => capture.recorded('openOrders', {}, () => of(openOrders())) })).subscribe((book) => liveBooks.push(plainBook(book))),
    live$.pipe(balanceSnapshots({ seed: assets(), resync: assets })).subscribe((snapshot) => liveBalances.push(plainBalances(snapshot))),
  ];

  // Connected, seeded, then a trading session.
  await waitUntil('connected', () => capture.events.some((e) => e.type === 'connected'));
  await waitUntil('the seed', () => liveBalances.some((s) => (s as { cause: string }).cause === 'seed'));
  sim.clock.advance(5);
  sim.market.runSession({ account: ACCOUNT, orders: 6, seed: 11 });
  await waitUntil('the session', () => marketCount() === delivered());

  // The rollover: two connections subscribed, every push delivered on both.
  sim.clock.advance(60_000);
  await waitUntil('rolled over', () => capture.events.some((e) => e.type === 'rolled-over'));
  await waitUntil("the old connection's PONG", () => capture.framesOf(1) > 0 && capture.framesOf(2) > 0);
  sim.clock.advance(5);
  const during = sim.market.placeOrder({ account: ACCOUNT, symbol: 'BTCUSDT', side: 'SELL', price: '31000', quantity: '0.5' });
  sim.market.fill(during.orderId, '0.2');
  await waitUntil('both copies', () => capture.dropped() >= 5 && marketCount() === delivered());
  sim.clock.advance(2001);

  // The connection drops; pushes made meanwhile are lost; the reconnect reports a gap, repaired from REST.
  sim.clock.advance(5);
  sim.ws.drop({ account: ACCOUNT });
  await waitUntil('reconnecting', () => capture.events.some((e) => e.type === 'reconnecting'));
  sim.market.fill(during.orderId);
  const lost = sim.market.placeOrder({ account: ACCOUNT, symbol: 'BTCUSDT', side: 'BUY', price: '29000', quantity: '0.1' });
  const reconnecting = capture.events.find((e) => e.type === 'reconnecting');
  sim.clock.advance((reconnecting?.type === 'reconnecting' ? reconnecting.delayMs : 30_000) + 1);
  await waitUntil('the resyncs', () => liveBalances.some((s) => (s as { cause: string }).cause === 'resync') && liveBooks.some((s) => (s as { cause: string }).cause === 'resync'));

  // More trading after the repair.
  sim.clock.advance(5);
  sim.market.cancel(lost.orderId);
  sim.market.runSession({ account: ACCOUNT, orders: 5, seed: 12 });
  await waitUntil('the second session', () => marketCount() === delivered());
  for (const subscription of subscriptions) subscription.unsubscribe();
}, 60_000);

afterAll(() => sim?.close());

describe('a live session, recorded and replayed', () => {
  it('had what makes replay hard: 20+ market events, overlap copies, a gap repaired from REST', () => {
    expect(capture.events.filter(isMarket).length).toBeGreaterThanOrEqual(20);
    expect(capture.dropped()).toBeGreaterThanOrEqual(5);
    expect(capture.events.map((e) => e.type)).toEqual(expect.arrayContaining(['connected', 'rolled-over', 'reconnecting', 'gap']));
    expect(liveBalances.map((s) => (s as { cause: string }).cause)).toEqual(expect.arrayContaining(['seed', 'gap', 'resync']));
    expect(sim.ws.pushes(ACCOUNT).filter((p) => p.deliveries.length === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('replays to the events the live stream emitted, one for one, in order', async () => {
    const replayed = await lastValueFrom(replaySession(capture.file()).pipe(toArray()));
    expect(replayed).toEqual(capture.events);
  });

  it('takes reduceOrders and balanceSnapshots, fed the recorded replies, through the same snapshots to the same states', async () => {
    const session = replaySession(capture.file());
    const assets = () => session.restReplies<readonly { asset: string; free: string; locked: string }[]>('M8');
    const books = lastValueFrom(session.pipe(reduceOrders({ resync: () => session.restReplies<OrderSeed[]>('openOrders') }), map(plainBook), toArray()));
    const balances = lastValueFrom(session.pipe(balanceSnapshots({ seed: assets(), resync: assets }), map(plainBalances), toArray()));
    expect(await books).toEqual(liveBooks);
    expect(await balances).toEqual(liveBalances);
    // And the live state was right: the balances are the simulator's.
    const last = liveBalances.at(-1) as { stale: boolean; balances: [string, { free: string; frozen: string }][] };
    expect(last.stale).toBe(false);
    const truth = sim.admin.balances(ACCOUNT).map((b) => [b.asset, { free: b.free, frozen: b.locked }]);
    expect(last.balances.map(([asset, b]) => [asset, { free: b.free, frozen: b.frozen }])).toEqual(expect.arrayContaining(truth));
  });

  it('holds no api key, secret key, signature or whole listen key', () => {
    const file = capture.file();
    const signatures = sentUrls.map((url) => new URL(url).searchParams.get('signature')).filter((s): s is string => s !== null);
    expect(signatures.length).toBeGreaterThan(3);
    expect(listenKeys.length).toBeGreaterThanOrEqual(1);
    for (const secret of [subKeys.apiKey, subKeys.secretKey, sim.master.apiKey, sim.master.secretKey, ...signatures, ...listenKeys]) {
      expect(file).not.toContain(secret);
    }
  });
});
