/**
 * One close for many accounts: `userDataStreams(...).close()` against the simulator (its clock
 * standing still) with 50 sub-accounts. The moment it resolves, no socket of theirs is open and no
 * listen key of theirs is valid; every account's last event is `stopped` (`closed`), then the
 * Observable completes; a new subscription fails at once. A client closed under a running account
 * stops that account only.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { BehaviorSubject, filter, firstValueFrom, scan } from 'rxjs';
import { createRequestBudget, listListenKeys, type Client } from '../../src/index.js';
import { userDataStreams, type AccountSet } from '../../src/scale/user-data-streams.js';
import type { TaggedEvent } from '../../src/scale/tagged-event.js';
import type { Simulator } from '../../src/simulator/index.js';
import { errorOf } from '../support/harness.js';
import { startManualSim } from '../client-close/support.js';
import { accountNames, simClient } from './sim-accounts.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** `count` broker sub-accounts, each with a client of its own key, sharing one request budget on the simulator's clock. */
function accounts(s: Simulator, count: number): Map<string, Client> {
  const budget = createRequestBudget({ scheduler: s.scheduler });
  return new Map(
    accountNames(count, 'close').map((name) => {
      s.admin.createSubAccount(s.broker.name, name);
      return [name, simClient(s, s.admin.createApiKey(name), { budget })];
    }),
  );
}

function openSockets(s: Simulator, names: readonly string[]): number {
  return names.reduce((sum, name) => sum + s.ws.connections({ account: name, open: true }).length, 0);
}

function validKeys(s: Simulator, names: readonly string[]): number {
  return names.reduce((sum, name) => sum + s.admin.listenKeys(name).filter((key) => key.valid).length, 0);
}

describe('userDataStreams close()', () => {
  it('stops 50 live accounts: 0 sockets open and 0 valid keys the moment it resolves, a last stopped event each, then completion', async () => {
    const s = (sim = await startManualSim());
    const clients = accounts(s, 50);
    const names = [...clients.keys()];
    const streams = userDataStreams(new BehaviorSubject<AccountSet>(clients), { scheduler: s.scheduler });
    const events: TaggedEvent[] = [];
    let completed = false;
    streams.subscribe({ next: (event) => events.push(event), complete: () => (completed = true) });
    await firstValueFrom(
      streams.pipe(
        filter((event) => event.event.type === 'connected'),
        scan((connected) => connected + 1, 0),
        filter((connected) => connected === 50),
      ),
    );
    expect(openSockets(s, names)).toBe(50);
    expect(validKeys(s, names)).toBe(50);

    const result = await streams.close();

    expect(openSockets(s, names)).toBe(0);
    expect(validKeys(s, names)).toBe(0);
    expect(result).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
    expect(completed).toBe(true);
    for (const name of names) {
      const own = events.filter((event) => event.account === name).map((event) => event.event);
      expect(own.map((event) => event.type)).toEqual(['connected', 'stopped']);
      expect(own.at(-1)).toEqual({ type: 'stopped', reason: 'closed', error: undefined, at: s.clock.now() });
    }
    expect(await errorOf(streams)).toMatchObject({ name: 'ClientClosedError', operation: 'streams' });
    expect(streams.close()).toBe(streams.close());
    // The clients stay open: they may serve other things.
    expect((await firstValueFrom(listListenKeys(clients.get(names[0] ?? '')!))).listenKeys).toEqual([]);
  });

  it('closed right after subscribing, the starts under way: whatever key a creation already sent brings is DELETEd', async () => {
    const s = (sim = await startManualSim());
    const clients = accounts(s, 50);
    const names = [...clients.keys()];
    const streams = userDataStreams(new BehaviorSubject<AccountSet>(clients), { scheduler: s.scheduler });
    streams.subscribe();

    const result = await streams.close();

    // Starts still waiting for their turn were given up; those already sent were awaited.
    expect(names.reduce((sum, name) => sum + s.admin.listenKeys(name).length, 0)).toBeGreaterThan(0);
    expect(validKeys(s, names)).toBe(0);
    expect(openSockets(s, names)).toBe(0);
    expect(result).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
  });

  it("a client's close keeps its bound while its account's start waits for another's permit", async () => {
    const s = (sim = await startManualSim());
    const [first, second] = [...accounts(s, 2).keys()] as [string, string];
    // The first account's listen-key creation hangs with the only start permit; the second waits for it.
    const holding = simClient(s, s.admin.createApiKey(first), { timeout: 600_000 });
    const waiting = simClient(s, s.admin.createApiKey(second), { timeout: 1_000 });
    s.faults.next('L1', 'hang');
    const streams = userDataStreams(new BehaviorSubject<AccountSet>(new Map([[first, holding], [second, waiting]])), {
      scheduler: s.scheduler,
      maxConcurrentStarts: 1,
      startTimeoutMs: 60 * 60_000,
    });
    const subscription = streams.subscribe();

    const closing = waiting.close();
    s.clock.advance(2 * 1_000);

    expect(await closing).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
    expect(s.admin.listenKeys(second)).toEqual([]);
    subscription.unsubscribe();
    // The creation that hung is counted when its own client's close gives it up.
    const closingHolding = holding.close();
    s.clock.advance(2 * 600_000);
    expect(await closingHolding).toEqual({ keysNotClosed: [], creationsUnanswered: 1 });
  });

  it("a client closed under a running account stops that account ('client-closed'); the others go on", async () => {
    const s = (sim = await startManualSim());
    const clients = accounts(s, 3);
    const [closing, ...others] = [...clients.keys()] as [string, ...string[]];
    const streams = userDataStreams(new BehaviorSubject<AccountSet>(clients), { scheduler: s.scheduler });
    const events: TaggedEvent[] = [];
    streams.subscribe((event) => events.push(event));
    await firstValueFrom(streams.pipe(filter((event) => event.event.type === 'connected'), scan((n) => n + 1, 0), filter((n) => n === 3)));

    await clients.get(closing)!.close();

    expect(events.filter((event) => event.account === closing).map((event) => event.event)).toEqual([
      expect.objectContaining({ type: 'connected' }),
      { type: 'stopped', reason: 'client-closed', error: undefined, at: s.clock.now() },
    ]);
    expect(validKeys(s, [closing])).toBe(0);
    expect(validKeys(s, others)).toBe(2);
    expect(openSockets(s, others)).toBe(2);
    expect(await streams.close()).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
    expect(validKeys(s, others)).toBe(0);
  });
});
