/**
 * The market events of the user data stream (spec section 6): one clean, consistently named type
 * per private channel, whichever encoding (protobuf or JSON) the frame came in. Decimals stay
 * strings as sent (no float rounding of money); times are epoch milliseconds as numbers.
 *
 * Lifecycle events (connected, gap, ...) are defined next to the socket code, not here.
 *
 * @module
 */
import type { KnownOr } from '../codecs/results.js';
import type { PrivateChannel } from './channels.js';

/** Account change types seen on the wire (docs/service.md); others may appear. */
export type AccountChangeType = KnownOr<
  | 'WITHDRAW'
  | 'WITHDRAW_FEE'
  | 'DEPOSIT'
  | 'DEPOSIT_FEE'
  | 'ENTRUST'
  | 'ENTRUST_PLACE'
  | 'ENTRUST_CANCEL'
  | 'TRADE_FEE'
  | 'ENTRUST_UNFROZEN'
  | 'SUGAR'
  | 'ETF_INDEX'
  | 'CONTRACT_TRANSFER'
>;

/** Side of a fill or an order: wire `tradeType` 1 is `BUY`, 2 is `SELL`. */
export type Side = 'BUY' | 'SELL';

/**
 * Type of an order: wire `orderType` 1 `LIMIT`, 2 `POST_ONLY`, 3 `IOC` (immediate or cancel),
 * 4 `FOK` (fill or kill), 5 `MARKET`, 100 `STOP_LIMIT` (stop loss or take profit).
 */
export type OrderType = 'LIMIT' | 'POST_ONLY' | 'IOC' | 'FOK' | 'MARKET' | 'STOP_LIMIT';

/**
 * State of an order: wire `status` 1 `NEW` (not traded), 2 `FILLED`, 3 `PARTIALLY_FILLED`,
 * 4 `CANCELED`, 5 `PARTIALLY_CANCELED`.
 */
export type OrderStatus = 'NEW' | 'FILLED' | 'PARTIALLY_FILLED' | 'CANCELED' | 'PARTIALLY_CANCELED';

/** The wire code of an {@link OrderStatus}, 1 to 5. */
export type OrderStatusCode = 1 | 2 | 3 | 4 | 5;

/** A balance of one asset changed (`spot@private.account.v3.api[.pb]`, spec 6.1). */
export interface AccountEvent {
  /** Discriminator. */
  readonly type: 'account';
  /** Channel the frame came on (tells protobuf from JSON). */
  readonly channel: PrivateChannel;
  /** Asset name, e.g. `USDT` (wire `vcoinName`). */
  readonly asset: string;
  /** The service's id of the asset (wire `coinId`). */
  readonly coinId: string;
  /**
   * AVAILABLE balance after the change, signed decimal text (wire `balanceAmount`). This is not
   * the total: the total is `free + frozen`. Normally 0 or more, but passed on as the service sent
   * it, negative included (see `frozen`).
   */
  readonly free: string;
  /** Change of the available balance, signed decimal text (wire `balanceAmountChange`). */
  readonly freeChange: string;
  /**
   * Frozen (locked) balance after the change, signed decimal text (wire `frozenAmount`). Normally 0
   * or more, but the service has sent negative ones (`-30.260235258`): such an update is passed on
   * as sent, never dropped, so code that assumes a balance is never negative must check it.
   */
  readonly frozen: string;
  /** Change of the frozen balance, signed decimal text (wire `frozenAmountChange`). */
  readonly frozenChange: string;
  /** Why the balance changed, e.g. `ENTRUST`, `CONTRACT_TRANSFER` (wire `type`). */
  readonly changeType: AccountChangeType;
  /** Settlement time, epoch ms (wire `time`). */
  readonly time: number;
  /** When the frame was sent, epoch ms (envelope `sendTime`). */
  readonly sendTime: number;
  /** When the event was created, epoch ms (envelope `createTime`), when the frame carries it. */
  readonly createTime: number | undefined;
}

/** One of the account's orders traded (`spot@private.deals.v3.api[.pb]`, spec 6.2). */
export interface DealEvent {
  /** Discriminator. */
  readonly type: 'deal';
  /** Channel the frame came on (tells protobuf from JSON). */
  readonly channel: PrivateChannel;
  /** Trading pair, e.g. `MXUSDT` (envelope `symbol`). */
  readonly symbol: string;
  /** Trade price, decimal text, never negative. */
  readonly price: string;
  /** Traded quantity (base asset), decimal text, never negative. */
  readonly quantity: string;
  /** Traded amount (quote asset), decimal text, never negative. */
  readonly amount: string;
  /** Side of the account's order (wire `tradeType` 1 buy, 2 sell). */
  readonly side: Side;
  /** Whether the account's order was the maker. */
  readonly isMaker: boolean;
  /** Whether both sides of the trade were the account's own orders. */
  readonly isSelfTrade: boolean;
  /** Trade id. */
  readonly tradeId: string;
  /** Id of the account's order that traded; an {@link OrderEvent}'s `orderId`. */
  readonly orderId: string;
  /** The order's client id, `undefined` when it has none (the wire sends nothing or ''). */
  readonly clientOrderId: string | undefined;
  /** Fee charged, signed decimal text. */
  readonly feeAmount: string;
  /** Asset the fee was charged in, e.g. `USDT`. */
  readonly feeCurrency: string;
  /** Trade time, epoch ms. */
  readonly time: number;
  /** When the frame was sent, epoch ms (envelope `sendTime`). */
  readonly sendTime: number;
}

/** One of the account's orders changed (`spot@private.orders.v3.api[.pb]`, spec 6.3). */
export interface OrderEvent {
  /** Discriminator. */
  readonly type: 'order';
  /** Channel the frame came on (tells protobuf from JSON). */
  readonly channel: PrivateChannel;
  /** Trading pair, e.g. `MXUSDT` (envelope `symbol`). */
  readonly symbol: string;
  /** Order id, e.g. `C02__505979017439002624115` (wire `id`). */
  readonly orderId: string;
  /** Client order id, `undefined` when the order has none (wire `clientId`, '' or absent). */
  readonly clientOrderId: string | undefined;
  /** Order price, decimal text, never negative. */
  readonly price: string;
  /** Order quantity, decimal text, never negative. */
  readonly quantity: string;
  /** Total order amount, decimal text, never negative. */
  readonly amount: string;
  /** Average trade price so far, decimal text, never negative. */
  readonly avgPrice: string;
  /** Order type (wire `orderType`). */
  readonly orderType: OrderType;
  /** Side (wire `tradeType` 1 buy, 2 sell). */
  readonly side: Side;
  /** Whether the order is the maker. */
  readonly isMaker: boolean;
  /** Amount still open, decimal text, never negative. */
  readonly remainAmount: string;
  /** Quantity still open, decimal text, never negative. */
  readonly remainQuantity: string;
  /** Quantity of the latest fill, decimal text, when the frame carries it. */
  readonly lastDealQuantity: string | undefined;
  /** Quantity filled so far, decimal text, never negative. */
  readonly cumulativeQuantity: string;
  /** Amount filled so far, decimal text, never negative. */
  readonly cumulativeAmount: string;
  /** Order state, by name. */
  readonly status: OrderStatus;
  /** Order state, as the wire code (1 to 5), kept for consumers that speak codes. */
  readonly statusCode: OrderStatusCode;
  /** Order creation time, epoch ms. */
  readonly createTime: number;
  /** When the frame was sent, epoch ms (envelope `sendTime`). */
  readonly sendTime: number;
}

/** Any market event of the user data stream, told apart by `type`. */
export type MarketEvent = AccountEvent | DealEvent | OrderEvent;
