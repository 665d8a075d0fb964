/**
 * The state of one order as {@link reduceOrders} builds it from the order and deal events, and the
 * seed shape a resync feeds back in.
 *
 * @module
 */
import type { DealEvent, OrderStatus, OrderType, Side } from '../../stream/events.js';

/** What every order state holds, confirmed or not. */
interface OrderStateCommon {
  /** Order id, e.g. `C02__505979017439002624115`. */
  readonly orderId: string;
  /** The order's client id, `undefined` when it has none. */
  readonly clientOrderId: string | undefined;
  /** Trading pair, e.g. `MXUSDT`. */
  readonly symbol: string;
  readonly side: Side;
  /**
   * The order's fills: its deal events (each with its fee), one per `tradeId` however often it was
   * delivered, ordered by trade time, then trade id.
   */
  readonly fills: readonly DealEvent[];
  /** The latest service time (`sendTime`, epoch ms) of the events this state is built from. */
  readonly updatedAt: number;
}

/** An order the order stream (or a resync) has described. */
export interface ConfirmedOrderState extends OrderStateCommon {
  /** Discriminator: `false`, the order's own numbers are known. */
  readonly placeholder: false;
  readonly orderType: OrderType;
  /** Order price, decimal text. */
  readonly price: string;
  /** Order quantity, decimal text. */
  readonly quantity: string;
  /** Total order amount, decimal text. */
  readonly amount: string;
  /**
   * Status. Once `FILLED`, `CANCELED` or `PARTIALLY_CANCELED` it never goes back; a `CANCELED`
   * order later seen with fills becomes `PARTIALLY_CANCELED`. `UNKNOWN_OUTCOME` (the book's own,
   * never the service's): a refresh no longer listed the order as open, and no event said how it
   * ended; a later report of its end (`FILLED`, `CANCELED`...) replaces it.
   */
  readonly status: BookOrderStatus;
  /** Whether `status` is final (`FILLED`, `CANCELED`, `PARTIALLY_CANCELED`, `UNKNOWN_OUTCOME`). */
  readonly terminal: boolean;
  /**
   * Quantity filled so far, decimal text; never decreases. The furthest order report's, or the sum
   * of the fills when the deals are ahead of the order events.
   */
  readonly cumulativeQuantity: string;
  /** Amount filled so far, decimal text: the furthest report's, or the fills' sum when larger. */
  readonly cumulativeAmount: string;
  /** Quantity still open, decimal text, as the furthest order report says (it may lag the fills). */
  readonly remainQuantity: string;
  /** Amount still open, decimal text, as the furthest order report says (it may lag the fills). */
  readonly remainAmount: string;
  /** Average fill price, decimal text, as the furthest order report says (it may lag the fills). */
  readonly avgPrice: string;
  /** Creation time, epoch ms. */
  readonly createTime: number;
}

/**
 * An order known only from its deals so far (deals can arrive before the order event): the order
 * event, when it comes, completes it. The order's own numbers are `undefined` until then.
 */
export interface PlaceholderOrderState extends OrderStateCommon {
  /** Discriminator: `true`, only the fills are known. */
  readonly placeholder: true;
  readonly orderType: undefined;
  readonly price: undefined;
  readonly quantity: undefined;
  readonly amount: undefined;
  readonly status: undefined;
  readonly terminal: false;
  /** Sum of the fills' quantities, decimal text. */
  readonly cumulativeQuantity: string;
  /** Sum of the fills' amounts, decimal text. */
  readonly cumulativeAmount: string;
  readonly remainQuantity: undefined;
  readonly remainAmount: undefined;
  readonly avgPrice: undefined;
  readonly createTime: undefined;
}

/** An order as the order book holds it; tell the two kinds apart with `placeholder`. */
export type OrderState = ConfirmedOrderState | PlaceholderOrderState;

/**
 * An order's state from elsewhere (a REST query, a store), to seed or resync the book. A
 * {@link ConfirmedOrderState} is one. It merges like an order event: it can complete or advance an
 * order, never move it back.
 */
export interface OrderSeed {
  readonly orderId: string;
  readonly clientOrderId?: string | undefined;
  readonly symbol: string;
  readonly side: Side;
  readonly orderType: OrderType;
  readonly price: string;
  readonly quantity: string;
  readonly amount: string;
  readonly status: OrderStatus;
  readonly cumulativeQuantity: string;
  readonly cumulativeAmount: string;
  readonly remainQuantity: string;
  readonly remainAmount: string;
  readonly avgPrice: string;
  readonly createTime: number;
  /** Service time of this state, epoch ms: breaks ties between reports with the same progress. */
  readonly updatedAt: number;
  /** Fills known for the order, merged by `tradeId`. */
  readonly fills?: readonly DealEvent[] | undefined;
}

/**
 * The status the order book gives an order it held as open that a full refresh (a `resync`, or
 * the open orders read by `from`) no longer lists, when no event has said how it ended: it is no
 * longer open, but whether it filled or was canceled is unknown. It is not one of the service's
 * statuses (the stream and REST never send it). The order counts as final (kept and evicted like
 * the others); a later report of its end replaces it with the service's status.
 */
export const UNKNOWN_OUTCOME = 'UNKNOWN_OUTCOME';

/** An order's status as the order book holds it: one of the service's, or {@link UNKNOWN_OUTCOME}. */
export type BookOrderStatus = OrderStatus | typeof UNKNOWN_OUTCOME;

/** The statuses an order never leaves (an `UNKNOWN_OUTCOME` only for the service's final status). */
const TERMINAL: ReadonlySet<BookOrderStatus> = new Set<BookOrderStatus>(['FILLED', 'CANCELED', 'PARTIALLY_CANCELED', UNKNOWN_OUTCOME]);

/**
 * Whether an order status is final (spec 3.2: 2 fully traded, 4 canceled, 5 partially canceled;
 * and the book's own {@link UNKNOWN_OUTCOME}: no longer open, its end unknown).
 *
 * @example
 * ```ts
 * isTerminalStatus('PARTIALLY_CANCELED'); // true
 * isTerminalStatus('UNKNOWN_OUTCOME'); // true
 * isTerminalStatus('PARTIALLY_FILLED'); // false
 * ```
 */
export function isTerminalStatus(status: BookOrderStatus): boolean {
  return TERMINAL.has(status);
}
