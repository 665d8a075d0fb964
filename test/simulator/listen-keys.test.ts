import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { closeListenKey, createListenKey, keepAliveListenKey, listListenKeys, type Client } from '../../src/index.js';
import { SIM_CODES, type ListenKeyEvent, type SimEvent, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, run, startSim } from './helpers.js';

const MINUTE = 60_000;
const LISTEN_KEY_INVALID = Number(SIM_CODES.listenKeyInvalid);

let sim: Simulator;
let client: Client;

beforeEach(async () => {
  sim = await startSim();
  client = clientOf(sim, sim.master);
});
afterEach(() => sim.close());

describe('listen keys (L1-L4)', () => {
  it('L1 creates a key that L2 lists', async () => {
    const { listenKey } = await run(createListenKey(client));
    expect(listenKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await run(listListenKeys(client))).toEqual({ total: 1, available: 59, listenKeys: [listenKey] });
    expect(sim.admin.listenKeyOwner(listenKey)).toBe(sim.master.uid);
  });

  it('expires a key 60 minutes after creation without PUT', async () => {
    const { listenKey } = await run(createListenKey(client));
    sim.clock.advance(60 * MINUTE - 1);
    expect((await run(listListenKeys(client))).listenKeys).toEqual([listenKey]);
    sim.clock.advance(1);
    expect((await run(listListenKeys(client))).listenKeys).toEqual([]);
    expect(sim.admin.listenKeyOwner(listenKey)).toBeUndefined();
    const error = await apiError(keepAliveListenKey(client, { listenKey }));
    expect(error.code).toBe(LISTEN_KEY_INVALID);
    expect((await apiError(closeListenKey(client, { listenKey }))).code).toBe(LISTEN_KEY_INVALID);
  });

  it('PUT extends validity to 60 minutes from the call', async () => {
    const { listenKey } = await run(createListenKey(client));
    sim.clock.advance(40 * MINUTE);
    await expect(run(keepAliveListenKey(client, { listenKey }))).resolves.toEqual({ listenKey });
    sim.clock.advance(59 * MINUTE);
    expect((await run(listListenKeys(client))).listenKeys).toEqual([listenKey]);
    await run(keepAliveListenKey(client, { listenKey }));
    sim.clock.advance(3 * 60 * MINUTE);
    expect((await run(listListenKeys(client))).listenKeys).toEqual([]);
  });

  it('refuses the 61st valid key of a uid, and accepts one again once a key is gone', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 60; i++) keys.push((await run(createListenKey(client))).listenKey);
    expect((await run(listListenKeys(client))).available).toBe(0);
    expect((await apiError(createListenKey(client))).code).toBe(SIM_CODES.listenKeyLimit);
    // Another uid has its own allowance.
    await expect(run(createListenKey(clientOf(sim, sim.broker)))).resolves.toHaveProperty('listenKey');
    await run(closeListenKey(client, { listenKey: keys[0] ?? '' }));
    await expect(run(createListenKey(client))).resolves.toHaveProperty('listenKey');
    expect((await apiError(createListenKey(client))).code).toBe(SIM_CODES.listenKeyLimit);
    sim.clock.advance(60 * MINUTE);
    await expect(run(createListenKey(client))).resolves.toHaveProperty('listenKey');
  });

  it('DELETE invalidates a key; unknown keys and other uids’ keys are 730708', async () => {
    const { listenKey } = await run(createListenKey(client));
    await expect(run(closeListenKey(client, { listenKey }))).resolves.toEqual({ listenKey });
    expect((await run(listListenKeys(client))).listenKeys).toEqual([]);
    expect((await apiError(keepAliveListenKey(client, { listenKey }))).code).toBe(LISTEN_KEY_INVALID);
    expect((await apiError(closeListenKey(client, { listenKey }))).code).toBe(LISTEN_KEY_INVALID);
    expect((await apiError(keepAliveListenKey(client, { listenKey: 'nosuchkey' }))).code).toBe(LISTEN_KEY_INVALID);
    const brokers = await run(createListenKey(clientOf(sim, sim.broker)));
    expect((await apiError(closeListenKey(client, brokers))).code).toBe(LISTEN_KEY_INVALID);
  });

  it('announces creation, extension and closing on the event hook', async () => {
    const seen: SimEvent[] = [];
    const subscription = sim.events.subscribe((e) => seen.push(e));
    const { listenKey } = await run(createListenKey(client));
    sim.clock.advance(MINUTE);
    await run(keepAliveListenKey(client, { listenKey }));
    await run(closeListenKey(client, { listenKey }));
    subscription.unsubscribe();
    const keyEvents = seen.filter((e): e is ListenKeyEvent => e.type === 'listenKey');
    expect(keyEvents.map((e) => [e.action, e.key, e.uid])).toEqual([
      ['created', listenKey, sim.master.uid],
      ['extended', listenKey, sim.master.uid],
      ['closed', listenKey, sim.master.uid],
    ]);
    expect(keyEvents[1]?.expiresAt).toBe(sim.clock.now() + 60 * MINUTE);
  });

  it('L1 and L2 need SPOT_ACCOUNT_READ', async () => {
    const noRead = clientOf(sim, sim.admin.createApiKey('simmaster', { permissions: ['SPOT_TRANSFER_READ'] }));
    expect((await apiError(createListenKey(noRead))).code).toBe(SIM_CODES.noPermission);
    expect((await apiError(listListenKeys(noRead))).code).toBe(SIM_CODES.noPermission);
  });
});
