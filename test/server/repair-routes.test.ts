/**
 * The broker's read-only routes, through both handler forms, against the simulator: the account's
 * balances and open orders as the state operators' seeds, exactly as the account reads give them;
 * what a page may ask is bounded (valid pairs, at most `maxSymbols`, only the configured ones), a
 * refused read sends nothing to the service, and they are authorized like the key routes.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom, map } from 'rxjs';
import { accountBalancesToSeeds, getAccount, listOpenOrders, openOrdersToSeeds } from '../../src/index.js';
import { createListenKeyBroker, type ListenKeyBroker, type ListenKeyBrokerOptions } from '../../src/server/index.js';
import { FORMS, settledCount, startWorld, type BrokerWorld, type Caller } from './support.js';

const PATH = '/api/mexc';

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;
let caller: Caller | undefined;

afterEach(async () => {
  await caller?.close();
  await broker?.close();
  await world?.sim.close();
  world = broker = caller = undefined;
});

describe.each(FORMS)('the repair routes through the %s handler', (_form, reach) => {
  async function start(options: Partial<ListenKeyBrokerOptions> = {}): Promise<{ world: BrokerWorld; page: Caller }> {
    world = await startWorld();
    const { sim, account } = world;
    sim.admin.fund(account, 'USDT', '50000');
    sim.admin.fund(account, 'ETH', '3');
    sim.market.placeOrder({ account, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
    const partly = sim.market.placeOrder({ account, symbol: 'ETHUSDT', side: 'SELL', price: '2000', quantity: '1' });
    sim.market.fill(partly.orderId, '0.25');
    broker = createListenKeyBroker(world.client, { path: PATH, ...options });
    caller = await reach(broker);
    return { world, page: caller };
  }

  it('answers the balances as getAccount reads them, as balanceSnapshots seeds', async () => {
    const { world: w, page } = await start();
    const answer = await page.call('GET', `${PATH}/balances`);
    expect(answer.status).toBe(200);
    const expected = await firstValueFrom(getAccount(w.client).pipe(map(accountBalancesToSeeds)));
    expect(answer.body).toEqual({ balances: expected });
    expect((answer.body as { balances: { asset: string }[] }).balances.map((b) => b.asset)).toEqual(expect.arrayContaining(['USDT', 'ETH']));
  });

  it('answers the open orders of the pairs the page names, as reduceOrders seeds', async () => {
    const { world: w, page } = await start();
    const answer = await page.call('GET', `${PATH}/open-orders?symbols=BTCUSDT,ETHUSDT`);
    expect(answer.status).toBe(200);
    const orders = [...(await firstValueFrom(listOpenOrders(w.client, { symbol: 'BTCUSDT' }))), ...(await firstValueFrom(listOpenOrders(w.client, { symbol: 'ETHUSDT' })))];
    expect(answer.body).toEqual({ symbols: ['BTCUSDT', 'ETHUSDT'], orders: openOrdersToSeeds(orders).seeds, unconverted: 0 });
    expect((answer.body as { orders: { remainQuantity: string }[] }).orders.map((o) => o.remainQuantity).sort()).toEqual(['0.01', '0.75']);
  });

  it('reads the configured pairs when the page names none, and refuses a pair it does not serve', async () => {
    const { page } = await start({ symbols: ['ETHUSDT'] });
    const answer = await page.call('GET', `${PATH}/open-orders`);
    expect(answer.body).toMatchObject({ symbols: ['ETHUSDT'], orders: [{ symbol: 'ETHUSDT' }] });
    expect(await page.call('GET', `${PATH}/open-orders?symbols=BTCUSDT`)).toMatchObject({ status: 400, body: { error: 'bad-request' } });
  });

  it('refuses what a page may not ask, sending nothing to the service', async () => {
    const { world: w, page } = await start({ maxSymbols: 2 });
    const refused = [
      `${PATH}/open-orders`,
      `${PATH}/open-orders?symbols=`,
      `${PATH}/open-orders?symbols=btcusdt`,
      `${PATH}/open-orders?symbols=BTCUSDT,BTCUSDT`,
      `${PATH}/open-orders?symbols=BTCUSDT,ETHUSDT,LTCUSDT`,
      `${PATH}/open-orders?symbols=BTCUSDT&symbols=ETHUSDT`,
      `${PATH}/open-orders?symbols=BTCUSDT&limit=1000`,
      `${PATH}/open-orders?symbols=BTC%26USDT`,
      `${PATH}/balances?asset=USDT`,
    ];
    for (const path of refused) {
      const answer = await page.call('GET', path);
      expect(answer).toMatchObject({ status: 400, body: { error: 'bad-request' } });
    }
    expect(settledCount(w, 'A1') + settledCount(w, 'A2')).toBe(0);
  });

  it('is authorized like the key routes: a refused session or origin reads nothing', async () => {
    const { world: w, page } = await start({ authorize: (request) => request.headers.get('x-session') ?? false, allowedOrigins: ['https://app.example.com'] });
    expect(await page.call('GET', `${PATH}/balances`)).toMatchObject({ status: 401 });
    expect(await page.call('GET', `${PATH}/balances`, { headers: { 'x-session': 's', origin: 'https://evil.example.net' } })).toMatchObject({ status: 403 });
    expect(settledCount(w, 'A1')).toBe(0);
    expect(await page.call('GET', `${PATH}/balances`, { headers: { 'x-session': 's', origin: 'https://app.example.com' } })).toMatchObject({ status: 200 });
  });

  it('tells the page the service failed, without the service’s words (502)', async () => {
    const { world: w, page } = await start();
    w.sim.faults.next('A1', 'refuse');
    const answer = await page.call('GET', `${PATH}/balances`);
    expect(answer).toMatchObject({ status: 502, body: { error: 'upstream-failed', message: 'the service failed reading the balances' } });
    expect(Object.keys(answer.body as object).sort()).toEqual(['error', 'message']);
  });
});
