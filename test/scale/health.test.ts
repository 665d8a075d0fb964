/**
 * The health of `userDataStreams` against the simulator, its clock manual (sim-drive.ts): every
 * wanted account is listed from its start (an account waiting for its paced start is
 * `connecting`), a dropped connection makes its account `reconnecting` at once and `stale` after
 * the gap until that account's repair says fresh, a refused account is `stopped`, a removed one
 * leaves the picture, PING round trips and event times are per account, the summary counts the
 * statuses, and the close empties the picture. Watching starts nothing.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { BehaviorSubject, Subject, type Subscription } from 'rxjs';
import type { Client } from '../../src/client/types.js';
import type { AccountValue } from '../../src/scale/per-account.js';
import type { StreamsHealth } from '../../src/scale/streams-health.js';
import type { TaggedEvent } from '../../src/scale/tagged-event.js';
import { userDataStreams, type AccountSet } from '../../src/scale/user-data-streams.js';
import type { Simulator } from '../../src/simulator/index.js';
import type { RepairSignal } from '../../src/stream/status.js';
import { configIssues, loose } from '../support/settings.js';
import { startDrivenSim } from '../support/sim-drive.js';
import { accountNames, createSubAccounts, simClient } from './sim-accounts.js';

let sim: Simulator | undefined;
const subscriptions: Subscription[] = [];
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await sim?.close();
});

function statuses(picture: StreamsHealth | undefined): Record<string, string> {
  return Object.fromEntries([...(picture?.accounts ?? [])].map(([account, health]) => [account, health.status]));
}

describe('the health of userDataStreams (manual clock)', () => {
  it('lists every wanted account with its status, round trip and last event, and counts them', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    const names = accountNames(3, 'desk');
    const clients = createSubAccounts(s, names);
    const refusedName = 'desk99999';
    s.admin.createSubAccount(s.broker.name, refusedName);
    const refused: Client = simClient(s, { apiKey: s.admin.createApiKey(refusedName).apiKey, secretKey: 'not-the-secret-key-0000000000000' });
    const all = new Map<string, Client>([...clients, [refusedName, refused]]);
    const accounts$ = new BehaviorSubject<AccountSet>(all);
    const streams = userDataStreams(accounts$, { scheduler: s.scheduler, maxConcurrentStarts: 1 });
    const repairs = new Subject<AccountValue<RepairSignal | undefined>>();
    let picture: StreamsHealth | undefined;
    const pictures: StreamsHealth[] = [];
    subscriptions.push(
      streams.health({ repairs }).subscribe((p) => {
        picture = p;
        pictures.push(p);
      }),
    );
    // Watching starts nothing.
    expect(picture).toMatchObject({ running: false, summary: { connecting: 0, live: 0, reconnecting: 0, stale: 0, stopped: 0 } });
    expect(picture?.accounts.size).toBe(0);
    expect(s.admin.listenKeys(names[0]!)).toHaveLength(0);

    const events: TaggedEvent[] = [];
    subscriptions.push(streams.subscribe((e) => events.push(e)));
    // One start at a time: every account is listed at once, connecting.
    expect(picture?.running).toBe(true);
    expect(statuses(picture)).toEqual({ desk00000: 'connecting', desk00001: 'connecting', desk00002: 'connecting', desk99999: 'connecting' });
    await drive.until('three live, one stopped', () => picture?.summary.live === 3 && picture.summary.stopped === 1);
    expect(statuses(picture)).toEqual({ desk00000: 'live', desk00001: 'live', desk00002: 'live', desk99999: 'stopped' });

    // A PING round trip (the clock stands still while the PONG travels: 0 ms) and an event time per account.
    await drive.advance(21_000);
    s.market.runSession({ account: names[1]!, orders: 2, seed: 3 });
    const tradedAt = s.clock.now();
    await drive.advance(1_000);
    const traded = picture?.accounts.get(names[1]!);
    expect(traded).toMatchObject({ status: 'live', lastEventAt: tradedAt, pongRoundTripMs: 0 });
    expect(picture?.accounts.get(names[0]!)).toMatchObject({ lastEventAt: undefined, pongRoundTripMs: 0 });

    // A dropped connection: reconnecting at once, then stale (its gap) until its own repair says fresh.
    const before = pictures.length;
    s.ws.drop({ account: names[2]! });
    await drive.until('reconnected', () => picture?.accounts.get(names[2]!)?.status === 'stale');
    expect(pictures.slice(before).map((p) => p.accounts.get(names[2]!)?.status)).toContain('reconnecting');
    expect(picture?.summary).toEqual({ connecting: 0, live: 2, reconnecting: 0, stale: 1, stopped: 1 });
    repairs.next({ account: names[0]!, value: { stale: false } });
    repairs.next({ account: names[2]!, value: { stale: true } });
    expect(picture?.accounts.get(names[2]!)?.status).toBe('stale');
    repairs.next({ account: names[2]!, value: { stale: false } });
    expect(picture?.accounts.get(names[2]!)?.status).toBe('live');

    // A removed account leaves the picture; a repair of it does not bring it back.
    const remaining = new Map(all);
    remaining.delete(names[0]!);
    accounts$.next(remaining);
    expect(picture?.accounts.has(names[0]!)).toBe(false);
    repairs.next({ account: names[0]!, value: { stale: false } });
    expect(picture?.accounts.has(names[0]!)).toBe(false);
    expect(picture?.summary).toEqual({ connecting: 0, live: 2, reconnecting: 0, stale: 0, stopped: 1 });

    // The close: every account stopped, then the picture empties.
    const closing = streams.close();
    await drive.settle();
    await closing;
    expect(picture).toMatchObject({ running: false, summary: { connecting: 0, live: 0, reconnecting: 0, stale: 0, stopped: 0 } });
    expect(pictures.some((p) => p.running && p.summary.stopped === 3)).toBe(true);
  });

  it('refuses bad settings when health() is called', () => {
    const streams = userDataStreams(new Subject<AccountSet>());
    expect(configIssues(() => streams.health({ refreshMs: 60_001 }))).toEqual([{ field: 'refreshMs', rule: 'a duration in ms from 0 to 60000' }]);
    expect(configIssues(() => streams.health({ repairs: loose(new Map()) }))).toEqual([{ field: 'repairs', rule: 'an Observable' }]);
    expect(configIssues(() => streams.health(loose({ refresh: 1 })))).toHaveLength(1);
  });
});
