/**
 * An explicit `undefined` is "not given" at run time too: representative factories, given every
 * option as `undefined`, behave as with the option left out (the default), including the groups a
 * factory merges over its defaults (the simulator's websocket rules, limits and IP ban), where a
 * plain spread would put `undefined` over the default.
 */
import { describe, expect, it } from '@jest/globals';
import { from, lastValueFrom, of, Subject } from 'rxjs';
import {
  balanceSnapshots,
  createClient,
  DEFAULT_BASE_URL,
  getAccount,
  reduceOrders,
  type BalanceSnapshot,
  type OrderBook,
  type UserDataEvent,
} from '../../src/index.js';
import { coalesceOption } from '../../src/operators/coalesce.js';
import { createSimClock, DEFAULT_WS_RULES, startSimulator } from '../../src/simulator/index.js';
import { withOverrides } from '../../src/simulator/overrides.js';
import { createWorld, DEFAULT_LIMITS } from '../../src/simulator/state.js';
import { toListenKeySource } from '../../src/stream/listen-key-source.js';
import { accountEvent, gapEvent, orderEvent, T0 } from '../operators/fixtures.js';
import { fakeFetch, json } from '../support/fake-fetch.js';

describe('an explicit undefined is the default', () => {
  it('reduceOrders: no seed (fresh from the start), one snapshot per event (no coalescing)', () => {
    const events = new Subject<UserDataEvent>();
    const books: OrderBook[] = [];
    events.pipe(reduceOrders({ seed: undefined, resync: undefined, coalesce: undefined, maxTerminalOrders: undefined, scheduler: undefined })).subscribe((b) => books.push(b));
    events.next(orderEvent({ orderId: 'C02__1' }));
    expect(books.map((b) => [b.cause, b.stale])).toEqual([
      ['start', false],
      ['event', false],
    ]);
  });

  it('balanceSnapshots: a resync lists every asset (an asset it leaves out is removed)', () => {
    const snapshots: BalanceSnapshot[] = [];
    from<UserDataEvent[]>([accountEvent({ asset: 'DOGE', free: '1', frozen: '0', time: T0 }), gapEvent(T0, T0 + 1)])
      .pipe(balanceSnapshots({ resync: () => of([]), refreshListsAllAssets: undefined, seed: undefined, coalesce: undefined }))
      .subscribe((s) => snapshots.push(s));
    expect(snapshots.at(-1)?.removed).toEqual(['DOGE']);
  });

  it('coalesce { everyMs, scheduler: undefined }: on rxjs asyncScheduler', () => {
    const defaulted = coalesceOption({ everyMs: 5, scheduler: undefined });
    expect(defaulted).toEqual(coalesceOption({ everyMs: 5 }));
  });

  it('createClient: the default base URL', async () => {
    const fake = fakeFetch(json({ balances: [], canTrade: true, canWithdraw: true, canDeposit: true, accountType: 'SPOT', permissions: ['SPOT'], updateTime: null }));
    const client = createClient({ apiKey: 'mx0vglKEY', secretKey: 'secret', fetch: fake.fetch, baseUrl: undefined, recvWindow: undefined, budget: undefined, retry: undefined });
    await lastValueFrom(getAccount(client)).catch(() => undefined);
    expect(fake.calls[0]?.url.startsWith(`${DEFAULT_BASE_URL}/`)).toBe(true);
  });

  it('a listen key source whose keepAlive and close are undefined: the stream neither keeps keys alive nor closes them', () => {
    const source = toListenKeySource({ create: () => of('key'), keepAlive: undefined, close: undefined });
    expect([source.keepAlive, source.close]).toEqual([undefined, undefined]);
  });

  it('the simulator: its clock, websocket rules, limits and IP ban keep their defaults', async () => {
    const sim = await startSimulator({
      port: undefined,
      clock: undefined,
      realtime: false,
      speed: undefined,
      ws: { connectionsPerKey: undefined, idleTimeoutMs: undefined, pushLogLimit: undefined },
      limits: { listenKeysPerUid: undefined },
      ipBan: { withinMs: undefined },
      master: { name: undefined, balances: undefined },
    });
    try {
      expect(sim.ws.rules).toEqual(DEFAULT_WS_RULES);
      expect(sim.master.name).toBe('simmaster');
    } finally {
      await sim.close();
    }
    expect(createWorld({ listenKeysPerUid: undefined, subAccountsPerMaster: 5 }).limits).toEqual({ ...DEFAULT_LIMITS, subAccountsPerMaster: 5 });
    expect(withOverrides({ after429s: 10, withinMs: 60_000 }, { after429s: undefined, withinMs: 5 })).toEqual({ after429s: 10, withinMs: 5 });
    const clock = createSimClock({ start: undefined, speed: undefined, realtime: false, lagLimitMs: undefined, source: undefined });
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(60_000);
  });
});
