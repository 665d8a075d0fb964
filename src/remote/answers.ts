/**
 * The broker's answers read on the page: each checked field by field before it reaches the state
 * operators, so an answer that is not the broker's protocol (a proxy's page, another version) is
 * refused rather than folded into the books. Small hand-written checks: a page's bundle carries no
 * codec library for them.
 *
 * @module
 */
import { isDecimal, isNonNegativeDecimal } from '../decimal/text.js';
import type { BalanceSeed } from '../operators/state/balance-state.js';
import type { OrderSeed } from '../operators/state/order-state.js';
import type { OrderStatus, OrderType, Side } from '../stream/events.js';
import { LISTEN_KEY_PATTERN, type CreatedListenKey } from './protocol.js';

type Fields = Readonly<Record<string, unknown>>;

const SIDES: readonly Side[] = ['BUY', 'SELL'];
const ORDER_TYPES: readonly OrderType[] = ['LIMIT', 'POST_ONLY', 'IOC', 'FOK', 'MARKET', 'STOP_LIMIT'];
const STATUSES: readonly OrderStatus[] = ['NEW', 'FILLED', 'PARTIALLY_FILLED', 'CANCELED', 'PARTIALLY_CANCELED'];

/** The shortest renewal interval a page accepts from its broker, ms (a broker asking more often is misconfigured). */
const SHORTEST_RENEWAL_MS = 1000;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function listOf<T>(value: unknown, read: (item: unknown) => T | undefined): readonly T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const entry = read(item);
    if (entry === undefined) return undefined;
    items.push(entry);
  }
  return items;
}

/**
 * A create's answer, or `undefined` when it is not one.
 *
 * @example
 * ```ts
 * readCreated({ listenKey: 'a1b2', renewIntervalMs: 60000 }); // { listenKey: 'a1b2', renewIntervalMs: 60000 }
 * ```
 */
export function readCreated(value: unknown): CreatedListenKey | undefined {
  if (!isObject(value)) return undefined;
  const { listenKey, renewIntervalMs } = value;
  if (typeof listenKey !== 'string' || !LISTEN_KEY_PATTERN.test(listenKey)) return undefined;
  if (typeof renewIntervalMs !== 'number' || !Number.isSafeInteger(renewIntervalMs) || renewIntervalMs < SHORTEST_RENEWAL_MS) return undefined;
  return { listenKey, renewIntervalMs };
}

function readBalance(value: unknown): BalanceSeed | undefined {
  if (!isObject(value)) return undefined;
  const { asset, free, locked } = value;
  if (!isText(asset) || !isNonNegativeDecimal(free) || !isNonNegativeDecimal(locked)) return undefined;
  return { asset, free: free as string, locked: locked as string };
}

/**
 * The balances of a balances answer, or `undefined` when it is not one.
 *
 * @example
 * ```ts
 * readBalances({ balances: [{ asset: 'USDT', free: '10', locked: '0' }] })?.length; // 1
 * ```
 */
export function readBalances(value: unknown): readonly BalanceSeed[] | undefined {
  return isObject(value) ? listOf(value['balances'], readBalance) : undefined;
}

const DECIMAL_FIELDS = ['price', 'quantity', 'amount', 'cumulativeQuantity', 'cumulativeAmount', 'remainQuantity', 'remainAmount', 'avgPrice'] as const;

function readOrder(value: unknown): OrderSeed | undefined {
  if (!isObject(value)) return undefined;
  const { orderId, clientOrderId, symbol, side, orderType, status, createTime, updatedAt } = value;
  if (!isText(orderId) || !isText(symbol) || !isTime(createTime) || !isTime(updatedAt)) return undefined;
  if (clientOrderId !== undefined && clientOrderId !== null && typeof clientOrderId !== 'string') return undefined;
  if (!SIDES.includes(side as Side) || !ORDER_TYPES.includes(orderType as OrderType) || !STATUSES.includes(status as OrderStatus)) return undefined;
  if (!DECIMAL_FIELDS.every((field) => isDecimal(value[field]))) return undefined;
  const decimals = Object.fromEntries(DECIMAL_FIELDS.map((field) => [field, value[field] as string])) as Record<(typeof DECIMAL_FIELDS)[number], string>;
  return {
    orderId,
    ...(typeof clientOrderId === 'string' ? { clientOrderId } : {}),
    symbol,
    side: side as Side,
    orderType: orderType as OrderType,
    status: status as OrderStatus,
    ...decimals,
    createTime,
    updatedAt,
  };
}

/**
 * The orders of an open-orders answer, or `undefined` when it is not one.
 *
 * @example
 * ```ts
 * readOpenOrders({ symbols: ['BTCUSDT'], orders: [], unconverted: 0 }); // []
 * ```
 */
export function readOpenOrders(value: unknown): readonly OrderSeed[] | undefined {
  return isObject(value) ? listOf(value['orders'], readOrder) : undefined;
}
