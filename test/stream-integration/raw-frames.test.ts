/**
 * The simulator's binary frames read by an independent decoder: a raw `ws` client connects with a
 * listen key, subscribes to the three `.pb` channels, and protobufjs decodes what arrives with a
 * copy of the schema written here by hand (from docs/service.md), not generated from tools/proto/. The values
 * must be what the market driver did.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import protobuf from 'protobufjs';
import { firstValueFrom } from 'rxjs';
import WebSocket from 'ws';
import { createListenKey } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { startDrivenSim } from '../support/sim-drive.js';
import { clientOf } from './support.js';

const SCHEMA = `
syntax = "proto3";
message Wrapper {
  string channel = 1;
  oneof body {
    Orders privateOrders = 304;
    Deals privateDeals = 306;
    Account privateAccount = 307;
  }
  optional string symbol = 3;
  optional string symbolId = 4;
  optional int64 createTime = 5;
  optional int64 sendTime = 6;
}
message Account {
  string vcoinName = 1; string coinId = 2; string balanceAmount = 3; string balanceAmountChange = 4;
  string frozenAmount = 5; string frozenAmountChange = 6; string type = 7; int64 time = 8;
}
message Deals {
  string price = 1; string quantity = 2; string amount = 3; int32 tradeType = 4; bool isMaker = 5;
  bool isSelfTrade = 6; string tradeId = 7; string clientOrderId = 8; string orderId = 9;
  string feeAmount = 10; string feeCurrency = 11; int64 time = 12;
}
message Orders {
  string id = 1; string clientId = 2; string price = 3; string quantity = 4; string amount = 5;
  string avgPrice = 6; int32 orderType = 7; int32 tradeType = 8; bool isMaker = 9;
  string remainAmount = 10; string remainQuantity = 11; optional string lastDealQuantity = 12;
  string cumulativeQuantity = 13; string cumulativeAmount = 14; int32 status = 15; int64 createTime = 16;
}
`;
const Wrapper = protobuf.parse(SCHEMA).root.lookupType('Wrapper');

type Decoded = Record<string, unknown> & { channel: string; sendTime?: number };

function decode(bytes: Buffer): Decoded {
  return Wrapper.toObject(Wrapper.decode(bytes), { longs: Number, oneofs: true, defaults: true }) as Decoded;
}

let sim: Simulator | undefined;
let socket: WebSocket | undefined;
afterEach(async () => {
  socket?.terminate();
  socket = undefined;
  await sim?.close();
  sim = undefined;
});

describe('binary frames read with protobufjs', () => {
  it('carry what the market driver did: the order, its fill and fee, its cancel, and the balances (available, frozen)', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    const account = s.master.name;
    const { listenKey } = await firstValueFrom(createListenKey(clientOf(s)));
    const frames: Decoded[] = [];
    const texts: string[] = [];
    const ws = (socket = new WebSocket(`${s.wsUrl}?listenKey=${listenKey}`));
    ws.on('message', (data: Buffer, isBinary: boolean) => (isBinary ? frames.push(decode(data)) : texts.push(data.toString('utf8'))));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const channels = ['spot@private.account.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'];
    ws.send(JSON.stringify({ method: 'SUBSCRIPTION', params: channels }));
    await drive.settle();
    expect(texts).toHaveLength(1);
    expect(JSON.parse(texts[0] ?? '')).toEqual({ id: 0, code: 0, msg: channels.join(',') });

    const placed = s.market.placeOrder({ account, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01', clientOrderId: 'raw-1' });
    s.market.fill(placed.orderId, '0.004');
    const canceled = s.market.cancel(placed.orderId);
    // Once the loopback traffic has settled, every frame sent has arrived: nine, and no more.
    await drive.settle();
    expect(frames).toHaveLength(9);

    expect(placed.orderId).toMatch(/^C02__\d+$/);
    expect(canceled.status).toBe('PARTIALLY_CANCELED');
    expect(frames.map((f) => `${f['body']}:${f.channel}`)).toEqual([
      'privateOrders:spot@private.orders.v3.api.pb',
      'privateAccount:spot@private.account.v3.api.pb',
      'privateDeals:spot@private.deals.v3.api.pb',
      'privateOrders:spot@private.orders.v3.api.pb',
      'privateAccount:spot@private.account.v3.api.pb',
      'privateAccount:spot@private.account.v3.api.pb',
      'privateAccount:spot@private.account.v3.api.pb',
      'privateOrders:spot@private.orders.v3.api.pb',
      'privateAccount:spot@private.account.v3.api.pb',
    ]);
    const [newOrder, lock, deal, partOrder, quoteSettled, baseIn, fee, cancelOrder, unlock] = frames;
    // All pushed at the clock's one millisecond (it moves only when the test moves it).
    const now = s.clock.now();
    for (const frame of frames) expect(frame.sendTime).toBe(now);

    // The order, as placed: 0.01 BTC at 30000, 300 USDT, nothing filled.
    expect(newOrder).toMatchObject({ symbol: 'BTCUSDT' });
    expect(newOrder?.['privateOrders']).toMatchObject({
      id: placed.orderId,
      clientId: 'raw-1',
      price: '30000',
      quantity: '0.01',
      amount: '300',
      avgPrice: '0',
      orderType: 1,
      tradeType: 1,
      remainQuantity: '0.01',
      remainAmount: '300',
      cumulativeQuantity: '0',
      cumulativeAmount: '0',
      status: 1,
      createTime: placed.createTime,
    });
    // Placing locks 300 USDT: balanceAmount is what stays available, frozenAmount what is locked.
    expect(lock?.['privateAccount']).toMatchObject({ vcoinName: 'USDT', balanceAmount: '99700', balanceAmountChange: '-300', frozenAmount: '300', frozenAmountChange: '300', type: 'ENTRUST_PLACE' });
    // The fill: 0.004 BTC for 120 USDT, as maker; the buyer's fee is 0.1% of the BTC received.
    expect(deal).toMatchObject({ symbol: 'BTCUSDT' });
    expect(deal?.['privateDeals']).toMatchObject({
      price: '30000',
      quantity: '0.004',
      amount: '120',
      tradeType: 1,
      isMaker: true,
      isSelfTrade: false,
      orderId: placed.orderId,
      clientOrderId: 'raw-1',
      feeAmount: '0.000004',
      feeCurrency: 'BTC',
    });
    expect(String((deal?.['privateDeals'] as Record<string, unknown>)['tradeId'])).toMatch(/X\d+$/);
    expect(partOrder?.['privateOrders']).toMatchObject({ id: placed.orderId, status: 3, lastDealQuantity: '0.004', cumulativeQuantity: '0.004', cumulativeAmount: '120', avgPrice: '30000', remainQuantity: '0.006', remainAmount: '180' });
    expect(quoteSettled?.['privateAccount']).toMatchObject({ vcoinName: 'USDT', balanceAmount: '99700', balanceAmountChange: '0', frozenAmount: '180', frozenAmountChange: '-120', type: 'ENTRUST' });
    expect(baseIn?.['privateAccount']).toMatchObject({ vcoinName: 'BTC', balanceAmount: '10.004', balanceAmountChange: '0.004', frozenAmount: '0', type: 'ENTRUST' });
    expect(fee?.['privateAccount']).toMatchObject({ vcoinName: 'BTC', balanceAmount: '10.003996', balanceAmountChange: '-0.000004', type: 'TRADE_FEE' });
    // The cancel gives the 180 USDT still locked back.
    expect(cancelOrder?.['privateOrders']).toMatchObject({ id: placed.orderId, status: 5, cumulativeQuantity: '0.004', remainQuantity: '0.006' });
    expect(unlock?.['privateAccount']).toMatchObject({ vcoinName: 'USDT', balanceAmount: '99880', balanceAmountChange: '180', frozenAmount: '0', frozenAmountChange: '-180', type: 'ENTRUST_CANCEL' });
    // The simulator's own books agree.
    expect(s.admin.balances(account, 'SPOT').map((b) => [b.asset, b.free, b.locked])).toEqual([
      ['BTC', '10.003996', '0'],
      ['USDT', '99880', '0'],
    ]);
    // Every frame is in the push log, in the same order.
    expect(s.ws.pushes(account).map((r) => r.kind)).toEqual(['orders', 'account', 'deals', 'orders', 'account', 'account', 'account', 'orders', 'account']);
  });
});
