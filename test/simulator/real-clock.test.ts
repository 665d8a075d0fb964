/**
 * `startSimulator()` with no options follows real time, and every window behaves under it: a plain
 * client on its own `Date.now` is accepted, the clock reads Date.now, a listen key is valid for an
 * hour of real time, a 429 clears when its window ends, the websocket's per-second message window
 * rolls, and a stream pinging often reports no gap. Real time is the point here, so these tests
 * wait in it: about three seconds in all. (A manual clock is what a test asks for:
 * helpers.ts `startSim`.)
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { filter, firstValueFrom } from 'rxjs';
import { ApiError, createClient, createListenKey, listSubAccounts, userDataStream, type Client, type UserDataEvent } from '../../src/index.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';
import { waitFor } from '../stream-integration/support.js';
import { passThroughBudget } from '../support/pass-through-budget.js';
import { run } from './helpers.js';
import { RawClient } from './ws-client.js';

let sim: Simulator | undefined;
let socket: RawClient | undefined;

afterEach(async () => {
  socket?.terminate();
  socket = undefined;
  await sim?.close();
  sim = undefined;
});

/** A simulator and a client that knows nothing of its clock: timestamps from `Date.now`, no retries. */
async function plain(options?: SimulatorOptions): Promise<{ readonly s: Simulator; readonly client: Client }> {
  const s = (sim = await startSimulator(options));
  const client = createClient({ baseUrl: s.restUrl, wsUrl: s.wsUrl, apiKey: s.master.apiKey, secretKey: s.master.secretKey, retry: { limit: 0 }, budget: passThroughBudget() });
  return { s, client };
}

describe('startSimulator() with no options', () => {
  it('follows real time: a plain client is accepted, the clock reads what Date.now reads, and a listen key lasts an hour of it', async () => {
    const { s, client } = await plain();
    // Let time pass since the clock started: one standing still would now read behind Date.now.
    await sleep(100);
    await expect(run(listSubAccounts(client, {}))).resolves.toBeDefined();
    expect(s.clock.realtime).toBe(true);
    // Bracketed by two looks at Date.now, whatever the load: the clock neither stands nor runs ahead.
    const before = Date.now();
    const { serverTime } = (await (await fetch(`${s.restUrl}/api/v3/time`)).json()) as { serverTime: number };
    const after = Date.now();
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(after);
    const asked = Date.now();
    const { listenKey } = await run(createListenKey(client));
    const answered = Date.now();
    const expiresAt = s.admin.listenKey(listenKey)?.expiresAt ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(asked + 60 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(answered + 60 * 60_000);
  });

  it('clears a 429 when its window ends', async () => {
    const { client } = await plain({ rateLimit: { limit: 2, windowMs: 1_000 } });
    let refusal: ApiError | undefined;
    for (let i = 0; i < 8 && refusal === undefined; i++) {
      refusal = await run(listSubAccounts(client, {})).then(
        () => undefined,
        (error: unknown) => (error instanceof ApiError ? error : undefined),
      );
    }
    expect(refusal?.status).toBe(429);
    expect(refusal?.retryAfterMs).toBe(1_000);
    await sleep((refusal?.retryAfterMs ?? 0) + 100);
    await expect(run(listSubAccounts(client, {}))).resolves.toBeDefined();
  });

  it('rolls the websocket’s per-second message window: 120 messages over a second and a bit keep the connection', async () => {
    const { s, client } = await plain();
    const { listenKey } = await run(createListenKey(client));
    const ws = (socket = await RawClient.open(`${s.wsUrl}?listenKey=${listenKey}`));
    ws.send({ method: 'SUBSCRIPTION', params: ['spot@private.account.v3.api.pb'] });
    for (let i = 0; i < 60; i++) ws.send({ method: 'PING' });
    await ws.waitForTexts(61);
    // A second later the window has rolled: 60 more, 121 messages in all, more than 100.
    await sleep(1_100);
    for (let i = 0; i < 60; i++) ws.send({ method: 'PING' });
    await ws.waitForTexts(121);
    expect(ws.closed).toBeUndefined();
    expect(s.ws.connections({ open: true })).toHaveLength(1);
    // The rule still holds within one second.
    for (let i = 0; i < 101; i++) ws.send({ method: 'PING' });
    expect(await ws.waitForClose()).toEqual({ code: 1008, reason: 'too many messages' });
  });

  it('a stream that pings every 100 ms reports no gap and receives what is pushed', async () => {
    const { s, client } = await plain();
    const events: UserDataEvent[] = [];
    const stream$ = userDataStream(client, { pingIntervalMs: 100, pingTimeoutMs: 3_000 });
    const subscription = stream$.subscribe((event) => events.push(event));
    try {
      await firstValueFrom(stream$.pipe(filter((event) => event.type === 'connected')));
      // Five PINGs answered in real time (the server counts the client's messages).
      const [connection] = s.ws.connections({ open: true });
      const atConnect = connection?.messages ?? 0;
      await waitFor('five PINGs', () => (s.ws.connections({ open: true })[0]?.messages ?? 0) >= atConnect + 5);
      const order = firstValueFrom(stream$.pipe(filter((event) => event.type === 'order')));
      s.market.placeOrder({ account: s.master.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
      await expect(order).resolves.toMatchObject({ status: 'NEW' });
      expect(events.filter((event) => !['order', 'deal', 'account'].includes(event.type)).map((event) => event.type)).toEqual(['connected']);
    } finally {
      subscription.unsubscribe();
    }
  });
});
