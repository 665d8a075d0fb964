/**
 * The broker's timers, in virtual time: the simulator's manual clock drives the client's scheduler,
 * which every timer of the broker runs on; only the requests on the loopback are waited for in real
 * time. A page that falls silent loses its key within `idleCloseMs`; a page that renews keeps it
 * past the service's hour, with one keepalive (L3) per `keepAliveIntervalMs`, not one per renewal.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Subscription } from 'rxjs';
import { createListenKeyBroker, type ListenKeyBroker, type ListenKeyBrokerOptions } from '../../src/server/index.js';
import { FORMS, json, settledCount, startWorld, until, validKeys, type BrokerWorld, type Caller } from './support.js';

const MINUTE = 60_000;
const KEYS = '/api/mexc/listen-key';

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;
let caller: Caller | undefined;
let watching: Subscription | undefined;

afterEach(async () => {
  watching?.unsubscribe();
  await caller?.close();
  await broker?.close();
  await world?.sim.close();
  world = broker = caller = watching = undefined;
});

describe.each(FORMS)('the broker’s timers, through its %s handler', (_form, reach) => {
  async function start(options: Partial<ListenKeyBrokerOptions> = {}): Promise<{ world: BrokerWorld; page: Caller }> {
    world = await startWorld();
    broker = createListenKeyBroker(world.client, { path: '/api/mexc', ...options });
    caller = await reach(broker);
    return { world, page: caller };
  }

  it('closes the key of a page that stopped renewing once idleCloseMs has passed, and not before', async () => {
    const { world: w, page } = await start({ idleCloseMs: 3 * MINUTE, renewIntervalMs: MINUTE, maxKeys: 1 });
    const { listenKey } = (await page.call('POST', KEYS)).body as { listenKey: string };
    w.sim.clock.advance(MINUTE);
    expect((await page.call('PUT', KEYS, { body: json({ listenKey }) })).status).toBe(200);
    // Not closed a millisecond before idleCloseMs: a renewal then is still taken.
    w.sim.clock.advance(3 * MINUTE - 1);
    expect((await page.call('PUT', KEYS, { body: json({ listenKey }) })).status).toBe(200);
    // Silent from here: closed 3 minutes after that renewal, not after the key was made.
    w.sim.clock.advance(3 * MINUTE - 1);
    expect(w.sim.admin.listenKey(listenKey)?.closed).toBe(false);
    w.sim.clock.advance(1);
    await until('the silent page’s key DELETEd', () => settledCount(w, 'L4') === 1);
    expect(w.sim.admin.listenKey(listenKey)?.closed).toBe(true);
    // The page learns it is gone, and its place is free again.
    expect(await page.call('PUT', KEYS, { body: json({ listenKey }) })).toMatchObject({ status: 404, body: { error: 'unknown-listen-key' } });
    expect((await page.call('POST', KEYS)).status).toBe(201);
    expect(validKeys(w)).toHaveLength(1);
  });

  it('keeps a renewed key alive on the service past its hour, with one keepalive per keepAliveIntervalMs', async () => {
    // A renewal every 10 minutes (the page's slowest) keeps it for its page; the service needs L3 every 30.
    const { world: w, page } = await start({ renewIntervalMs: 10 * MINUTE, idleCloseMs: 30 * MINUTE });
    const { listenKey } = (await page.call('POST', KEYS)).body as { listenKey: string };
    const extended: number[] = [];
    watching = w.sim.events.subscribe((event) => {
      if (event.type === 'listenKey' && event.action === 'extended' && event.key === listenKey) extended.push(event.time);
    });
    const began = w.sim.clock.now();
    for (let minute = 10; minute <= 150; minute += 10) {
      w.sim.clock.advance(10 * MINUTE);
      expect((await page.call('PUT', KEYS, { body: json({ listenKey }) })).status).toBe(200);
      // The keepalive the broker sent at this minute, if any, is over before the clock moves on.
      if (minute % 30 === 0) await until(`the keepalive of minute ${minute}`, () => settledCount(w, 'L3') === minute / 30);
    }
    expect(extended.map((time) => (time - began) / MINUTE)).toEqual([30, 60, 90, 120, 150]);
    expect(w.sim.admin.listenKey(listenKey)?.valid).toBe(true);
  });

  it('forgets a key the service no longer holds (its keepalive refused): the page’s next renewal is told it is gone', async () => {
    const { world: w, page } = await start({ keepAliveIntervalMs: 2 * MINUTE, maxKeys: 1 });
    const { listenKey } = (await page.call('POST', KEYS)).body as { listenKey: string };
    w.sim.ws.expireKey(listenKey);
    w.sim.clock.advance(2 * MINUTE);
    await until('the refused keepalive', () => settledCount(w, 'L3') === 1);
    expect(await page.call('PUT', KEYS, { body: json({ listenKey }) })).toMatchObject({ status: 404, body: { error: 'unknown-listen-key' } });
    // Its place is free: the service does not count it any more.
    expect((await page.call('POST', KEYS)).status).toBe(201);
  });
});
