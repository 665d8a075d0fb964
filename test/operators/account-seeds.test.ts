/**
 * The account reads' results as the state operators' seeds. Unit cases for each rule of the
 * conversion, then the property that makes it lossless: on the simulator's world, after any
 * trading session stopped at any step, the book `reduceOrders` builds from the A2 answer's seeds
 * holds every open order exactly as the book built from every order and deal push does (fills
 * aside: the REST answer has none), and the balances `balanceSnapshots` builds from the A1
 * answer's seeds equal those built from every balance push.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { filter, firstValueFrom, from, lastValueFrom, NEVER, of } from 'rxjs';
import {
  accountBalancesToSeeds,
  balanceSnapshots,
  openOrdersToSeeds,
  openOrderToSeed,
  reduceOrders,
  type MarketEvent,
  type OpenOrder,
  type OrderState,
} from '../../src/index.js';
import { accountDecoder, openOrdersDecoder } from '../../src/codecs/account.js';
import type { ResponseDecoder } from '../../src/codecs/decoder.js';
import { decimal } from '../../src/decimal/fixed.js';
import { createApiKey, createRootAccount } from '../../src/simulator/accounts.js';
import { createSimClock } from '../../src/simulator/index.js';
import { accountHandlers } from '../../src/simulator/handlers/account.js';
import type { HandlerContext } from '../../src/simulator/handlers/handler.js';
import { credit } from '../../src/simulator/ledger.js';
import { cancelOrder, fillOrder, placeOrder } from '../../src/simulator/market/orders.js';
import { sessionScript, type SessionActions } from '../../src/simulator/market/session.js';
import { createWorld, type SimEvent } from '../../src/simulator/state.js';
import { pushItemOf } from '../../src/simulator/ws/push-events.js';

const ORDER: OpenOrder = {
  symbol: 'BTCUSDT',
  orderId: 'C02__1',
  orderListId: -1,
  clientOrderId: 'mine',
  price: '30000.1',
  origQty: '0.01',
  executedQty: '0.004',
  cumulativeQuoteQty: '120.0004',
  status: 'PARTIALLY_FILLED',
  timeInForce: 'GTC',
  type: 'LIMIT',
  side: 'BUY',
  stopPrice: undefined,
  icebergQty: undefined,
  time: 1_000,
  updateTime: 2_000,
  isWorking: true,
  origQuoteOrderQty: undefined,
};

describe('accountBalancesToSeeds', () => {
  it('gives each balance as it was read: free the available part, locked the frozen part', () => {
    const balances = [
      { asset: 'BTC', free: '0.30000000000000000001', locked: '0' },
      { asset: 'USDT', free: '0', locked: '12345678901234567891.5' },
    ];
    expect(accountBalancesToSeeds({ balances })).toStrictEqual(balances);
    expect(accountBalancesToSeeds({ balances: [] })).toStrictEqual([]);
  });
});

describe('openOrderToSeed', () => {
  it('carries what was read and derives amount, what remains and the average price exactly', () => {
    expect(openOrderToSeed(ORDER)).toStrictEqual({
      orderId: 'C02__1',
      clientOrderId: 'mine',
      symbol: 'BTCUSDT',
      side: 'BUY',
      orderType: 'LIMIT',
      price: '30000.1',
      quantity: '0.01',
      amount: '300.001',
      status: 'PARTIALLY_FILLED',
      cumulativeQuantity: '0.004',
      cumulativeAmount: '120.0004',
      remainQuantity: '0.006',
      remainAmount: '180.0006',
      avgPrice: '30000.1',
      createTime: 1_000,
      updatedAt: 2_000,
    });
  });

  it('names the REST order types as the stream does', () => {
    const types = ['LIMIT', 'MARKET', 'LIMIT_MAKER', 'IMMEDIATE_OR_CANCEL', 'FILL_OR_KILL', 'STOP_LIMIT'];
    expect(types.map((type) => openOrderToSeed({ ...ORDER, type })?.orderType)).toEqual(['LIMIT', 'MARKET', 'POST_ONLY', 'IOC', 'FOK', 'STOP_LIMIT']);
  });

  it('an average over no fill is 0; one that does not end is cut at 30 digits; the state’s time is the creation time when no update time was sent', () => {
    const fresh = openOrderToSeed({ ...ORDER, executedQty: '0', cumulativeQuoteQty: '0', status: 'NEW', updateTime: undefined });
    expect([fresh?.avgPrice, fresh?.remainQuantity, fresh?.updatedAt]).toEqual(['0', '0.01', 1_000]);
    expect(openOrderToSeed({ ...ORDER, executedQty: '3', cumulativeQuoteQty: '1' })?.avgPrice).toBe(`0.${'3'.repeat(30)}`);
  });

  it('an unpriced order (a market order by amount) takes its amount from the quote quantity ordered', () => {
    const market = openOrderToSeed({ ...ORDER, type: 'MARKET', price: '0', origQty: '0', executedQty: '0.001', cumulativeQuoteQty: '30', origQuoteOrderQty: '100' });
    expect([market?.amount, market?.remainAmount, market?.remainQuantity]).toEqual(['100', '70', '0']);
    expect(openOrderToSeed({ ...ORDER, price: '0', origQuoteOrderQty: undefined })?.amount).toBe('0');
  });

  it('what remains is never negative, whatever the service reports', () => {
    const over = openOrderToSeed({ ...ORDER, executedQty: '0.02', cumulativeQuoteQty: '600' });
    expect([over?.remainQuantity, over?.remainAmount]).toEqual(['0', '0']);
  });

  it.each([
    ['a type', { type: 'TRAILING_STOP' }],
    ['a status', { status: 'PENDING_NEW' }],
    ['a side', { side: 'SHORT' }],
    ['an object key as a type', { type: 'constructor' }],
  ])('is undefined for %s the book does not know: never a wrong order', (_what, change) => {
    expect(openOrderToSeed({ ...ORDER, ...change })).toBeUndefined();
  });
});

describe('openOrdersToSeeds', () => {
  it('returns the seeds in the order listed, and every order it could not convert, as read', () => {
    const odd = { ...ORDER, orderId: 'C02__2', status: 'PENDING_NEW' };
    const second = { ...ORDER, orderId: 'C02__3', side: 'SELL' };
    const { seeds, unconverted } = openOrdersToSeeds([ORDER, odd, second]);
    expect(seeds.map((s) => s.orderId)).toEqual(['C02__1', 'C02__3']);
    expect(unconverted).toStrictEqual([odd]);
  });
});

/** A trading world of one account, its pushes, and its two reads as they come off the wire. */
function tradingWorld(symbol: string) {
  const clock = createSimClock({ start: Date.UTC(2025, 2, 14, 12), realtime: false });
  const world = createWorld();
  const account = createRootAccount(world, 'broker', 'trader01', clock.now());
  const key = createApiKey(world, account, { note: 'reads', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ'], ip: [] }, clock.now());
  const pushes: MarketEvent[] = [];
  world.events.subscribe((event: SimEvent) => {
    if (event.type === 'listenKey') return;
    const item = pushItemOf(event, event.time);
    if (item === undefined || item.uid !== account.uid) return;
    const channel = item.kind === 'account' ? 'spot@private.account.v3.api.pb' : item.kind === 'deals' ? 'spot@private.deals.v3.api.pb' : 'spot@private.orders.v3.api.pb';
    pushes.push({ ...item.event, channel } as MarketEvent);
  });
  for (const [asset, amount] of [['USDT', '100000'], ['BTC', '3'], ['ETH', '40']] as const) {
    credit(world, { uid: account.uid, accountType: 'SPOT', asset, amount: decimal(amount), reason: 'fund', time: clock.now() });
  }
  const feeRate = decimal('0.001');
  const actions: SessionActions = {
    world,
    place: (uid, req) => placeOrder(world, uid, req, clock.now()),
    fill: (id, quantity) => void fillOrder(world, id, quantity, feeRate, clock.now()),
    cancel: (id) => void cancelOrder(world, id, clock.now()),
  };
  /** What a route answers, through JSON as on the wire, decoded as the client decodes it. */
  const read = <R>(id: 'A1' | 'A2', params: Record<string, unknown>, decoder: ResponseDecoder<R>): R => {
    const ctx: HandlerContext = { world, caller: account, key, now: clock.now(), settings: { historyOmittedParty: 'caller' } };
    const decoded = decoder.decode(JSON.parse(JSON.stringify(accountHandlers[id](params, ctx))));
    if (decoded._tag === 'Left') throw new Error(`${id} did not decode`);
    return decoded.right;
  };
  return {
    clock,
    pushes,
    session: (seed: number, orders: number) => sessionScript(actions, account.uid, { account: account.uid, orders, seed, symbol, midPrice: symbol === 'ETHUSDT' ? '2000' : '30000', maxQuantity: '0.4' }),
    openOrders: () => read('A2', { symbol }, openOrdersDecoder),
    account: () => read('A1', {}, accountDecoder),
  };
}

/** An order's state without its fills (the REST answer has none to give). */
const withoutFills = (order: OrderState | undefined) => {
  if (order === undefined) return undefined;
  const { fills: _fills, ...rest } = order;
  return rest;
};

describe('the conversion is lossless', () => {
  it('seeds from A2 give the book the pushes give, for every open order; seeds from A1 the balances the pushes give', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('BTCUSDT', 'ETHUSDT'),
        async (seed, orders, steps, stepMs, symbol) => {
          const w = tradingWorld(symbol);
          const script = w.session(seed, orders);
          for (let i = 0; i < steps && script.step(); i++) w.clock.advance(stepMs);

          // No order pushed (a session stopped before its first order): no book, no open order.
          const pushed = await lastValueFrom(from(w.pushes).pipe(reduceOrders()), { defaultValue: undefined });
          const listed = openOrdersToSeeds(w.openOrders());
          expect(listed.unconverted).toEqual([]);
          const seeded = await firstValueFrom(NEVER.pipe(reduceOrders({ seed: of(listed.seeds) }), filter((book) => book.cause === 'seed')));
          const open = [...(pushed?.orders.values() ?? [])].filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED');
          expect([...seeded.orders.keys()].sort()).toEqual(open.map((o) => o.orderId).sort());
          for (const order of open) expect(withoutFills(seeded.orders.get(order.orderId))).toStrictEqual(withoutFills(order));

          const pushedBalances = await lastValueFrom(from(w.pushes).pipe(balanceSnapshots()));
          const seededBalances = await firstValueFrom(
            NEVER.pipe(balanceSnapshots({ seed: of(accountBalancesToSeeds(w.account())) }), filter((s) => s.cause === 'seed')),
          );
          const amounts = (balances: typeof pushedBalances.balances) =>
            [...balances.values()].map(({ asset, free, frozen, total }) => ({ asset, free, frozen, total })).sort((a, b) => a.asset.localeCompare(b.asset));
          expect(amounts(seededBalances.balances)).toStrictEqual(amounts(pushedBalances.balances));
        },
      ),
      { numRuns: 60, seed: 3030 },
    );
  });
});
