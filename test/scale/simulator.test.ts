/**
 * `userDataStreams` end to end against the simulator: several sub-accounts, each with its own
 * listen key and websocket, trading through the market driver; one account with refused
 * credentials; one removed mid-run. The per-account order books match the simulator's orders.
 * The simulator's clock is manual, moved by the test (sim-drive.ts).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { BehaviorSubject, type Subscription } from 'rxjs';
import type { Client } from '../../src/client/types.js';
import { ApiError } from '../../src/errors.js';
import type { OrderBook } from '../../src/operators/state/order-book.js';
import { reduceOrders } from '../../src/operators/reduce-orders.js';
import { perAccount } from '../../src/scale/per-account.js';
import { isMarketEvent, type TaggedEvent } from '../../src/scale/tagged-event.js';
import { userDataStreams, type AccountSet } from '../../src/scale/user-data-streams.js';
import type { Simulator } from '../../src/simulator/index.js';
import { StreamFatalError } from '../../src/stream/user-data-stream.js';
import { startDrivenSim } from '../support/sim-drive.js';
import { accountNames, createSubAccounts, deliveredPushes, simClient, withoutChannel } from './sim-accounts.js';

let sim: Simulator | undefined;
const subscriptions: Subscription[] = [];
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await sim?.close();
});

describe('userDataStreams against the simulator', () => {
  it('streams several accounts at once, isolates a refused one, and stops a removed one (key DELETEd)', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    const names = accountNames(6, 'desk');
    const clients = createSubAccounts(s, names);
    const refusedName = 'desk99999';
    s.admin.createSubAccount(s.broker.name, refusedName);
    const refused: Client = simClient(s, { apiKey: s.admin.createApiKey(refusedName).apiKey, secretKey: 'not-the-secret-key-0000000000000' });
    const accounts$ = new BehaviorSubject<AccountSet>(new Map<string, Client>([...clients, [refusedName, refused]]));

    const merged = userDataStreams(accounts$, { scheduler: s.scheduler, maxConcurrentStarts: 3, startsPerSecond: 50 });
    const events: TaggedEvent[] = [];
    const books = new Map<string, OrderBook>();
    subscriptions.push(merged.subscribe((e) => events.push(e)));
    subscriptions.push(merged.pipe(perAccount(reduceOrders())).subscribe(({ account, value }) => books.set(account, value)));
    await drive.until('every good account connected', () => names.every((n) => events.some((e) => e.account === n && e.event.type === 'connected')));
    await drive.until('the refused account stopped', () => events.some((e) => e.account === refusedName));

    // Trade on every account; then remove the last one and trade once more everywhere.
    names.forEach((name, i) => s.market.runSession({ account: name, orders: 8, seed: i + 1 }));
    const removed = names.at(-1)!;
    const staying = names.slice(0, -1);
    await drive.until('every pushed event', () => names.every((n) => events.filter((e) => e.account === n && isMarketEvent(e.event)).length >= deliveredPushes(s, n).length));
    const lastSeqBeforeRemoval = s.ws.pushes(removed).at(-1)?.seq ?? 0;
    const remaining = new Map<string, Client>([...clients, [refusedName, refused] as const]);
    remaining.delete(removed);
    accounts$.next(remaining);
    await drive.until('the removed account stopped', () => events.some((e) => e.account === removed && e.event.type === 'stopped'));
    names.forEach((name, i) => s.market.runSession({ account: name, orders: 3, seed: 100 + i }));
    await drive.until('the staying accounts\' new events', () => staying.every((n) => events.filter((e) => e.account === n && isMarketEvent(e.event)).length >= deliveredPushes(s, n).length));

    // Each staying account got exactly what the simulator pushed for it, in order.
    for (const name of staying) {
      const got = events.flatMap((e) => (e.account === name && isMarketEvent(e.event) ? [withoutChannel(e.event)] : []));
      expect(got).toEqual(deliveredPushes(s, name).map((r) => r.event));
      // Its order book agrees with the simulator's orders.
      const book = books.get(name);
      const simOrders = s.market.orders(name);
      expect(simOrders.length).toBeGreaterThan(0);
      for (const order of simOrders) expect(book?.orders.get(order.orderId)?.status).toBe(order.status);
      expect(book?.stale).toBe(false);
    }
    // The removed account: stopped, its key DELETEd, nothing after the stop; the others went on.
    const removedEvents = events.filter((e) => e.account === removed);
    expect(removedEvents.at(-1)?.event).toMatchObject({ type: 'stopped', reason: 'removed' });
    const removedKeys = s.admin.listenKeys(removed);
    expect(removedKeys).toHaveLength(1);
    expect(removedKeys[0]?.closed).toBe(true);
    const removedGot = removedEvents.flatMap((e) => (isMarketEvent(e.event) ? [withoutChannel(e.event)] : []));
    expect(removedGot).toEqual(deliveredPushes(s, removed).filter((r) => r.seq <= lastSeqBeforeRemoval).map((r) => r.event));
    expect(s.ws.pushes(removed).filter((r) => r.seq > lastSeqBeforeRemoval).length).toBeGreaterThan(0);
    // The refused account: one stopped event with the fatal error, the others unharmed.
    const refusedEvents = events.filter((e) => e.account === refusedName);
    expect(refusedEvents).toHaveLength(1);
    const stopped = refusedEvents[0]?.event;
    expect(stopped?.type === 'stopped' && stopped.reason).toBe('failed');
    expect(stopped?.type === 'stopped' && stopped.error).toBeInstanceOf(StreamFatalError);
    expect(stopped?.type === 'stopped' && (stopped.error as Error).cause).toBeInstanceOf(ApiError);
    // No account lost its stream: one connection each, no gap.
    expect(events.filter((e) => e.event.type === 'gap')).toEqual([]);
    for (const name of staying) expect(s.ws.connections({ account: name, open: true })).toHaveLength(1);
  });
});
