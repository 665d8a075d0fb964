/**
 * `startSimulator()` with no options follows real time, and every window behaves under it: a plain
 * client on its own `Date.now` is accepted seconds after start, a listen key is valid for an hour
 * of real time, a 429 clears when its window ends, the websocket's per-second message window
 * rolls, and a stream pinging often reports no gap. (A manual clock is what a test asks for:
 * helpers.ts `startSim`.)
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { filter, firstValueFrom } from 'rxjs';
import { ApiError, createClient, createListenKey, listSubAccounts, userDataStream, type Client, type UserDataEvent } from '../../src/index.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';
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
  const client = createClient({ baseUrl: s.restUrl, wsUrl: s.wsUrl, apiKey: s.master.apiKey, secretKey: s.master.secretKey, retry: { limit: 0 }, budget: false });
  return { s, client };
}

describe('startSimulator() with no options', () => {
  it('follows real time: a plain client is accepted seconds after start, and a listen key lasts an hour of it', async () => {
    const { s, client } = await plain();
    await sleep(3_000);
    await expect(run(listSubAccounts(client, {}))).resolves.toBeDefined();
    expect(s.clock.realtime).toBe(true);
    const { serverTime } = (await (await fetch(`${s.restUrl}/api/v3/time`)).json()) as { serverTime: number };
    expect(Math.abs(serverTime - Date.now())).toBeLessThan(2_500); // a clock standing still since start would be 3 s behind
    const { listenKey } = await run(createListenKey(client));
    const expiresIn = (s.admin.listenKey(listenKey)?.expiresAt ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(60 * 60_000 - 10_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
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

  it('rolls the websocket’s per-second message window: 180 messages over three seconds keep the connection', async () => {
    const { s, client } = await plain();
    const { listenKey } = await run(createListenKey(client));
    const ws = (socket = await RawClient.open(`${s.wsUrl}?listenKey=${listenKey}`));
    ws.send({ method: 'SUBSCRIPTION', params: ['spot@private.account.v3.api.pb'] });
    for (let burst = 1; burst <= 3; burst++) {
      for (let i = 0; i < 60; i++) ws.send({ method: 'PING' });
      await ws.waitForTexts(1 + 60 * burst);
      await sleep(1_100);
    }
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
      await sleep(1_500);
      const order = firstValueFrom(stream$.pipe(filter((event) => event.type === 'order')));
      s.market.placeOrder({ account: s.master.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
      await expect(order).resolves.toMatchObject({ status: 'NEW' });
      expect(events.filter((event) => !['order', 'deal', 'account'].includes(event.type)).map((event) => event.type)).toEqual(['connected']);
    } finally {
      subscription.unsubscribe();
    }
  });
});
