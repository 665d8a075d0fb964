/**
 * `client.close()` against the simulator, its clock standing still: the moment the promise
 * resolves, no listen key the client made is valid on the service (checked against the
 * simulator's own view, with no sleep), whether the key was its stream's, one still being created,
 * or one of a direct `createListenKey` call; a later call fails at once with ClientClosedError.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { filter, firstValueFrom } from 'rxjs';
import { ClientClosedError, closeListenKey, createListenKey, keepAliveListenKey, listSubAccounts, userDataStream, type UserDataEvent } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { errorOf } from '../support/harness.js';
import { closeTestClient, LISTEN_KEY_PATH, startManualSim, validKeys, watchedFetch } from './support.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('client.close() DELETEs every listen key the client made', () => {
  it('subscribe, then close at once: 0 valid keys the moment it resolves, and a later call fails', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);

    const subscription = userDataStream(client).subscribe();
    const result = await client.close();

    // The stream's key was being created when the close came: it was awaited, then DELETEd.
    expect(s.admin.listenKeys(s.master.name)).toHaveLength(1);
    expect(validKeys(s, s.master.name)).toEqual([]);
    expect(result).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
    expect(subscription.closed).toBe(true);
    const error = await errorOf(listSubAccounts(client));
    expect(error).toBeInstanceOf(ClientClosedError);
    expect(error).toMatchObject({ name: 'ClientClosedError', operation: 'M2', message: expect.stringContaining('the client is closed') });
    // Nothing was sent for it.
    expect(watched.count('GET', '/api/v3/sub-account/list')).toBe(0);
    expect(s.clock.pendingTimers).toBe(0);
  });

  it("tells a subscriber of a live stream it stopped, completes it, and refuses a new subscription", async () => {
    const s = (sim = await startManualSim());
    const client = closeTestClient(s, watchedFetch());
    const events$ = userDataStream(client);
    const events: UserDataEvent[] = [];
    let completed = false;
    events$.subscribe({ next: (event) => events.push(event), complete: () => (completed = true) });
    await firstValueFrom(events$.pipe(filter((event) => event.type === 'connected')));
    expect(s.ws.connections({ account: s.master.name, open: true })).toHaveLength(1);

    await client.close();

    expect(events.map((event) => event.type)).toEqual(['connected', 'stopped']);
    expect(events.at(-1)).toEqual({ type: 'stopped', reason: 'client-closed', at: s.clock.now() });
    expect(completed).toBe(true);
    expect(validKeys(s, s.master.name)).toEqual([]);
    expect(s.ws.connections({ account: s.master.name, open: true })).toEqual([]);
    expect(await errorOf(events$)).toMatchObject({ name: 'ClientClosedError', operation: 'stream' });
    expect(await errorOf(userDataStream(client))).toBeInstanceOf(ClientClosedError);
  });

  it('lets a listen-key creation already sent finish, and DELETEs the key it brings before resolving', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);

    const created = firstValueFrom(createListenKey(client));
    await watched.until('POST', LISTEN_KEY_PATH);
    const result = await client.close();

    // The caller still gets its key (the creation was not given up), and that key is gone.
    const { listenKey } = await created;
    expect(s.admin.listenKey(listenKey)).toMatchObject({ closed: true, valid: false });
    expect(watched.sent.filter((r) => r.method === 'DELETE').map((r) => r.listenKey)).toEqual([listenKey]);
    expect(result).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
  });

  it("closes the keys of direct createListenKey calls, but not those it already saw closed or the service no longer knows", async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);
    const keys = [];
    for (let i = 0; i < 4; i++) keys.push((await firstValueFrom(createListenKey(client))).listenKey);
    const [closedByUser, expired, left1, left2] = keys as [string, string, string, string];
    await firstValueFrom(closeListenKey(client, { listenKey: closedByUser }));
    s.ws.expireKey(expired);
    expect(validKeys(s, s.master.name).map((k) => k.key).sort()).toEqual([left1, left2].sort());

    const result = await client.close();

    expect(validKeys(s, s.master.name)).toEqual([]);
    expect(result).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
    // The close DELETEd the keys it had not seen closed: the expired one too (the service then
    // answers that it does not know it, which counts as closed), never the one closed already.
    const deletedByClose = watched.sent.filter((r) => r.method === 'DELETE').slice(1).map((r) => r.listenKey);
    expect(deletedByClose.sort()).toEqual([expired, left1, left2].sort());
  });

  it('forgets a key that has expired (60 minutes without a keepalive answered), but not one kept alive', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);
    const left = (await firstValueFrom(createListenKey(client))).listenKey;
    const keptAlive = (await firstValueFrom(createListenKey(client))).listenKey;
    s.clock.advance(50 * 60_000);
    await firstValueFrom(keepAliveListenKey(client, { listenKey: keptAlive }));
    s.clock.advance(11 * 60_000);
    expect(validKeys(s, s.master.name).map((k) => k.key)).toEqual([keptAlive]);

    expect(await client.close()).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });

    expect(watched.sent.filter((r) => r.method === 'DELETE').map((r) => r.listenKey)).toEqual([keptAlive]);
    expect(s.admin.listenKey(left)?.valid).toBe(false);
    expect(validKeys(s, s.master.name)).toEqual([]);
  });

  it('is idempotent: every call returns the same promise, and each key is DELETEd once', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);
    await firstValueFrom(createListenKey(client));

    const first = client.close();
    const second = client.close();
    expect(second).toBe(first);
    await first;
    expect(client.close()).toBe(first);
    expect(watched.count('DELETE', LISTEN_KEY_PATH)).toBe(1);
    expect(validKeys(s, s.master.name)).toEqual([]);
  });

  it('closes a client that made nothing at once, sending nothing', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);
    expect(await client.close()).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
    expect(watched.sent).toEqual([]);
    expect(s.clock.pendingTimers).toBe(0);
  });
});
