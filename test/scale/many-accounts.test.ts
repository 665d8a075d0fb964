/**
 * Many sub-accounts in one process, against the simulator's budget on its manual clock moved by
 * the test (sim-drive.ts; a master's 30 sub-accounts, the most the service lets it hold, and a
 * small budget stand for many accounts and the service's 500 per 10 s; a thousand belong to a
 * broker: bench/thousand.bench.ts), with the stream's and the service's default timings: one stream per
 * sub-account with its own key, listen keys created and kept alive inside one shared request
 * budget, every account's balances read by the master on a schedule inside it, the streams merged
 * for one subscriber, each event exactly once, and not one 429 on the wire.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { BehaviorSubject, type Subscription } from 'rxjs';
import {
  createRequestBudget,
  pollSubAccountBalances,
  userDataStreams,
  type AccountSet,
  type BalanceReading,
  type Client,
  type FetchLike,
  type TaggedEvent,
} from '../../src/index.js';
import { isMarketEvent } from '../../src/scale/tagged-event.js';
import type { Simulator } from '../../src/simulator/index.js';
import { MINUTE, SECOND } from '../stream-integration/support.js';
import { startDrivenSim } from '../support/sim-drive.js';
import { accountNames, deliveredPushes, simClient, withoutChannel } from './sim-accounts.js';

/** A master's sub-accounts: at most 30, the service's limit, which the simulator keeps (more belong to a broker). */
const ACCOUNTS = 30;
/** The simulator's budget and the client's: 12 per 10 s (the service's is 500), so 30 keys take three windows. */
const LIMIT = 12;
const WINDOW_MS = 10 * SECOND;
const KEEPALIVE_MS = 2 * MINUTE;

let sim: Simulator | undefined;
const subscriptions: Subscription[] = [];
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await sim?.close();
  sim = undefined;
});

/** A fetch that notes the status and the clock time of every request. */
function wire(s: Simulator): { readonly fetch: FetchLike; readonly seen: { status: number; method: string; path: string; at: number }[] } {
  const seen: { status: number; method: string; path: string; at: number }[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await globalThis.fetch(input, init);
    seen.push({ status: response.status, method: init?.method ?? 'GET', path: url.pathname, at: s.clock.now() });
    return response;
  };
  return { fetch, seen };
}

describe('many sub-accounts in one process', () => {
  it('start, keep alive, read balances and stream within one budget: every event once, no 429', async () => {
    const { sim: s, drive } = await startDrivenSim({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } });
    sim = s;
    const { fetch, seen } = wire(s);
    const budget = createRequestBudget({ scheduler: s.scheduler, windowMs: WINDOW_MS, ipLimit: LIMIT, accountLimit: LIMIT });
    const names = accountNames(ACCOUNTS, 'strategy');
    const clients = new Map<string, Client>();
    for (const name of names) {
      s.admin.createSubAccount(s.master.name, name);
      s.admin.fund(name, 'USDT', '1000000');
      s.admin.fund(name, 'BTC', '100');
      clients.set(name, simClient(s, s.admin.createApiKey(name), { fetch, transport: 'fetch', budget }));
    }
    const master = simClient(s, s.master, { fetch, transport: 'fetch', budget });

    const events: TaggedEvent[] = [];
    const started = s.clock.now();
    subscriptions.push(userDataStreams(new BehaviorSubject<AccountSet>(clients), { keepAliveIntervalMs: KEEPALIVE_MS }).subscribe((e) => events.push(e)));
    const readings: BalanceReading[] = [];
    subscriptions.push(pollSubAccountBalances(master, names, { everyMs: 5 * MINUTE }).subscribe((r) => void ('balances' in r && readings.push(r))));

    const connected = (): number => events.filter((e) => e.event.type === 'connected').length;
    await drive.until('every account connected', () => connected() === ACCOUNTS);
    // 30 keys at 12 per window: the last 6 could not go before two windows had passed.
    const keyCreations = seen.filter((r) => r.method === 'POST' && r.path === '/api/v3/userDataStream');
    expect(keyCreations).toHaveLength(ACCOUNTS);
    expect((keyCreations.at(-1)?.at ?? 0) - started).toBeGreaterThanOrEqual(2 * WINDOW_MS);
    await drive.until('every balance read', () => readings.length === ACCOUNTS);
    expect(new Set(readings.map((r) => r.account))).toEqual(new Set(names));
    expect(readings.find((r) => r.account === names[0])?.balances).toEqual(
      expect.arrayContaining([{ asset: 'USDT', free: '1000000', locked: '0' }]),
    );

    // One trading round on every account: each gets exactly what the simulator pushed for it, in order.
    names.forEach((name, i) => s.market.runSession({ account: name, orders: 3, seed: i + 1 }));
    const received = (name: string) => events.flatMap((e) => (e.account === name && isMarketEvent(e.event) ? [withoutChannel(e.event)] : []));
    await drive.until('every pushed event', () => names.every((n) => received(n).length >= deliveredPushes(s, n).length));
    for (const name of names) expect(received(name)).toEqual(deliveredPushes(s, name).map((r) => r.event));

    // Past the first keepalive of every key: all kept alive (L3) within the budget.
    await drive.until('every key kept alive', () => seen.filter((r) => r.method === 'PUT').length >= ACCOUNTS);
    expect(names.every((n) => s.admin.listenKeys(n).filter((k) => k.valid).length === 1)).toBe(true);
    expect(events.filter((e) => e.event.type === 'gap' || e.event.type === 'reconnecting' || e.event.type === 'stopped')).toEqual([]);

    expect(seen.filter((r) => r.status === 429 || r.status === 418)).toEqual([]);
    expect(seen.every((r) => r.status === 200)).toBe(true);
    // Thirty streams, their keys and balance reads: seconds of CPU, room for a loaded machine.
  }, 60_000);
});
