/**
 * What the order book knows about one order, and how each new report or fill merges into it. The
 * merge is a join: the result depends only on the set of reports and fills seen, never on the order
 * or the number of times they arrived (see `order-progress.ts`).
 *
 * @module
 */
import type { DealEvent, OrderEvent } from '../../stream/events.js';
import { addDecimal, compareDecimal } from '../../decimal/arithmetic.js';
import { compareProgress, resolveStatus } from './order-progress.js';
import { isTerminalStatus, UNKNOWN_OUTCOME, type OrderSeed, type OrderState } from './order-state.js';

/**
 * The seed form of an order event: the same fields, with `sendTime` as the report's time.
 *
 * @example
 * ```ts
 * const report = seedOfOrderEvent(event);
 * report.updatedAt === event.sendTime; // true
 * ```
 */
export function seedOfOrderEvent(event: OrderEvent): OrderSeed {
  return {
    orderId: event.orderId,
    clientOrderId: event.clientOrderId,
    symbol: event.symbol,
    side: event.side,
    orderType: event.orderType,
    price: event.price,
    quantity: event.quantity,
    amount: event.amount,
    status: event.status,
    cumulativeQuantity: event.cumulativeQuantity,
    cumulativeAmount: event.cumulativeAmount,
    remainQuantity: event.remainQuantity,
    remainAmount: event.remainAmount,
    avgPrice: event.avgPrice,
    createTime: event.createTime,
    updatedAt: event.sendTime,
  };
}

/** The fills of every state without any: one shared, frozen array. */
const NO_FILLS: readonly DealEvent[] = Object.freeze([]);

/** The larger of two decimals; the first when equal (the report's own text). */
function larger(a: string, b: string): string {
  return compareDecimal(b, a) > 0 ? b : a;
}

/** Whether fill `a` goes after fill `b`: fills sort by trade time, then trade id (never equal: one fill per id). */
function goesAfter(a: DealEvent, b: DealEvent): boolean {
  return a.time > b.time || (a.time === b.time && a.tradeId > b.tradeId);
}

/**
 * One order's accumulated reports and fills. `state` is rebuilt (a new immutable object) only
 * when something changed.
 *
 * @example
 * ```ts
 * const record = new TrackedOrder('C02__1');
 * record.addFill(deal); // true: a placeholder with one fill
 * record.addReport(seedOfOrderEvent(orderEvent)); // true: now confirmed
 * record.state.placeholder; // false
 * ```
 */
export class TrackedOrder {
  /** The report furthest along. */
  private best: OrderSeed | undefined;
  /** The final report furthest along, once there is one. */
  private final: OrderSeed | undefined;
  /**
   * Fills, kept sorted by {@link goesAfter}, and their trade ids; both made at the first fill
   * (most orders held in a large book have none: an empty Set and array cost ~200 bytes per order).
   */
  private fills: DealEvent[] | undefined;
  /** A frozen copy of `fills`, shared by every state until the next fill (made on first use). */
  private frozenFills: readonly DealEvent[] | undefined;
  private tradeIds: Set<string> | undefined;
  private fillQuantity = '0';
  private fillAmount = '0';
  private lastFillSent = -Infinity;
  private current: OrderState | undefined;
  /** A full refresh no longer listed the order as open, and no final report has come (yet). */
  private outcomeUnknown = false;
  /** Sequence number of the last event that reached this order (kept by the book). */
  lastEvent = 0;

  constructor(readonly orderId: string) {}

  /** Whether the order's own numbers are unknown (only fills seen). */
  get placeholder(): boolean {
    return this.best === undefined;
  }

  /** Whether the order has reached a final status (its outcome unknown counts). */
  get terminal(): boolean {
    return this.final !== undefined || this.outcomeUnknown;
  }

  /**
   * A full refresh no longer lists the order as open: it ended, how is unknown. Changes only an
   * order that is confirmed and open. Returns whether the state changed.
   */
  markOutcomeUnknown(): boolean {
    if (this.best === undefined || this.terminal) return false;
    this.outcomeUnknown = true;
    this.current = undefined;
    return true;
  }

  /**
   * A full refresh lists the order as open again after it was marked: the mark was wrong and is
   * lifted (a final report, once seen, is never lifted). Returns whether the state changed.
   */
  reopen(): boolean {
    if (!this.outcomeUnknown || this.final !== undefined) return false;
    this.outcomeUnknown = false;
    this.current = undefined;
    return true;
  }

  /** The order's state as an immutable object. */
  get state(): OrderState {
    this.current ??= this.build();
    return this.current;
  }

  /** Merges a report (order event or seed). Returns whether the state changed. */
  addReport(report: OrderSeed): boolean {
    let changed = false;
    for (const fill of report.fills ?? []) changed = this.addFill(fill) || changed;
    if (!this.best || compareProgress(report, this.best) > 0) {
      this.best = report;
      changed = true;
    }
    if (isTerminalStatus(report.status) && (!this.final || compareProgress(report, this.final) > 0)) {
      this.final = report;
      changed = true;
    }
    if (changed) this.current = undefined;
    return changed;
  }

  /** Merges a fill; a `tradeId` already seen changes nothing. Returns whether the state changed. */
  addFill(fill: DealEvent): boolean {
    const tradeIds = (this.tradeIds ??= new Set<string>());
    if (tradeIds.has(fill.tradeId)) return false;
    tradeIds.add(fill.tradeId);
    const fills = (this.fills ??= []);
    // A copy, frozen once here: every state (and snapshot) after shares it. Object.assign, not a
    // spread: V8 freezes a spread-made object on a slow path (measured ~20x the cost of this).
    const deal = Object.freeze(Object.assign({}, fill));
    let at = fills.length;
    while (at > 0 && goesAfter(fills[at - 1] as DealEvent, deal)) at -= 1;
    fills.splice(at, 0, deal);
    this.frozenFills = undefined;
    this.fillQuantity = addDecimal(this.fillQuantity, deal.quantity);
    this.fillAmount = addDecimal(this.fillAmount, deal.amount);
    this.lastFillSent = Math.max(this.lastFillSent, deal.sendTime);
    this.current = undefined;
    return true;
  }

  private build(): OrderState {
    const fills = this.fills ? (this.frozenFills ??= Object.freeze(this.fills.slice())) : NO_FILLS;
    const best = this.best;
    const firstFill = fills[0];
    if (!best) {
      if (!firstFill) throw new Error(`order ${this.orderId} has neither a report nor a fill`);
      return Object.freeze({
        placeholder: true,
        orderId: this.orderId,
        clientOrderId: firstFill.clientOrderId,
        symbol: firstFill.symbol,
        side: firstFill.side,
        orderType: undefined,
        price: undefined,
        quantity: undefined,
        amount: undefined,
        status: undefined,
        terminal: false,
        cumulativeQuantity: this.fillQuantity,
        cumulativeAmount: this.fillAmount,
        remainQuantity: undefined,
        remainAmount: undefined,
        avgPrice: undefined,
        createTime: undefined,
        fills,
        updatedAt: this.lastFillSent,
      });
    }
    // Deals can run ahead of the order events: what the fills prove filled counts too, so that
    // the cumulative numbers never drop when a placeholder is confirmed by an older order event.
    const cumulativeQuantity = larger(best.cumulativeQuantity, this.fillQuantity);
    const cumulativeAmount = larger(best.cumulativeAmount, this.fillAmount);
    const status = this.outcomeUnknown && this.final === undefined ? UNKNOWN_OUTCOME : resolveStatus({ status: best.status, cumulativeQuantity }, this.final);
    return Object.freeze({
      placeholder: false,
      orderId: this.orderId,
      clientOrderId: best.clientOrderId ?? firstFill?.clientOrderId,
      symbol: best.symbol,
      side: best.side,
      orderType: best.orderType,
      price: best.price,
      quantity: best.quantity,
      amount: best.amount,
      status,
      terminal: isTerminalStatus(status),
      cumulativeQuantity,
      cumulativeAmount,
      remainQuantity: best.remainQuantity,
      remainAmount: best.remainAmount,
      avgPrice: best.avgPrice,
      createTime: best.createTime,
      fills,
      updatedAt: Math.max(best.updatedAt, this.final?.updatedAt ?? -Infinity, this.lastFillSent),
    });
  }
}
