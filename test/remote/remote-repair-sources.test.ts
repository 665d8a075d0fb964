/**
 * `remoteRepairSources` as a page uses it: the broker's reads as the `seed` and `resync` of the
 * state operators, against the real broker and the simulator; a refusal or an answer that is not
 * the broker's fails the read with a `BrokerError` naming why, never folded into a book.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { filter, firstValueFrom, NEVER, take, type Observable } from 'rxjs';
import { balanceSnapshots, BrokerError, reduceOrders, remoteRepairSources, type UserDataEvent } from '../../src/index.js';
import { createListenKeyBroker, type ListenKeyBroker } from '../../src/server/index.js';
import { fetchCaller, startWorld, type BrokerWorld } from '../server/support.js';

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;

afterEach(async () => {
  await broker?.close();
  await world?.sim.close();
  world = broker = undefined;
});

const page = (href: string): EventTarget & { location: { href: string } } => Object.assign(new EventTarget(), { location: { href } });

async function start(): Promise<{ world: BrokerWorld; fetch: ReturnType<typeof fetchCaller>['fetch'] }> {
  world = await startWorld();
  const { sim, account } = world;
  sim.admin.fund(account, 'USDT', '40000');
  sim.market.placeOrder({ account, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.02' });
  broker = createListenKeyBroker(world.client, { path: '/api/mexc', symbols: ['BTCUSDT', 'ETHUSDT'] });
  return { world, fetch: fetchCaller(broker).fetch };
}

describe('remoteRepairSources', () => {
  it('seeds balanceSnapshots and reduceOrders with what the account holds, through the broker', async () => {
    const { world: w, fetch } = await start();
    const repairs = remoteRepairSources('/api/mexc', { fetch, page: page('http://broker.test/app') });
    const none: Observable<UserDataEvent> = NEVER;
    const balances = await firstValueFrom(none.pipe(balanceSnapshots(repairs.balances), filter((snapshot) => !snapshot.stale)));
    const usdt = w.sim.admin.balances(w.account).find((b) => b.asset === 'USDT');
    expect(balances.balances.get('USDT')).toMatchObject({ free: usdt?.free, frozen: usdt?.locked });
    const book = await firstValueFrom(none.pipe(reduceOrders(repairs.orders), filter((snapshot) => !snapshot.stale)));
    const [open] = w.sim.market.orders(w.account);
    expect([...book.orders.values()].map((o) => [o.orderId, o.status])).toEqual([[open?.orderId, 'NEW']]);
    // resync reads again, each call.
    w.sim.admin.fund(w.account, 'USDT', '1');
    const again = await firstValueFrom(repairs.balances.resync());
    expect(again.find((b) => b.asset === 'USDT')?.free).not.toBe(usdt?.free);
  });

  it('asks only for the pairs it is given, and a refusal fails the read with the broker’s reason', async () => {
    const { fetch } = await start();
    const urls: string[] = [];
    const watched = (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
      urls.push(String(input));
      return fetch(input, init);
    };
    const repairs = remoteRepairSources('http://broker.test/api/mexc', { fetch: watched, symbols: ['LTCUSDT'] });
    const error = await firstValueFrom(repairs.orders.seed).catch((e: unknown) => e);
    expect(urls).toEqual(['http://broker.test/api/mexc/open-orders?symbols=LTCUSDT']);
    expect(error).toBeInstanceOf(BrokerError);
    expect(error).toMatchObject({ status: 400, code: 'bad-request', message: 'GET /api/mexc/open-orders: HTTP 400 bad-request' });
  });

  it('refuses an answer that is not the broker’s (a sign-in page, a proxy’s error, a changed shape)', async () => {
    const answers = [
      new Response('<html>sign in</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      new Response(JSON.stringify({ balances: [{ asset: 'USDT', free: 'lots', locked: '0' }] })),
      new Response(JSON.stringify([{ asset: 'USDT', free: '1', locked: '0' }])),
      new Response('Bad Gateway', { status: 502 }),
    ];
    for (const answer of answers) {
      const repairs = remoteRepairSources('https://app.example.com/api/mexc', { fetch: () => Promise.resolve(answer) });
      const error = await firstValueFrom(repairs.balances.seed.pipe(take(1))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BrokerError);
      expect((error as BrokerError).code).toBeUndefined();
    }
    const unreachable = remoteRepairSources('https://app.example.com/api/mexc', { fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect(await firstValueFrom(unreachable.balances.seed).catch((e: unknown) => e)).toMatchObject({ name: 'BrokerError', status: 0 });
  });
});
