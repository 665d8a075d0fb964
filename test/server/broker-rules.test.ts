/**
 * Each rule of the listen-key broker, and a request that tries to break it, through both handler
 * forms (the WHATWG handler given `Request` objects, the node handler behind node:http on
 * 127.0.0.1), against the simulator: the service's own view of the keys says what happened.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { createListenKey } from '../../src/index.js';
import { createListenKeyBroker, type ListenKeyBroker, type ListenKeyBrokerOptions } from '../../src/server/index.js';
import { FORMS, json, startWorld, validKeys, type BrokerWorld, type Caller } from './support.js';

const PATH = '/api/mexc';
const KEYS = `${PATH}/listen-key`;

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;
let caller: Caller | undefined;

afterEach(async () => {
  await caller?.close();
  await broker?.close();
  await world?.sim.close();
  world = broker = caller = undefined;
});

describe.each(FORMS)('the broker through its %s handler', (_form, reach) => {
  async function start(options: Partial<ListenKeyBrokerOptions> = {}): Promise<{ world: BrokerWorld; page: Caller }> {
    world = await startWorld();
    broker = createListenKeyBroker(world.client, { path: PATH, ...options });
    caller = await reach(broker);
    return { world, page: caller };
  }

  async function created(page: Caller, headers: Record<string, string> = {}): Promise<string> {
    const answer = await page.call('POST', KEYS, { headers });
    expect(answer.status).toBe(201);
    return (answer.body as { listenKey: string }).listenKey;
  }

  it('creates a key on the service, renews it and closes it, answering the renewal interval', async () => {
    const { world: w, page } = await start({ renewIntervalMs: 45_000 });
    const answer = await page.call('POST', KEYS);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { listenKey, renewIntervalMs } = answer.body as { listenKey: string; renewIntervalMs: number };
    expect(renewIntervalMs).toBe(45_000);
    expect(validKeys(w)).toEqual([listenKey]);
    expect((await page.call('PUT', KEYS, { body: json({ listenKey }) })).status).toBe(200);
    const closed = await page.call('DELETE', KEYS, { body: json({ listenKey }) });
    expect(closed).toMatchObject({ status: 200, body: { listenKey } });
    expect(w.sim.admin.listenKey(listenKey)?.closed).toBe(true);
  });

  it('renews or closes no key it did not issue: 404, and the key is untouched on the service', async () => {
    const { world: w, page } = await start();
    const { listenKey: foreign } = await firstValueFrom(createListenKey(w.client));
    const before = w.sim.admin.listenKey(foreign);
    for (const method of ['PUT', 'DELETE']) {
      const answer = await page.call(method, KEYS, { body: json({ listenKey: foreign }) });
      expect(answer).toMatchObject({ status: 404, body: { error: 'unknown-listen-key' } });
    }
    expect(w.sim.admin.listenKey(foreign)).toEqual(before);
    expect(validKeys(w)).toEqual([foreign]);
  });

  it("answers another session's key exactly as an unknown one, and leaves it as it was", async () => {
    const { world: w, page } = await start({ authorize: (request) => request.headers.get('x-session') ?? false });
    const alices = await created(page, { 'x-session': 'alice' });
    const unknown = await page.call('PUT', KEYS, { headers: { 'x-session': 'bob' }, body: json({ listenKey: 'a'.repeat(64) }) });
    for (const method of ['PUT', 'DELETE']) {
      const answer = await page.call(method, KEYS, { headers: { 'x-session': 'bob' }, body: json({ listenKey: alices }) });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: unknown.status, body: unknown.body });
    }
    expect(validKeys(w)).toEqual([alices]);
    expect((await page.call('DELETE', KEYS, { headers: { 'x-session': 'alice' }, body: json({ listenKey: alices }) })).status).toBe(200);
    expect(validKeys(w)).toEqual([]);
  });

  it('without authorize, each key is its own session: whoever holds a key touches that key only', async () => {
    const { world: w, page } = await start();
    const first = await created(page);
    const second = await created(page);
    expect((await page.call('DELETE', KEYS, { body: json({ listenKey: first }) })).status).toBe(200);
    expect(validKeys(w)).toEqual([second]);
  });

  it('never holds more than maxKeys, even against a flood of creates at once: 503 with Retry-After', async () => {
    const { world: w, page } = await start({ maxKeys: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => page.call('POST', KEYS)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: 'account-key-limit' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(validKeys(w)).toHaveLength(3);
    // A key closed frees its place.
    const [one] = validKeys(w);
    expect((await page.call('DELETE', KEYS, { body: json({ listenKey: one }) })).status).toBe(200);
    expect((await page.call('POST', KEYS)).status).toBe(201);
    expect(validKeys(w)).toHaveLength(3);
  });

  it('holds at most maxKeysPerSession for a session (429 with Retry-After), while another session still gets keys', async () => {
    const { world: w, page } = await start({ maxKeysPerSession: 2, authorize: (request) => request.headers.get('x-session') ?? false });
    const alice = { 'x-session': 'alice' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => page.call('POST', KEYS, { headers: alice })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429, 429]);
    expect(answers.find((a) => a.status === 429)?.body).toMatchObject({ error: 'session-key-limit' });
    // Two keys made just now: the first may be closed for silence after idleCloseMs (5 minutes).
    w.sim.clock.advance(60_000);
    const later = await page.call('POST', KEYS, { headers: alice });
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('240');
    await created(page, { 'x-session': 'bob' });
    expect(validKeys(w)).toHaveLength(3);
  });

  it('refuses a request authorize refuses (401) or throws on (403), creating nothing', async () => {
    const { world: w, page } = await start({
      authorize: (request) => {
        const session = request.headers.get('x-session');
        if (session === 'mallory') throw new Error('banned: details the page must not see');
        return session === null ? false : session;
      },
    });
    const none = await page.call('POST', KEYS);
    expect(none).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    const thrown = await page.call('POST', KEYS, { headers: { 'x-session': 'mallory' } });
    expect(thrown).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(JSON.stringify(thrown.body)).not.toContain('banned');
    expect(validKeys(w)).toEqual([]);
    const key = await created(page, { 'x-session': 'alice' });
    // A refused session cannot close or renew it either.
    expect((await page.call('DELETE', KEYS, { body: json({ listenKey: key }) })).status).toBe(401);
    expect(validKeys(w)).toEqual([key]);
  });

  it('refuses a cross-origin request when allowedOrigins is set (403), and takes its own origin or none', async () => {
    const { world: w, page } = await start({ allowedOrigins: ['https://app.example.com'] });
    const cross = await page.call('POST', KEYS, { headers: { origin: 'https://evil.example.net' } });
    expect(cross).toMatchObject({ status: 403, body: { error: 'origin-refused' } });
    expect((await page.call('POST', KEYS, { headers: { origin: 'null' } })).status).toBe(403);
    expect(validKeys(w)).toEqual([]);
    const own = await created(page, { origin: 'https://app.example.com' });
    expect((await page.call('DELETE', KEYS, { headers: { origin: 'https://evil.example.net' }, body: json({ listenKey: own }) })).status).toBe(403);
    expect(validKeys(w)).toEqual([own]);
    await created(page);
    expect(validKeys(w)).toHaveLength(2);
  });

  it('answers a bad method (405 with Allow), path (404) or body (400, 413) with a reason, changing nothing', async () => {
    const { world: w, page } = await start();
    const key = await created(page);
    const before = w.sim.admin.listenKeys(w.account);
    const wrongMethod = await page.call('GET', KEYS);
    expect(wrongMethod).toMatchObject({ status: 405, body: { error: 'method-not-allowed' } });
    expect(wrongMethod.headers.get('allow')).toBe('POST, PUT, DELETE');
    expect((await page.call('PATCH', KEYS, { body: json({ listenKey: key }) })).headers.get('allow')).toBe('POST, PUT, DELETE');
    expect((await page.call('POST', `${PATH}/balances`)).headers.get('allow')).toBe('GET');
    for (const path of [`${KEYS}/`, `${KEYS}/${key}`, PATH, `${PATH}/listen-keys`, '/listen-key', `/api${KEYS}`, `${PATH}//listen-key`]) {
      expect(await page.call('DELETE', path, { body: json({ listenKey: key }) })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    }
    const badBodies = ['', 'not json', json([key]), json({ listenKey: key, extra: 1 }), json({ listenKey: 42 }), json({ listenKey: `${key}/../x` }), json({ key }), 'null'];
    for (const body of badBodies) {
      for (const method of ['PUT', 'DELETE']) {
        const answer = await page.call(method, KEYS, { body });
        expect(answer).toMatchObject({ status: 400, body: { error: 'bad-request' } });
        expect(typeof (answer.body as { message: unknown }).message).toBe('string');
      }
    }
    expect(await page.call('POST', KEYS, { body: json({ listenKey: key }) })).toMatchObject({ status: 400 });
    expect(await page.call('DELETE', KEYS, { body: json({ listenKey: key, pad: 'x'.repeat(5000) }) })).toMatchObject({ status: 413, body: { error: 'body-too-large' } });
    expect(w.sim.admin.listenKeys(w.account)).toEqual(before);
    expect(validKeys(w)).toEqual([key]);
  });

  it('close() DELETEs every key it issued, then refuses every request (503)', async () => {
    const { world: w, page } = await start({ authorize: (request) => request.headers.get('x-session') ?? false });
    const keys = [await created(page, { 'x-session': 'a' }), await created(page, { 'x-session': 'a' }), await created(page, { 'x-session': 'b' })];
    const { listenKey: others } = await firstValueFrom(createListenKey(w.client));
    const closing = broker?.close();
    expect(broker?.close()).toBe(closing);
    await closing;
    for (const key of keys) expect(w.sim.admin.listenKey(key)?.closed).toBe(true);
    // The client's other keys are not the broker's.
    expect(validKeys(w)).toEqual([others]);
    expect(await page.call('POST', KEYS, { headers: { 'x-session': 'a' } })).toMatchObject({ status: 503, body: { error: 'closed' } });
    expect(validKeys(w)).toEqual([others]);
  });
});
