/**
 * The integer codes of the private frames (spec section 6) and their names, both ways. Lookups
 * are switches: no allocation, and an unknown code yields `undefined`.
 *
 * @module
 */
import type { OrderStatus, OrderStatusCode, OrderType, Side } from './events.js';

/** Wire `tradeType` by side. */
export const SIDE_CODES = { BUY: 1, SELL: 2 } as const satisfies Record<Side, number>;

/** Wire `orderType` by order type. */
export const ORDER_TYPE_CODES = {
  LIMIT: 1,
  POST_ONLY: 2,
  IOC: 3,
  FOK: 4,
  MARKET: 5,
  STOP_LIMIT: 100,
} as const satisfies Record<OrderType, number>;

/** Wire `status` by order status. */
export const ORDER_STATUS_CODES = {
  NEW: 1,
  FILLED: 2,
  PARTIALLY_FILLED: 3,
  CANCELED: 4,
  PARTIALLY_CANCELED: 5,
} as const satisfies Record<OrderStatus, OrderStatusCode>;

/**
 * The side of a wire `tradeType`, or `undefined` for a code other than 1 and 2.
 *
 * @example
 * ```ts
 * sideOf(2); // 'SELL'
 * sideOf(0); // undefined
 * ```
 */
export function sideOf(code: number): Side | undefined {
  switch (code) {
    case 1:
      return 'BUY';
    case 2:
      return 'SELL';
    default:
      return undefined;
  }
}

/**
 * The order type of a wire `orderType`, or `undefined` for an unknown code.
 *
 * @example
 * ```ts
 * orderTypeOf(100); // 'STOP_LIMIT'
 * orderTypeOf(6); // undefined
 * ```
 */
export function orderTypeOf(code: number): OrderType | undefined {
  switch (code) {
    case 1:
      return 'LIMIT';
    case 2:
      return 'POST_ONLY';
    case 3:
      return 'IOC';
    case 4:
      return 'FOK';
    case 5:
      return 'MARKET';
    case 100:
      return 'STOP_LIMIT';
    default:
      return undefined;
  }
}

/**
 * The order status of a wire `status`, or `undefined` for an unknown code.
 *
 * @example
 * ```ts
 * orderStatusOf(3); // 'PARTIALLY_FILLED'
 * orderStatusOf(9); // undefined
 * ```
 */
export function orderStatusOf(code: number): OrderStatus | undefined {
  switch (code) {
    case 1:
      return 'NEW';
    case 2:
      return 'FILLED';
    case 3:
      return 'PARTIALLY_FILLED';
    case 4:
      return 'CANCELED';
    case 5:
      return 'PARTIALLY_CANCELED';
    default:
      return undefined;
  }
}
