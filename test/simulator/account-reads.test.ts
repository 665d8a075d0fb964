/**
 * The account reads against the simulator: every kind of account (master, broker, and a
 * sub-account of each with its own key, minted by M3 and B5) reads its OWN balances (A1) and open
 * orders (A2); the answers equal the ledger and the market after transfers and trades; another
 * account's orders are never listed; each read needs its permission (700007 without it).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  brokerCreateSubAccountApiKey,
  brokerUniversalTransfer,
  createSubAccountApiKey,
  getAccount,
  getSubAccountAssets,
  listOpenOrders,
  universalTransfer,
  type Client,
  type OpenOrder,
} from '../../src/index.js';
import { SIM_CODES, type OrderView, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, run, startSim, type Keys } from './helpers.js';

const MASTER_SUB = 'strategy01';
const BROKER_SUB = 'client0001';
const READS = ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ'] as const;
const spot = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

let sim: Simulator;
let master: Client;
let broker: Client;
/** The sub-accounts' own keys, minted through the library as a back office would (M3, B5). */
let masterSubKeys: Keys;
let brokerSubKeys: Keys;

beforeEach(async () => {
  sim = await startSim();
  master = clientOf(sim, sim.master);
  broker = clientOf(sim, sim.broker);
  sim.admin.createSubAccount(sim.master.name, MASTER_SUB);
  sim.admin.createSubAccount(sim.broker.name, BROKER_SUB);
  masterSubKeys = await run(createSubAccountApiKey(master, { subAccount: MASTER_SUB, note: 'reads', permissions: [...READS] }));
  brokerSubKeys = await run(brokerCreateSubAccountApiKey(broker, { subAccount: BROKER_SUB, note: 'reads', permissions: [...READS] }));
});
afterEach(() => sim.close());

/** The ledger's SPOT lines of an account, in the shape A1 lists them. */
const ledgerOf = (account: string) => sim.admin.balances(account, 'SPOT').map(({ asset, free, locked }) => ({ asset, free, locked }));

/** What A2 must say of an order of the market driver. */
function expectedOf(o: OrderView): Partial<OpenOrder> {
  return {
    symbol: o.symbol,
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    price: o.price,
    origQty: o.quantity,
    executedQty: o.filledQuantity,
    cumulativeQuoteQty: o.filledAmount,
    status: o.status,
    type: o.orderType,
    side: o.side,
    time: o.createTime,
    updateTime: o.updateTime,
  };
}

describe('A1 getAccount: each account its own balances', () => {
  it('master, broker, and both kinds of sub-account (their own keys) read what the ledger holds', async () => {
    await run(universalTransfer(master, { ...spot, toAccount: MASTER_SUB, asset: 'USDT', amount: '250.5' }));
    await run(brokerUniversalTransfer(broker, { ...spot, toAccount: BROKER_SUB, asset: 'BTC', amount: '0.75' }));
    const readers: readonly (readonly [string, Keys])[] = [
      [sim.master.name, sim.master],
      [sim.broker.name, sim.broker],
      [MASTER_SUB, masterSubKeys],
      [BROKER_SUB, brokerSubKeys],
    ];
    for (const [name, keys] of readers) {
      const account = await run(getAccount(clientOf(sim, keys)));
      expect({ name, balances: account.balances }).toEqual({ name, balances: ledgerOf(name) });
      expect(account).toMatchObject({ canTrade: true, accountType: 'SPOT', permissions: ['SPOT'], updateTime: undefined });
    }
    expect((await run(getAccount(clientOf(sim, masterSubKeys)))).balances).toEqual([{ asset: 'USDT', free: '250.5', locked: '0' }]);
    expect((await run(getAccount(clientOf(sim, brokerSubKeys)))).balances).toEqual([{ asset: 'BTC', free: '0.75', locked: '0' }]);
  });

  it('a broker’s sub-account reads its balances itself, where the broker cannot use M8 (401)', async () => {
    const refused = await apiError(getSubAccountAssets(broker, { subAccount: BROKER_SUB }));
    expect([refused.code, refused.status]).toEqual([SIM_CODES.noAuthority, 401]);
    sim.admin.fund(BROKER_SUB, 'USDT', '1000');
    expect((await run(getAccount(clientOf(sim, brokerSubKeys)))).balances).toEqual(ledgerOf(BROKER_SUB));
  });

  it('shows free and frozen apart after orders lock funds and fills settle, equal to the ledger', async () => {
    sim.admin.fund(BROKER_SUB, 'USDT', '1000');
    sim.admin.fund(BROKER_SUB, 'BTC', '0.5');
    const buy = sim.market.placeOrder({ account: BROKER_SUB, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
    const sell = sim.market.placeOrder({ account: BROKER_SUB, symbol: 'BTCUSDT', side: 'SELL', price: '31000.5', quantity: '0.2' });
    sim.market.fill(buy.orderId, '0.004');
    sim.market.fill(sell.orderId, '0.05');
    const { balances } = await run(getAccount(clientOf(sim, brokerSubKeys)));
    expect(balances).toEqual(ledgerOf(BROKER_SUB));
    // Sanity of the ledger itself: 0.006 BTC still bought with 180 USDT frozen, 0.15 BTC still for sale.
    expect(balances.find((b) => b.asset === 'USDT')?.locked).toBe('180');
    expect(balances.find((b) => b.asset === 'BTC')?.locked).toBe('0.15');
  });
});

describe('A2 listOpenOrders: each account its own open orders of one symbol', () => {
  beforeEach(() => {
    for (const account of [BROKER_SUB, MASTER_SUB]) {
      sim.admin.fund(account, 'USDT', '100000');
      sim.admin.fund(account, 'ETH', '10');
      sim.admin.fund(account, 'BTC', '1');
    }
  });

  it('lists the open orders the market holds for the symbol asked, no other symbol’s, no closed one', async () => {
    const place = (symbol: string, price: string, clientOrderId?: string) =>
      sim.market.placeOrder({ account: BROKER_SUB, symbol, side: 'BUY', price, quantity: '0.01', clientOrderId });
    const open = place('BTCUSDT', '30000.1', 'mine01');
    const partly = place('BTCUSDT', '29999');
    const filled = place('BTCUSDT', '29000');
    const canceled = place('BTCUSDT', '28000');
    place('ETHUSDT', '2000');
    sim.clock.advance(1500);
    sim.market.fill(partly.orderId, '0.004');
    sim.market.fill(filled.orderId);
    sim.market.cancel(canceled.orderId);
    const listed = await run(listOpenOrders(clientOf(sim, brokerSubKeys), { symbol: 'BTCUSDT' }));
    const expected = sim.admin.orders(BROKER_SUB).filter((o) => o.symbol === 'BTCUSDT' && (o.status === 'NEW' || o.status === 'PARTIALLY_FILLED'));
    expect(expected.map((o) => o.orderId)).toEqual([open.orderId, partly.orderId]);
    expect(listed).toEqual(expected.map((o) => expect.objectContaining(expectedOf(o))));
    expect(listed.map((o) => [o.status, o.executedQty, o.clientOrderId, o.updateTime! - o.time])).toEqual([
      ['NEW', '0', 'mine01', 0],
      ['PARTIALLY_FILLED', '0.004', undefined, 1500],
    ]);
  });

  it('never lists another account’s orders: not a sibling’s, not a sub-account’s to its broker', async () => {
    const siblings = sim.market.placeOrder({ account: MASTER_SUB, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
    const own = sim.market.placeOrder({ account: BROKER_SUB, symbol: 'BTCUSDT', side: 'SELL', price: '31000', quantity: '0.5', clientOrderId: 'x' });
    const ethSell = sim.market.placeOrder({ account: BROKER_SUB, symbol: 'ETHUSDT', side: 'SELL', price: '2500', quantity: '1' });
    expect((await run(listOpenOrders(clientOf(sim, brokerSubKeys), { symbol: 'BTCUSDT' }))).map((o) => o.orderId)).toEqual([own.orderId]);
    expect((await run(listOpenOrders(clientOf(sim, brokerSubKeys), { symbol: 'ETHUSDT' }))).map((o) => o.orderId)).toEqual([ethSell.orderId]);
    expect(await run(listOpenOrders(broker, { symbol: 'BTCUSDT' }))).toEqual([]);
    expect(await run(listOpenOrders(master, { symbol: 'BTCUSDT' }))).toEqual([]);
    expect((await run(listOpenOrders(clientOf(sim, masterSubKeys), { symbol: 'BTCUSDT' }))).map((o) => o.orderId)).toEqual([siblings.orderId]);
  });

  it('answers an empty list for a pair the account never traded', async () => {
    expect(await run(listOpenOrders(clientOf(sim, masterSubKeys), { symbol: 'DOGEUSDT' }))).toEqual([]);
  });
});

describe('permissions: each read needs its own', () => {
  it('A1 needs SPOT_ACCOUNT_READ and A2 SPOT_DEAL_READ, whoever holds the key (700007 without)', async () => {
    for (const parent of [[master, MASTER_SUB], [broker, BROKER_SUB]] as const) {
      const [parentClient, sub] = parent;
      const mint = (permissions: readonly (typeof READS)[number][]) =>
        parentClient === master
          ? run(createSubAccountApiKey(master, { subAccount: sub, note: 'one', permissions: [...permissions] }))
          : run(brokerCreateSubAccountApiKey(broker, { subAccount: sub, note: 'one', permissions: [...permissions] }));
      const accountOnly = clientOf(sim, await mint(['SPOT_ACCOUNT_READ']));
      const dealOnly = clientOf(sim, await mint(['SPOT_DEAL_READ']));
      await expect(run(getAccount(accountOnly))).resolves.toHaveProperty('balances');
      expect((await apiError(listOpenOrders(accountOnly, { symbol: 'BTCUSDT' }))).code).toBe(SIM_CODES.noPermission);
      await expect(run(listOpenOrders(dealOnly, { symbol: 'BTCUSDT' }))).resolves.toEqual([]);
      expect((await apiError(getAccount(dealOnly))).code).toBe(SIM_CODES.noPermission);
    }
  });

  it('a root account’s key without the permission is refused too', async () => {
    const lacking = sim.admin.createApiKey(sim.broker.name, { permissions: ['SPOT_TRANSFER_READ'] });
    const error = await apiError(getAccount(clientOf(sim, lacking)));
    expect([error.code, error.status]).toEqual([SIM_CODES.noPermission, 403]);
  });
});
