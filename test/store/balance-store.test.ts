/**
 * A store over the account's balances, against the simulator on a manual clock (the store's linger
 * waits on the simulator's scheduler; only the HTTP and websocket traffic is waited for in real
 * time): two listeners hold one listen key, the snapshot is one reference until a balance changes,
 * listeners that leave and come back within the linger make no key, and the key is DELETEd once
 * the linger has passed after the last one left.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { balanceSnapshots, createClient, toStore, userDataStream, type BalanceSnapshot, type Client } from '../../src/index.js';
import { createSimClock, startSimulator, type Simulator } from '../../src/simulator/index.js';
import { waitFor } from '../stream-integration/support.js';

const LINGER = 1000;

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function startManual(): Promise<{ readonly sim: Simulator; readonly client: Client; readonly account: string }> {
  const started = (sim = await startSimulator({ clock: createSimClock({ start: Date.UTC(2025, 2, 14, 12), realtime: false }) }));
  const client = createClient({
    baseUrl: started.restUrl,
    wsUrl: started.wsUrl,
    apiKey: started.master.apiKey,
    secretKey: started.master.secretKey,
    clock: () => started.clock.now(),
    scheduler: started.scheduler,
  });
  return { sim: started, client, account: started.master.name };
}

/** Waits until the account's one connection has subscribed every channel, so no push is missed. */
function subscribed(s: Simulator, account: string): Promise<void> {
  return waitFor('the stream to subscribe', () => s.ws.connections({ account, open: true }).some((c) => c.channels.length === 3));
}

function usdtFree(snapshot: BalanceSnapshot | undefined): string | undefined {
  return snapshot?.balances.get('USDT')?.free;
}

describe('a store of balanceSnapshots over the user data stream', () => {
  it('holds one key for two listeners, keeps one snapshot until a balance changes, reuses the key within linger and DELETEs it after', async () => {
    const { sim: s, client, account } = await startManual();
    const store = toStore(userDataStream(client).pipe(balanceSnapshots()), { linger: LINGER, scheduler: s.scheduler });
    const first: (BalanceSnapshot | undefined)[] = [];
    const second: (BalanceSnapshot | undefined)[] = [];
    const stopFirst = store.subscribe((snapshot) => first.push(snapshot));
    const stopSecond = store.subscribe((snapshot) => second.push(snapshot));
    await subscribed(s, account);
    expect(s.admin.listenKeys(account)).toHaveLength(1);

    s.admin.fund(account, 'USDT', '25');
    await waitFor('the first balance', () => usdtFree(store.getSnapshot()) !== undefined);
    const funded = store.getSnapshot();
    // One reference while nothing changes: clock time passes, the snapshot is read again and again.
    s.clock.advance(500);
    expect(store.getSnapshot()).toBe(funded);
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    expect(first.at(-1)).toBe(funded);
    expect(second.at(-1)).toBe(funded);

    s.admin.fund(account, 'USDT', '5');
    await waitFor('the balance to change', () => store.getSnapshot() !== funded);
    expect(Number(usdtFree(store.getSnapshot()))).toBe(Number(usdtFree(funded)) + 5);
    expect(second.at(-1)).toBe(store.getSnapshot());

    // Both leave, and one comes back within the linger: the stream, and its key, carry on.
    stopFirst();
    stopSecond.unsubscribe();
    s.clock.advance(LINGER - 1);
    const again: (BalanceSnapshot | undefined)[] = [];
    const stopAgain = store.subscribe((snapshot) => again.push(snapshot));
    expect(again).toEqual([store.getSnapshot()]);
    s.clock.advance(LINGER * 5);
    const [key] = s.admin.listenKeys(account);
    expect(s.admin.listenKeys(account)).toHaveLength(1);
    expect(key?.valid).toBe(true);
    expect(s.ws.connections({ account })).toHaveLength(1);

    // The last one leaves: the key stays until the linger has passed, then it is DELETEd.
    stopAgain();
    s.clock.advance(LINGER - 1);
    expect(store.getStatus()).toBe('open');
    expect(s.admin.listenKey(key!.key)?.closed).toBe(false);
    s.clock.advance(1);
    expect(store.getStatus()).toBe('idle');
    await waitFor('the key to be DELETEd', () => s.admin.listenKey(key!.key)?.closed === true);
    await waitFor('the socket to close', () => s.ws.connections({ account, open: true }).length === 0);
    expect(s.admin.listenKeys(account)).toHaveLength(1);
  });
});
