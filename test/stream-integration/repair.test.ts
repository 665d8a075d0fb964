/**
 * Repair after a gap as a back office meets it, against the simulator on its manual clock: a
 * broker's sub-account (made with B2, its key with B5, funded with B13) and a master's
 * sub-account (M1, M3, M6) stream with `balanceSnapshots({ from })` and `reduceOrders({ from })`.
 * While the connection is stalled, a transfer arrives, an open order fills and a new one is placed
 * (their pushes are lost); then the connection drops. After the repair, the balances equal the
 * simulator's ledger, the open orders its market, the order that filled unseen ends
 * UNKNOWN_OUTCOME, and nothing stays stale: also when the repair's first read answers 500, and
 * when it answers 429.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { share, Subscription, type Observable } from 'rxjs';
import {
  balanceSnapshots,
  brokerCreateSubAccount,
  brokerCreateSubAccountApiKey,
  brokerUniversalTransfer,
  createSubAccount,
  createSubAccountApiKey,
  reduceOrders,
  universalTransfer,
  userDataStream,
  type BalanceSnapshot,
  type Client,
  type OrderBook,
} from '../../src/index.js';
import type { FaultKind, Simulator } from '../../src/simulator/index.js';
import { startDrivenSim, type SimDrive } from '../support/sim-drive.js';
import { clientOf } from './support.js';

const READS = ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ'] as const;
const spot = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

let sim: Simulator | undefined;
let subscriptions = new Subscription();
afterEach(async () => {
  subscriptions.unsubscribe();
  subscriptions = new Subscription();
  await sim?.close();
  sim = undefined;
});

/** The first value of `call`, moving the clock as its waits need (a budget's pause, a retry). */
async function answer<T>(drive: SimDrive, call: Observable<T>): Promise<T> {
  let result: { value: T } | undefined;
  let failure: unknown;
  subscriptions.add(call.subscribe({ next: (value) => (result ??= { value }), error: (error: unknown) => (failure = error) }));
  await drive.until('the answer', () => result !== undefined || failure !== undefined);
  if (result === undefined) throw failure;
  return result.value;
}

/** A sub-account of `parent` made, keyed and funded through the API as a back office does; returns its own client. */
async function subAccountOf(s: Simulator, drive: SimDrive, parent: 'broker' | 'master', name: string): Promise<{ sub: Client; transfer: (amount: string) => Promise<unknown> }> {
  const owner = clientOf(s, parent === 'broker' ? s.broker : s.master);
  if (parent === 'broker') {
    await answer(drive, brokerCreateSubAccount(owner, { subAccount: name, note: 'desk' }));
    const keys = await answer(drive, brokerCreateSubAccountApiKey(owner, { subAccount: name, note: 'stream', permissions: [...READS] }));
    const transfer = (amount: string) => answer(drive, brokerUniversalTransfer(owner, { ...spot, toAccount: name, asset: 'USDT', amount }));
    await transfer('5000');
    return { sub: clientOf(s, keys), transfer };
  }
  await answer(drive, createSubAccount(owner, { subAccount: name, note: 'desk' }));
  const keys = await answer(drive, createSubAccountApiKey(owner, { subAccount: name, note: 'stream', permissions: [...READS] }));
  const transfer = (amount: string) => answer(drive, universalTransfer(owner, { ...spot, toAccount: name, asset: 'USDT', amount }));
  await transfer('5000');
  return { sub: clientOf(s, keys), transfer };
}

/** The ledger's SPOT balances of `account`, as the snapshot holds them. */
function ledger(s: Simulator, account: string): Record<string, { free: string; frozen: string }> {
  return Object.fromEntries(s.admin.balances(account, 'SPOT').map(({ asset, free, locked }) => [asset, { free, frozen: locked }]));
}

function held(snapshot: BalanceSnapshot | undefined): Record<string, { free: string; frozen: string }> {
  return Object.fromEntries([...(snapshot?.balances ?? [])].map(([asset, { free, frozen }]) => [asset, { free, frozen }]));
}

/** The orders the simulator has open for `account`, as id to filled quantity. */
function marketOpen(s: Simulator, account: string): Record<string, string> {
  return Object.fromEntries(s.market.orders(account).filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED').map((o) => [o.orderId, o.filledQuantity]));
}

function bookOpen(book: OrderBook | undefined): Record<string, string> {
  return Object.fromEntries([...(book?.orders ?? [])].filter(([, o]) => !o.placeholder && !o.terminal).map(([id, o]) => [id, o.cumulativeQuantity]));
}

const CASES: readonly (readonly ['broker' | 'master', string, FaultKind | undefined, number])[] = [
  ['broker', 'the repair reads answer at once', undefined, 0],
  ['master', 'the repair reads answer at once', undefined, 0],
  // Three 500s: the client's own two retries run out, so the repair's first read fails and is tried again.
  ['broker', "the repair's first read answers 500", 'status-500', 3],
  ['master', "the repair's first read answers 500", 'status-500', 3],
  ['broker', "the repair's first read answers 429", 'status-429', 1],
  ['master', "the repair's first read answers 429", 'status-429', 1],
];

describe('repair from the account after a gap', () => {
  it.each(CASES)("a %s's sub-account: %s", async (parent, _name, fault, times) => {
    const started = await startDrivenSim();
    const { drive } = started;
    const s = (sim = started.sim);
    const name = parent === 'broker' ? 'client0001' : 'strategy01';
    const { sub, transfer } = await subAccountOf(s, drive, parent, name);

    const events$ = userDataStream(sub).pipe(share());
    const balances: BalanceSnapshot[] = [];
    const books: OrderBook[] = [];
    subscriptions.add(events$.pipe(balanceSnapshots({ from: sub })).subscribe((b) => balances.push(b)));
    subscriptions.add(events$.pipe(reduceOrders({ from: sub, symbols: ['ETHUSDT'] })).subscribe((b) => books.push(b)));
    expect([balances[0]?.cause, books[0]?.cause]).toEqual(['seed-pending', 'seed-pending']);
    await drive.until('seeded and connected', () => balances.at(-1)?.stale === false && books.at(-1)?.stale === false && s.ws.connections({ account: name, open: true }).length === 1);
    // An order on a pair not named in `symbols`: the book sees it in the stream, and reads its pair from then on.
    const first = s.market.placeOrder({ account: name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
    await drive.until('the order seen', () => books.at(-1)?.orders.get(first.orderId)?.status === 'NEW');
    expect(held(balances.at(-1))).toEqual(ledger(s, name));

    // Stalled: whatever happens now is pushed to nobody.
    expect(s.ws.stall({ account: name })).toBe(1);
    const pushedBefore = s.ws.pushes(name).length;
    await transfer('250.5');
    s.market.fill(first.orderId);
    const second = s.market.placeOrder({ account: name, symbol: 'ETHUSDT', side: 'BUY', price: '2000', quantity: '0.1' });
    const lost = s.ws.pushes(name).slice(pushedBefore);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((push) => push.deliveries.length === 0)).toBe(true);
    if (fault !== undefined) {
      s.faults.next('A1', fault, times);
      s.faults.next('A2', fault, times);
    }
    const beforeDrop = { balances: balances.length, books: books.length };
    expect(s.ws.drop({ account: name })).toBe(1);

    const repaired = (list: readonly (BalanceSnapshot | OrderBook)[], from: number) => list.slice(from).some((x) => x.cause === 'gap') && list.at(-1)?.cause === 'resync' && list.at(-1)?.stale === false;
    await drive.until('both repaired', () => repaired(balances, beforeDrop.balances) && repaired(books, beforeDrop.books), 10 * 60_000);

    // Stale from the gap until the repair, never fresh in between.
    const afterGap = (list: readonly (BalanceSnapshot | OrderBook)[], from: number) => list.slice(list.findIndex((x, i) => i >= from && x.cause === 'gap'), -1);
    expect(afterGap(balances, beforeDrop.balances).every((x) => x.stale)).toBe(true);
    expect(afterGap(books, beforeDrop.books).every((x) => x.stale)).toBe(true);
    // What the service holds, whatever the stream missed.
    expect(held(balances.at(-1))).toEqual(ledger(s, name));
    expect(bookOpen(books.at(-1))).toEqual(marketOpen(s, name));
    expect(Object.keys(marketOpen(s, name))).toEqual([second.orderId]);
    expect(books.at(-1)?.orders.get(first.orderId)).toMatchObject({ status: 'UNKNOWN_OUTCOME', terminal: true });
    expect([s.faults.pending('A1'), s.faults.pending('A2')]).toEqual([[], []]);
  });
});
