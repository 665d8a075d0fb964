/**
 * The listen-key route takes no query: a key in a URL lands in every access log on its way, so
 * `?listenKey=KEY`, any other parameter and a bare `?` are refused (400 `bad-request`) on each
 * method, through both handler forms, before `authorize` is shown the URL, and change nothing on
 * the service. (The read routes' own query rules: repair-routes.test.ts.)
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createListenKeyBroker, type ListenKeyBroker } from '../../src/server/index.js';
import { FORMS, json, settledCount, startWorld, validKeys, type BrokerWorld, type Caller } from './support.js';

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

describe.each(FORMS)('a query on the key route, through the %s handler', (_form, reach) => {
  it('is refused on POST, PUT and DELETE (a key, another parameter, a bare ?), before authorize, changing nothing', async () => {
    const w = (world = await startWorld());
    const shown: string[] = [];
    broker = createListenKeyBroker(w.client, {
      path: PATH,
      authorize: (request) => {
        shown.push(request.url);
        return 'alice';
      },
    });
    const page = (caller = await reach(broker));
    const made = await page.call('POST', KEYS);
    expect(made.status).toBe(201);
    const { listenKey } = made.body as { listenKey: string };
    const before = w.sim.admin.listenKeys(w.account);
    shown.length = 0;
    for (const query of [`?listenKey=${listenKey}`, '?debug=1', '?']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const body = method === 'POST' ? undefined : json({ listenKey });
        const answer = await page.call(method, `${KEYS}${query}`, body === undefined ? {} : { body });
        expect({ query, method, status: answer.status, body: answer.body }).toMatchObject({ query, method, status: 400, body: { error: 'bad-request' } });
        expect(JSON.stringify(answer.body)).not.toContain(listenKey);
      }
    }
    expect(shown).toEqual([]);
    expect(w.sim.admin.listenKeys(w.account)).toEqual(before);
    expect(validKeys(w)).toEqual([listenKey]);
    expect(settledCount(w, 'L1')).toBe(1);
    // Without the query the same requests are served.
    expect((await page.call('PUT', KEYS, { body: json({ listenKey }) })).status).toBe(200);
    expect((await page.call('DELETE', KEYS, { body: json({ listenKey }) })).status).toBe(200);
    expect(validKeys(w)).toEqual([]);
  });
});
