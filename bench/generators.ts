/**
 * A deterministic trading workload for the benchmarks: orders placed, partly and fully filled,
 * canceled, with their deals and the balance changes they cause, plus the odd duplicated delivery.
 * Balances are tracked exactly (integer units), so every account event is consistent with the one
 * before it, as the service's are. Events are produced on demand: a run of ten million events
 * never holds more than a handful at once.
 *
 * @module
 */
import { PROTOBUF_CHANNELS } from '../src/stream/channels.js';
import type { AccountEvent, DealEvent, MarketEvent, OrderEvent, OrderStatus, OrderType, Side } from '../src/stream/events.js';
import { ORDER_STATUS_CODES } from '../src/stream/wire-codes.js';
import { seededRandom, type Random } from './random.js';

/** Settings of {@link MarketWorkload}. */
export interface WorkloadOptions {
  /** Seed of the random choices; the same seed gives the same events. */
  readonly seed: number;
  /** Open orders the activity keeps around (its working set). Default 1,000. */
  readonly activeOrders?: number;
  /** Probability that a step also re-delivers a recent event (a duplicate). Default 0.01. */
  readonly duplicateRate?: number;
}

/** An open order of the workload. Prices and quantities in 10^-4 units, amounts in 10^-8 units. */
interface SimOrder {
  readonly id: string;
  readonly clientOrderId: string | undefined;
  readonly symbol: string;
  readonly base: string;
  readonly side: Side;
  readonly orderType: OrderType;
  readonly price: number;
  readonly quantity: number;
  readonly createTime: number;
  filledQuantity: number;
  filledAmount: number;
}

interface Balance {
  free: number;
  frozen: number;
}

const QUOTE = 'USDT';
const BASES = ['MX', 'BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'TRX', 'TON'] as const;
const ORDER_TYPES: readonly OrderType[] = ['LIMIT', 'LIMIT', 'LIMIT', 'POST_ONLY', 'IOC', 'MARKET'];
/** Epoch ms of the first event. */
const T0 = 1_736_417_034_000;
/** Balances start here (10^-8 units); a balance that runs low is topped up with a deposit. */
const START_BALANCE = 20_000_000 * 1e8;
const LOW_BALANCE = 1_000_000 * 1e8;
const RECENT = 64;

/** Decimal text of an integer count of 10^-`scale` units, without trailing zeros. */
function decimalText(units: number, scale: number): string {
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let end = digits.length;
  while (end > digits.length - scale && digits.charCodeAt(end - 1) === 48) end -= 1;
  const fraction = digits.slice(digits.length - scale, end);
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/** A 32-hex-digit id, as the service's `coinId`s look. */
function coinIdOf(asset: string): string {
  let hex = '';
  for (let i = 0; hex.length < 32; i++) hex += ((asset.charCodeAt(i % asset.length) * 2654435761 + i) >>> 0).toString(16);
  return hex.slice(0, 32);
}

/**
 * The workload: call {@link MarketWorkload.next} for one event at a time, or iterate
 * {@link MarketWorkload.events}.
 *
 * @example
 * ```ts
 * const workload = new MarketWorkload({ seed: 1 });
 * for (const event of workload.events(1_000)) book.next(event);
 * ```
 */
export class MarketWorkload {
  private readonly random: Random;
  private readonly activeOrders: number;
  private readonly duplicateRate: number;
  private readonly open: SimOrder[] = [];
  private readonly balances = new Map<string, Balance>();
  private readonly coinIds = new Map<string, string>();
  private readonly recent: MarketEvent[] = [];
  private pending: MarketEvent[] = [];
  private position = 0;
  private now = T0;
  private orders = 0;
  private trades = 0;
  private idle = 0;

  constructor(options: WorkloadOptions) {
    this.random = seededRandom(options.seed);
    this.activeOrders = options.activeOrders ?? 1_000;
    this.duplicateRate = options.duplicateRate ?? 0.01;
    for (const asset of [QUOTE, ...BASES]) {
      this.balances.set(asset, { free: START_BALANCE, frozen: 0 });
      this.coinIds.set(asset, coinIdOf(asset));
    }
  }

  /** The next event. */
  next(): MarketEvent {
    while (this.position >= this.pending.length) this.step();
    const event = this.pending[this.position] as MarketEvent;
    this.position += 1;
    return event;
  }

  /** The next `count` events, one at a time. */
  *events(count: number): Generator<MarketEvent, void, undefined> {
    for (let i = 0; i < count; i++) yield this.next();
  }

  /** The next `count` events, in an array (for callers that time only the consuming side). */
  take(count: number): MarketEvent[] {
    const out = new Array<MarketEvent>(count);
    for (let i = 0; i < count; i++) out[i] = this.next();
    return out;
  }

  /**
   * `count` NEW orders that no later event touches: a large resting book, loaded before the
   * activity starts. They move no balance (they count as placed before the run).
   */
  *idleOrders(count: number): Generator<OrderEvent, void, undefined> {
    for (let i = 0; i < count; i++) {
      this.idle += 1;
      const order = this.newOrder(`C02__9${String(this.idle).padStart(20, '0')}`);
      yield this.orderEvent(order, 'NEW', undefined);
    }
  }

  private step(): void {
    this.pending = [];
    this.position = 0;
    this.now += this.random.int(0, 2);
    const placeChance = this.open.length < this.activeOrders ? 0.55 : 0.3;
    if (this.open.length === 0 || this.random.chance(placeChance)) this.place();
    else if (this.random.chance(0.75)) this.fill();
    else this.cancel();
    if (this.random.chance(this.duplicateRate) && this.recent.length > 0) {
      const again = this.recent[this.random.int(0, this.recent.length - 1)] as MarketEvent;
      this.pending.push({ ...again });
    }
    for (const event of this.pending) {
      if (this.recent.length < RECENT) this.recent.push(event);
      else this.recent[this.random.int(0, RECENT - 1)] = event;
    }
  }

  private newOrder(id: string): SimOrder {
    const base = BASES[this.random.int(0, BASES.length - 1)] as string;
    return {
      id,
      clientOrderId: this.random.chance(0.3) ? `bench-${id.slice(-8)}` : undefined,
      symbol: `${base}${QUOTE}`,
      base,
      side: this.random.chance(0.5) ? 'BUY' : 'SELL',
      orderType: ORDER_TYPES[this.random.int(0, ORDER_TYPES.length - 1)] as OrderType,
      price: this.random.int(10_000, 1_000_000),
      quantity: this.random.int(1_000, 500_000),
      createTime: this.now,
      filledQuantity: 0,
      filledAmount: 0,
    };
  }

  private place(): void {
    this.orders += 1;
    const order = this.newOrder(`C02__5059790174${String(this.orders).padStart(11, '0')}`);
    this.open.push(order);
    this.pending.push(this.orderEvent(order, 'NEW', undefined));
    if (order.side === 'BUY') this.move(QUOTE, -order.price * order.quantity, order.price * order.quantity, 'ENTRUST_PLACE');
    else this.move(order.base, -order.quantity * 1e4, order.quantity * 1e4, 'ENTRUST_PLACE');
  }

  private fill(): void {
    const index = this.random.int(0, this.open.length - 1);
    const order = this.open[index] as SimOrder;
    const remaining = order.quantity - order.filledQuantity;
    const quantity = this.random.chance(0.5) ? remaining : this.random.int(1, remaining);
    const amount = quantity * order.price;
    const fee = Math.floor(amount / 1000);
    order.filledQuantity += quantity;
    order.filledAmount += amount;
    const done = order.filledQuantity === order.quantity;
    if (done) this.close(index);
    this.trades += 1;
    const deal = this.dealEvent(order, quantity, amount, fee);
    const report = this.orderEvent(order, done ? 'FILLED' : 'PARTIALLY_FILLED', quantity);
    if (this.random.chance(0.7)) this.pending.push(deal, report);
    else this.pending.push(report, deal);
    if (order.side === 'BUY') {
      this.move(QUOTE, -fee, -amount, 'ENTRUST');
      this.move(order.base, quantity * 1e4, 0, 'ENTRUST');
    } else {
      this.move(order.base, 0, -quantity * 1e4, 'ENTRUST');
      this.move(QUOTE, amount - fee, 0, 'ENTRUST');
    }
  }

  private cancel(): void {
    const index = this.random.int(0, this.open.length - 1);
    const order = this.open[index] as SimOrder;
    this.close(index);
    this.pending.push(this.orderEvent(order, order.filledQuantity === 0 ? 'CANCELED' : 'PARTIALLY_CANCELED', undefined));
    const remaining = order.quantity - order.filledQuantity;
    if (order.side === 'BUY') this.move(QUOTE, remaining * order.price, -remaining * order.price, 'ENTRUST_CANCEL');
    else this.move(order.base, remaining * 1e4, -remaining * 1e4, 'ENTRUST_CANCEL');
  }

  /** Removes open order `index` (swap with the last: O(1)). */
  private close(index: number): void {
    const last = this.open.pop() as SimOrder;
    if (index < this.open.length) this.open[index] = last;
  }

  /** Changes a balance and emits its account event; a deposit comes first when it would run low. */
  private move(asset: string, freeChange: number, frozenChange: number, changeType: string): void {
    const balance = this.balances.get(asset) as Balance;
    if (balance.free + freeChange < LOW_BALANCE) this.move(asset, START_BALANCE, 0, 'DEPOSIT');
    balance.free += freeChange;
    balance.frozen += frozenChange;
    const event: AccountEvent = {
      type: 'account',
      channel: PROTOBUF_CHANNELS.account,
      asset,
      coinId: this.coinIds.get(asset) as string,
      free: decimalText(balance.free, 8),
      freeChange: decimalText(freeChange, 8),
      frozen: decimalText(balance.frozen, 8),
      frozenChange: decimalText(frozenChange, 8),
      changeType,
      time: this.now,
      sendTime: this.now + this.random.int(1, 5),
      createTime: this.random.chance(0.5) ? this.now : undefined,
    };
    this.pending.push(event);
  }

  private orderEvent(order: SimOrder, status: OrderStatus, lastDeal: number | undefined): OrderEvent {
    const amount = order.price * order.quantity;
    return {
      type: 'order',
      channel: PROTOBUF_CHANNELS.orders,
      symbol: order.symbol,
      orderId: order.id,
      clientOrderId: order.clientOrderId,
      price: decimalText(order.price, 4),
      quantity: decimalText(order.quantity, 4),
      amount: decimalText(amount, 8),
      avgPrice: order.filledQuantity === 0 ? '0' : decimalText(order.price, 4),
      orderType: order.orderType,
      side: order.side,
      isMaker: order.orderType !== 'MARKET' && order.orderType !== 'IOC',
      remainAmount: decimalText(amount - order.filledAmount, 8),
      remainQuantity: decimalText(order.quantity - order.filledQuantity, 4),
      lastDealQuantity: lastDeal === undefined ? undefined : decimalText(lastDeal, 4),
      cumulativeQuantity: decimalText(order.filledQuantity, 4),
      cumulativeAmount: decimalText(order.filledAmount, 8),
      status,
      statusCode: ORDER_STATUS_CODES[status],
      createTime: order.createTime,
      sendTime: this.now + this.random.int(1, 5),
    };
  }

  private dealEvent(order: SimOrder, quantity: number, amount: number, fee: number): DealEvent {
    return {
      type: 'deal',
      channel: PROTOBUF_CHANNELS.deals,
      symbol: order.symbol,
      price: decimalText(order.price, 4),
      quantity: decimalText(quantity, 4),
      amount: decimalText(amount, 8),
      side: order.side,
      isMaker: order.orderType !== 'MARKET' && order.orderType !== 'IOC',
      isSelfTrade: false,
      tradeId: `505979017439002624X${this.trades}`,
      orderId: order.id,
      clientOrderId: order.clientOrderId,
      feeAmount: decimalText(fee, 8),
      feeCurrency: QUOTE,
      time: this.now,
      sendTime: this.now + this.random.int(1, 5),
    };
  }
}
