/**
 * Both frame formats end to end, and where the events come from: the market driver's orders,
 * deals and balance changes, and the REST operations that move money (transfer, deposit,
 * withdrawal), with balances that match the simulator's own.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { brokerUniversalTransfer, brokerWithdraw } from '../../src/index.js';
import type { PushRecord, Simulator } from '../../src/simulator/index.js';
import { JSON_CHANNELS, PROTOBUF_CHANNELS } from '../../src/stream/channels.js';
import type { AccountEvent, MarketEvent } from '../../src/stream/events.js';
import { startDrivenSim } from '../support/sim-drive.js';
import { clientOf, pushedEvents, record, untilEvents, type Recording } from './support.js';

let sim: Simulator | undefined;
let recordings: Recording[] = [];
afterEach(async () => {
  for (const r of recordings) r.subscription.unsubscribe();
  recordings = [];
  await sim?.close();
  sim = undefined;
});

function marketEvents(rec: Recording): MarketEvent[] {
  return rec.events.filter((e): e is MarketEvent => e.type === 'account' || e.type === 'deal' || e.type === 'order');
}

/** The latest account event of each asset. */
function latestBalances(events: readonly MarketEvent[]): Map<string, AccountEvent> {
  const latest = new Map<string, AccountEvent>();
  for (const e of events) if (e.type === 'account') latest.set(e.asset, e);
  return latest;
}

describe('frame formats and event sources', () => {
  it('pushes the same events as protobuf and as JSON, each on its own channels, with balances matching the simulator', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    const account = s.master.name;
    const protobuf = record(clientOf(s));
    const json = record(clientOf(s), { format: 'json' });
    recordings.push(protobuf, json);
    await untilEvents(drive, protobuf, 'connected');
    await untilEvents(drive, json, 'connected');

    const summary = s.market.runSession({ account, orders: 12, seed: 21 });
    const pushed = s.ws.pushes(account);
    await drive.until('both subscribers', () => protobuf.market().length >= pushed.length && json.market().length >= pushed.length);

    expect(summary.orderIds).toHaveLength(12);
    expect(summary.fills).toBeGreaterThan(0);
    expect(summary.cancels).toBeGreaterThan(0);
    // Both subscribers got every event, equal once the channel is set aside.
    expect(protobuf.market()).toEqual(pushedEvents(pushed));
    expect(json.market()).toEqual(pushedEvents(pushed));
    expect(new Set(marketEvents(protobuf).map((e) => e.channel))).toEqual(new Set(Object.values(PROTOBUF_CHANNELS)));
    expect(new Set(marketEvents(json).map((e) => e.channel))).toEqual(new Set(Object.values(JSON_CHANNELS)));
    // Each push went out twice: on a protobuf channel (one key) and on a JSON channel (the other).
    const twoForms = (r: PushRecord): boolean => r.deliveries.length === 2 && r.deliveries.some((d) => d.channel.endsWith('.pb')) && r.deliveries.some((d) => !d.channel.endsWith('.pb'));
    expect(pushed.every(twoForms)).toBe(true);

    // The last account event of each asset says what the simulator holds: available and frozen.
    const held = new Map(s.admin.balances(account, 'SPOT').map((b) => [b.asset, b]));
    const latest = latestBalances(marketEvents(protobuf));
    expect([...latest.keys()].sort()).toEqual(['BTC', 'USDT']);
    for (const [asset, event] of latest) {
      expect({ free: event.free, frozen: event.frozen }).toEqual({ free: held.get(asset)?.free, frozen: held.get(asset)?.locked });
    }
    // Orders as the stream last reported them agree with the simulator's view.
    for (const order of s.admin.orders(account)) {
      const reports = protobuf.market().filter((e) => e.type === 'order' && e.orderId === order.orderId);
      expect(reports.at(-1)).toMatchObject({ status: order.status, cumulativeQuantity: order.filledQuantity, cumulativeAmount: order.filledAmount });
    }
  });

  it('pushes a transfer, a deposit and a withdrawal of a sub-account as account updates', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    s.admin.createSubAccount(s.broker.name, 'streamsub01');
    const subKeys = s.admin.createApiKey('streamsub01');
    const broker = clientOf(s, s.broker);
    const sub = clientOf(s, subKeys);
    const rec = record(sub);
    recordings.push(rec);
    await untilEvents(drive, rec, 'connected');

    await firstValueFrom(brokerUniversalTransfer(broker, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'streamsub01', asset: 'USDT', amount: '100' }));
    s.admin.addDeposit('streamsub01', { coin: 'USDT', network: 'TRC20', amount: '50' });
    await firstValueFrom(brokerWithdraw(sub, { coin: 'USDT', network: 'TRC20', address: 'TXyz0000000000000000000000000000', amount: '30' }));
    await drive.until('three account events', () => rec.market().length >= 3);

    expect(rec.market()).toEqual([
      expect.objectContaining({ type: 'account', asset: 'USDT', changeType: 'CONTRACT_TRANSFER', free: '100', freeChange: '100', frozen: '0', frozenChange: '0' }),
      expect.objectContaining({ type: 'account', asset: 'USDT', changeType: 'DEPOSIT', free: '150', freeChange: '50' }),
      expect.objectContaining({ type: 'account', asset: 'USDT', changeType: 'WITHDRAW', free: '120', freeChange: '-30' }),
    ]);
    expect(rec.market()).toEqual(pushedEvents(s.ws.pushes('streamsub01')));
    expect(s.admin.balance('streamsub01', 'USDT')).toBe('120');
    // The broker's side of the transfer went to the broker's connections (there are none): recorded, not delivered.
    expect(s.ws.pushes(s.broker.name).at(-1)).toMatchObject({ event: { changeType: 'CONTRACT_TRANSFER', freeChange: '-100' }, deliveries: [] });
  });
});
