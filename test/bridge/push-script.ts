/**
 * Random pushes of one account with repeated contents, for the identity property tests: balance
 * locks and unlocks of the same amounts (so a balance comes back to an earlier state, often in
 * the same millisecond: A, B, A′), orders placed, filled and canceled (with their deals), and
 * pushes repeated as they are (the same order state, deal or balance twice). Time moves only on
 * `tick`, so several pushes share a millisecond.
 */
import fc from 'fast-check';
import type { AccountEvent, DealEvent, MarketEvent, OrderEvent, OrderStatus, OrderStatusCode } from '../../src/stream/events.js';

/** One step of a script. */
export type PushOp =
  | { readonly kind: 'tick'; readonly ms: number }
  | { readonly kind: 'lock' | 'unlock'; readonly amount: number }
  | { readonly kind: 'place' | 'fill' | 'cancel' | 'repeat' };

/**
 * Scripts of `maxLength / 2` to `maxLength` steps.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(pushOps(40), (ops) => materialize(ops, 1_000).length >= 0));
 * ```
 */
export function pushOps(maxLength: number): fc.Arbitrary<PushOp[]> {
  const op: fc.Arbitrary<PushOp> = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }).map((ms) => ({ kind: 'tick' as const, ms })) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('lock' as const, 'unlock' as const), amount: fc.integer({ min: 1, max: 2 }) }) },
    { weight: 3, arbitrary: fc.constantFrom('place' as const, 'fill' as const, 'cancel' as const).map((kind) => ({ kind })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'repeat' as const }) },
  );
  return fc.array(op, { minLength: Math.ceil(maxLength / 2), maxLength });
}

interface Order {
  readonly id: string;
  readonly createTime: number;
  filled: number;
  status: OrderStatus;
}

const QUANTITY = 3;
const CODES: Readonly<Record<OrderStatus, OrderStatusCode>> = { NEW: 1, FILLED: 2, PARTIALLY_FILLED: 3, CANCELED: 4, PARTIALLY_CANCELED: 5 };

function orderState(order: Order, now: number, lastDeal: number | undefined): OrderEvent {
  return {
    type: 'order',
    channel: 'spot@private.orders.v3.api.pb',
    symbol: 'BTCUSDT',
    orderId: order.id,
    clientOrderId: undefined,
    price: '10',
    quantity: String(QUANTITY),
    amount: String(10 * QUANTITY),
    avgPrice: order.filled > 0 ? '10' : '0',
    orderType: 'LIMIT',
    side: 'BUY',
    isMaker: true,
    remainAmount: String(10 * (QUANTITY - order.filled)),
    remainQuantity: String(QUANTITY - order.filled),
    lastDealQuantity: lastDeal === undefined ? undefined : String(lastDeal),
    cumulativeQuantity: String(order.filled),
    cumulativeAmount: String(10 * order.filled),
    status: order.status,
    statusCode: CODES[order.status],
    createTime: order.createTime,
    sendTime: now,
  };
}

function deal(order: Order, tradeId: string, now: number): DealEvent {
  return {
    type: 'deal',
    channel: 'spot@private.deals.v3.api.pb',
    symbol: 'BTCUSDT',
    price: '10',
    quantity: '1',
    amount: '10',
    side: 'BUY',
    isMaker: true,
    isSelfTrade: false,
    tradeId,
    orderId: order.id,
    clientOrderId: undefined,
    feeAmount: '0.001',
    feeCurrency: 'BTC',
    time: now,
    sendTime: now,
  };
}

/**
 * The pushes a script makes, starting at `start` (epoch ms), each tick `msPerTick` times its `ms`
 * long: `sendTime` is the push's time, the same for every connection (the simulator's way), so
 * identical contents in one millisecond are identical in every field.
 *
 * @example
 * ```ts
 * materialize([{ kind: 'lock', amount: 1 }, { kind: 'unlock', amount: 1 }, { kind: 'lock', amount: 1 }], 1_000); // A, B, A
 * ```
 */
export function materialize(ops: readonly PushOp[], start: number, msPerTick = 1): MarketEvent[] {
  const pushes: MarketEvent[] = [];
  const orders: Order[] = [];
  let now = start;
  let free = 100;
  let frozen = 0;
  let placed = 0;
  let trades = 0;
  const balance = (freeChange: number, frozenChange: number, changeType: 'ENTRUST_PLACE' | 'ENTRUST_CANCEL'): AccountEvent => {
    free += freeChange;
    frozen += frozenChange;
    return {
      type: 'account',
      channel: 'spot@private.account.v3.api.pb',
      asset: 'USDT',
      coinId: 'usdt',
      free: String(free),
      freeChange: String(freeChange),
      frozen: String(frozen),
      frozenChange: String(frozenChange),
      changeType,
      time: now,
      sendTime: now,
      createTime: now,
    };
  };
  for (const op of ops) {
    const open = orders.find((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED');
    switch (op.kind) {
      case 'tick':
        now += op.ms * msPerTick;
        break;
      case 'lock':
        pushes.push(balance(-op.amount, op.amount, 'ENTRUST_PLACE'));
        break;
      case 'unlock':
        if (frozen >= op.amount) pushes.push(balance(op.amount, -op.amount, 'ENTRUST_CANCEL'));
        break;
      case 'place': {
        const order: Order = { id: `C02__${++placed}`, createTime: now, filled: 0, status: 'NEW' };
        orders.push(order);
        pushes.push(orderState(order, now, undefined));
        break;
      }
      case 'fill':
        if (open === undefined) break;
        open.filled += 1;
        open.status = open.filled === QUANTITY ? 'FILLED' : 'PARTIALLY_FILLED';
        pushes.push(deal(open, `T${++trades}`, now), orderState(open, now, 1));
        break;
      case 'cancel':
        if (open === undefined) break;
        open.status = open.filled > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
        pushes.push(orderState(open, now, undefined));
        break;
      case 'repeat': {
        const last = pushes.at(-1);
        if (last !== undefined) pushes.push({ ...last, sendTime: now });
        break;
      }
    }
  }
  return pushes;
}
