/**
 * The case that lost events: a quote refreshed in one millisecond locks an amount (A), unlocks it
 * (B) and locks the same amount again (A′, equal to A in every field on the simulator's manual
 * clock). All three pass through a real nats-server, and the balance a reader builds from the
 * stream equals the simulator's.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NatsConnection } from '@nats-io/nats-core';
import { filter, from, lastValueFrom, map, toArray } from 'rxjs';
import { contentHash } from '../../src/bridge/message-id.js';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import { compareDecimal } from '../../src/decimal/arithmetic.js';
import { isMarketEvent } from '../../src/scale/tagged-event.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import type { AccountEvent } from '../../src/stream/events.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountNames, createSubAccounts, deliveredPushes, waitUntil, withoutChannel } from '../scale/sim-accounts.js';
import { startNatsServer, type NatsServer } from './nats-server.js';
import { connectTo, consumerSettled, createEventStream, startReader, startWorker, type Reader, type Worker } from './support.js';

let server: NatsServer;
let sim: Simulator;
let nc: NatsConnection;
let worker: Worker | undefined;
let reader: Reader | undefined;

beforeAll(async () => {
  server = await startNatsServer();
  nc = await connectTo(server);
  await createEventStream(nc);
  // The manual clock: it stands still until the test moves it.
  sim = await startSimulator({ realtime: false });
}, 20_000);

afterAll(async () => {
  reader?.subscription.unsubscribe();
  await worker?.kill().catch(() => undefined);
  await nc?.close();
  await sim?.close();
  await server?.stop();
});

describe('a lock, an unlock and the same lock again in one millisecond', () => {
  it('all reach the reader, and the balance it builds equals the simulator\'s', async () => {
    const [name] = accountNames(1, 'repeat');
    const account = name as string;
    const clients = createSubAccounts(sim, [account]);
    worker = await startWorker(server, clients, { worker: 'w0', maxClockSkewMs: 0 }, { scheduler: sim.scheduler });
    await waitUntil('connected', () => worker?.receipts.some((r) => r.event.type === 'connected') === true);
    // Past the millisecond the connection was subscribed in; then all in one millisecond.
    sim.clock.advance(5);
    const order = { account, symbol: 'BTCUSDT', side: 'BUY' as const, price: '30000', quantity: '0.01' };
    const first = sim.market.placeOrder(order);
    sim.market.cancel(first.orderId);
    sim.market.placeOrder(order);

    const pushed = deliveredPushes(sim, account).map((r) => r.event);
    const balances = pushed.filter((e): e is Omit<AccountEvent, 'channel'> => e.type === 'account');
    expect(balances).toHaveLength(3);
    const [lock, unlock, lockAgain] = balances as [Omit<AccountEvent, 'channel'>, Omit<AccountEvent, 'channel'>, Omit<AccountEvent, 'channel'>];
    // A′ is A again: the same content (the old id, a hash of it, was the same), in the same millisecond.
    expect(lockAgain).toEqual(lock);
    expect(unlock.free).not.toBe(lock.free);
    const channel = 'spot@private.account.v3.api.pb' as const;
    expect(contentHash(account, { ...lockAgain, channel })).toBe(contentHash(account, { ...lock, channel }));

    const r = (reader = startReader(nc, { durable: 'repeated', filterSubject: 'mexc.>' }));
    await waitUntil('every push at the reader', () => r.events.filter((e) => isMarketEvent(e.event)).length >= pushed.length);
    // Nothing more on its way: the worker has a receipt for every push, the reader all the stream holds.
    await waitUntil('every receipt', () => (worker?.receipts.filter((x) => isMarketEvent(x.event)).length ?? 0) >= pushed.length);
    await consumerSettled(nc, 'repeated');
    expect(r.error).toBeUndefined();
    const read = r.events.flatMap((e) => (isMarketEvent(e.event) ? [withoutChannel(e.event)] : []));
    expect(read).toEqual(pushed);
    expect(r.events.filter((e) => e.event.type === 'gap')).toEqual([]);
    // Three messages, three ids: A′'s is A's with its occurrence index.
    const ids = r.events.filter((e) => e.event.type === 'account').map((e) => e.delivery.msgId);
    expect(ids[2]).toBe(`${ids[0]}:1`);
    expect(new Set(ids).size).toBe(3);

    // The balance built from what the reader got equals the simulator's.
    const snapshots = await lastValueFrom(
      from(r.events).pipe(
        filter((e) => e.account === account),
        map((e): UserDataEvent => e.event as UserDataEvent),
        balanceSnapshots(),
        toArray(),
      ),
    );
    const usdt = snapshots.at(-1)?.balances.get('USDT');
    const truth = sim.admin.balances(account).find((b) => b.asset === 'USDT');
    expect(usdt).toBeDefined();
    expect(truth).toBeDefined();
    expect(compareDecimal(usdt?.free ?? '', truth?.free ?? '')).toBe(0);
    expect(compareDecimal(usdt?.frozen ?? '', truth?.locked ?? '')).toBe(0);
    expect(compareDecimal(usdt?.frozen ?? '', '300')).toBe(0);
  });
});
