/**
 * The broker's rules against an attacker and a careless user, through both handler forms, with
 * the simulator's own view of the keys saying what happened: a flood of creates against the
 * default bounds, a cross-site request from a browser, an `authorize` that answers oddly or reads
 * the body, a close while creations are under way, and any method but GET on the read routes.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { concatMap, Subject, take } from 'rxjs';
import type { Client } from '../../src/index.js';
import { createListenKeyBroker, type Authorize, type ListenKeyBroker, type ListenKeyBrokerOptions } from '../../src/server/index.js';
import { loose } from '../support/settings.js';
import { FORMS, settledCount, startWorld, until, validKeys, type Answer, type BrokerWorld, type Caller } from './support.js';

const PATH = '/api/mexc';
const KEYS = `${PATH}/listen-key`;
/** The service's bound of valid keys per account. */
const SERVICE_KEY_LIMIT = 60;

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;
let caller: Caller | undefined;

afterEach(async () => {
  await caller?.close();
  await broker?.close();
  await world?.sim.close();
  world = broker = caller = undefined;
});

const keyOf = (answer: Answer): string => (answer.body as { listenKey: string }).listenKey;

describe.each(FORMS)('the broker against an attacker, through its %s handler', (_form, reach) => {
  async function start(options: Partial<ListenKeyBrokerOptions> = {}): Promise<{ world: BrokerWorld; page: Caller }> {
    world = await startWorld();
    broker = createListenKeyBroker(world.client, { path: PATH, ...options });
    caller = await reach(broker);
    return { world, page: caller };
  }

  it('keeps the account below the service’s 60 keys with its defaults, whatever a flood of 80 creates at once does', async () => {
    const { world: w, page } = await start();
    const answers = await Promise.all(Array.from({ length: 80 }, () => page.call('POST', KEYS)));
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(50);
    expect(answers.filter((a) => a.status === 503).map((a) => (a.body as { error: string }).error)).toEqual(Array.from({ length: 30 }, () => 'account-key-limit'));
    expect(validKeys(w).sort()).toEqual(made.map(keyOf).sort());
    expect(validKeys(w).length).toBeLessThan(SERVICE_KEY_LIMIT);
  });

  it('holds a session to its default 4 keys against a flood, and the account’s bound holds across sessions', async () => {
    const { world: w, page } = await start({ maxKeys: 10, authorize: (request) => request.headers.get('x-session') ?? false });
    const flood = await Promise.all(Array.from({ length: 20 }, () => page.call('POST', KEYS, { headers: { 'x-session': 'mallory' } })));
    expect(flood.filter((a) => a.status === 201)).toHaveLength(4);
    expect(flood.filter((a) => a.status === 429)).toHaveLength(16);
    const others = await Promise.all(Array.from({ length: 9 }, (_, i) => page.call('POST', KEYS, { headers: { 'x-session': `user${i}` } })));
    expect(others.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 201, 503, 503, 503]);
    expect(validKeys(w)).toHaveLength(10);
  });

  it('refuses a request a browser marks cross-site, from an origin not listed, even without allowedOrigins', async () => {
    const { world: w, page } = await start({ authorize: () => 'cookie-session' });
    const forged = await page.call('POST', KEYS, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.net' } });
    expect(forged).toMatchObject({ status: 403, body: { error: 'origin-refused' } });
    // A form post whose Origin a privacy setting hid is cross-site all the same.
    expect((await page.call('POST', KEYS, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await page.call('GET', `${PATH}/balances`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(validKeys(w)).toEqual([]);
    expect(settledCount(w, 'A1')).toBe(0);
    for (const site of ['same-origin', 'same-site', 'none']) expect((await page.call('POST', KEYS, { headers: { 'sec-fetch-site': site } })).status).toBe(201);
    expect(validKeys(w)).toHaveLength(3);
  });

  it('takes a cross-site request from an origin it lists, and none from another', async () => {
    const { world: w, page } = await start({ allowedOrigins: ['https://app.example.com'] });
    const listed = await page.call('POST', KEYS, { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://app.example.com' } });
    expect(listed.status).toBe(201);
    const other = await page.call('DELETE', KEYS, { headers: { 'sec-fetch-site': 'same-site', origin: 'https://admin.example.com' }, body: JSON.stringify({ listenKey: keyOf(listed) }) });
    expect(other.status).toBe(403);
    expect(validKeys(w)).toEqual([keyOf(listed)]);
  });

  it('refuses whatever authorize gives that is not a session’s name (401), or when it fails (403)', async () => {
    const answers: unknown[] = ['', 0, 42, true, null, undefined, {}, ['alice'], Promise.resolve(''), Promise.resolve(false)];
    let next = 0;
    const { world: w, page } = await start({ authorize: loose<Authorize>(() => answers[next++]) });
    for (let i = 0; i < answers.length; i += 1) expect(await page.call('POST', KEYS)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    broker = createListenKeyBroker(w.client, { path: PATH, authorize: () => Promise.reject(new Error('session store down: redis://user:pw@host')) });
    await caller?.close();
    const failing = (caller = await reach(broker));
    const failed = await failing.call('POST', KEYS);
    expect(failed).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect(JSON.stringify(failed.body)).not.toContain('redis');
    expect(validKeys(w)).toEqual([]);
  });

  it('shows authorize the request without its body: reading it there takes nothing from the route', async () => {
    const read: string[] = [];
    const { world: w, page } = await start({
      authorize: async (request) => {
        read.push(await request.text());
        return request.headers.get('x-session') ?? false;
      },
    });
    const made = await page.call('POST', KEYS, { headers: { 'x-session': 'alice' } });
    const closed = await page.call('DELETE', KEYS, { headers: { 'x-session': 'alice' }, body: JSON.stringify({ listenKey: keyOf(made) }) });
    expect(closed.status).toBe(200);
    expect(read).toEqual(['', '']);
    expect(validKeys(w)).toEqual([]);
  });

  it('closes every key on close(), those whose creation was under way too, and answers their pages 503', async () => {
    world = await startWorld();
    const w = world;
    // Creations are held on their way to the service until the broker is closing.
    let holding = false;
    let pending = 0;
    const gate = new Subject<void>();
    const held: Client = {
      ...w.client,
      call: (endpoint, params, options) => {
        if (endpoint.id !== 'L1' || !holding) return w.client.call(endpoint, params, options);
        pending += 1;
        return gate.pipe(
          take(1),
          concatMap(() => w.client.call(endpoint, params, options)),
        );
      },
    };
    broker = createListenKeyBroker(held, { path: PATH });
    const page = (caller = await reach(broker));
    expect((await page.call('POST', KEYS)).status).toBe(201);
    holding = true;
    const creating = Array.from({ length: 6 }, () => page.call('POST', KEYS));
    await until('six creations under way', () => pending === 6);
    const closing = broker.close();
    gate.next();
    await closing;
    const answers = await Promise.all(creating);
    for (const answer of answers) expect(answer).toMatchObject({ status: 503, body: { error: 'closed' } });
    // Made on the service after all, and DELETEd there.
    expect([settledCount(w, 'L1'), settledCount(w, 'L4')]).toEqual([7, 7]);
    expect(validKeys(w)).toEqual([]);
    expect((await page.call('GET', `${PATH}/balances`)).status).toBe(503);
  });

  it('leaves no key when its client is closed first, and close() then resolves all the same', async () => {
    const { world: w, page } = await start();
    const keys = [keyOf(await page.call('POST', KEYS)), keyOf(await page.call('POST', KEYS))];
    expect(validKeys(w).sort()).toEqual([...keys].sort());
    await w.client.close();
    expect(validKeys(w)).toEqual([]);
    expect(await page.call('POST', KEYS)).toMatchObject({ status: 502, body: { error: 'upstream-failed' } });
    await broker?.close();
    expect(validKeys(w)).toEqual([]);
  });

  it('serves the read routes with GET only: any other method is 405 and reads or changes nothing', async () => {
    const { world: w, page } = await start();
    for (const path of [`${PATH}/balances`, `${PATH}/open-orders?symbols=BTCUSDT`]) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const answer = await page.call(method, path, { body: '{}' });
        expect(answer).toMatchObject({ status: 405, body: { error: 'method-not-allowed' } });
        expect(answer.headers.get('allow')).toBe('GET');
      }
    }
    expect(settledCount(w, 'A1') + settledCount(w, 'A2')).toBe(0);
    expect(validKeys(w)).toEqual([]);
  });
});
