/**
 * The fast path of JSON push frames: hand-written checks of the canonical spelling (decimals as
 * strings, times and codes as numbers, flags as booleans or absent), building the event directly.
 * It accepts a strict subset of what the io-ts codecs of `json-frame-codecs.ts` accept, and builds
 * the same event from it; anything else (another spelling, a broken rule) gets `undefined`, and the
 * caller runs the io-ts codec, which knows every tolerated spelling and words the errors. So the
 * result of decoding is the same as with the codecs alone, and a frame as the service sends it
 * costs a few comparisons per field instead of an io-ts decode (which allocated a context entry per
 * field and cost more than `JSON.parse` itself; bench/, frame decoding).
 *
 * @module
 */
import { isDecimal, isNonNegativeDecimal } from '../decimal/text.js';
import type { PrivateChannel } from './channels.js';
import type { AccountEvent, DealEvent, OrderEvent } from './events.js';
import { isEpochMillis, optionalText } from './frame-checks.js';
import { ORDER_STATUS_CODES, orderStatusOf, orderTypeOf, sideOf } from './wire-codes.js';

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isUnsigned(value: unknown): value is string {
  return typeof value === 'string' && isNonNegativeDecimal(value);
}

function isSigned(value: unknown): value is string {
  return typeof value === 'string' && isDecimal(value);
}

function isMillis(value: unknown): value is number {
  return typeof value === 'number' && isEpochMillis(value);
}

/** Text that may be absent or `null` (an empty string stays a string). */
function isOptionalString(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string';
}

/** A flag: the boolean, `false` when absent or `null`; `undefined` for any other spelling. */
function flagOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  return value === undefined || value === null ? false : undefined;
}

/**
 * An account event from a JSON account frame in canonical spelling, or `undefined`.
 *
 * @example
 * ```ts
 * fastAccountEvent('spot@private.account.v3.api', JSON.parse(text)) ?? slowPath();
 * ```
 */
export function fastAccountEvent(channel: PrivateChannel, frame: Fields): AccountEvent | undefined {
  const b = frame['privateAccount'];
  const sendTime = frame['sendTime'];
  const createTime = frame['createTime'];
  if (!isFields(b) || !isMillis(sendTime)) return undefined;
  if (createTime !== undefined && createTime !== null && !isMillis(createTime)) return undefined;
  const { vcoinName, coinId, balanceAmount, balanceAmountChange, frozenAmount, frozenAmountChange, type, time } = b;
  if (!isText(vcoinName) || !isText(coinId) || !isText(type) || !isMillis(time)) return undefined;
  if (!isUnsigned(balanceAmount) || !isSigned(balanceAmountChange)) return undefined;
  if (!isUnsigned(frozenAmount) || !isSigned(frozenAmountChange)) return undefined;
  return {
    type: 'account',
    channel,
    asset: vcoinName,
    coinId,
    free: balanceAmount,
    freeChange: balanceAmountChange,
    frozen: frozenAmount,
    frozenChange: frozenAmountChange,
    changeType: type,
    time,
    sendTime,
    createTime: createTime ?? undefined,
  };
}

/**
 * A deal event from a JSON deals frame in canonical spelling, or `undefined`.
 *
 * @example
 * ```ts
 * fastDealEvent('spot@private.deals.v3.api', JSON.parse(text)) ?? slowPath();
 * ```
 */
export function fastDealEvent(channel: PrivateChannel, frame: Fields): DealEvent | undefined {
  const b = frame['privateDeals'];
  const symbol = frame['symbol'];
  const sendTime = frame['sendTime'];
  if (!isFields(b) || !isText(symbol) || !isMillis(sendTime)) return undefined;
  const { price, quantity, amount, tradeType, tradeId, orderId, feeAmount, feeCurrency, time, clientOrderId } = b;
  if (!isUnsigned(price) || !isUnsigned(quantity) || !isUnsigned(amount) || !isSigned(feeAmount)) return undefined;
  if (!isText(tradeId) || !isText(orderId) || !isText(feeCurrency) || !isMillis(time) || !isOptionalString(clientOrderId)) return undefined;
  const side = typeof tradeType === 'number' ? sideOf(tradeType) : undefined;
  const isMaker = flagOf(b['isMaker']);
  const isSelfTrade = flagOf(b['isSelfTrade']);
  if (side === undefined || isMaker === undefined || isSelfTrade === undefined) return undefined;
  return {
    type: 'deal',
    channel,
    symbol,
    price,
    quantity,
    amount,
    side,
    isMaker,
    isSelfTrade,
    tradeId,
    orderId,
    clientOrderId: optionalText(clientOrderId),
    feeAmount,
    feeCurrency,
    time,
    sendTime,
  };
}

/**
 * An order event from a JSON orders frame in canonical spelling, or `undefined`.
 *
 * @example
 * ```ts
 * fastOrderEvent('spot@private.orders.v3.api', JSON.parse(text)) ?? slowPath();
 * ```
 */
export function fastOrderEvent(channel: PrivateChannel, frame: Fields): OrderEvent | undefined {
  const b = frame['privateOrders'];
  const symbol = frame['symbol'];
  const sendTime = frame['sendTime'];
  if (!isFields(b) || !isText(symbol) || !isMillis(sendTime)) return undefined;
  const { id, clientId, price, quantity, amount, avgPrice, remainAmount, remainQuantity, lastDealQuantity } = b;
  const { cumulativeQuantity, cumulativeAmount, createTime } = b;
  if (!isText(id) || !isOptionalString(clientId) || !isMillis(createTime)) return undefined;
  if (!isUnsigned(price) || !isUnsigned(quantity) || !isUnsigned(amount) || !isUnsigned(avgPrice)) return undefined;
  if (!isUnsigned(remainAmount) || !isUnsigned(remainQuantity)) return undefined;
  if (!isUnsigned(cumulativeQuantity) || !isUnsigned(cumulativeAmount)) return undefined;
  const lastDeal = lastDealQuantity === undefined || lastDealQuantity === null || lastDealQuantity === '' ? undefined : lastDealQuantity;
  if (lastDeal !== undefined && !isUnsigned(lastDeal)) return undefined;
  const { orderType: typeCode, tradeType, status: statusCode } = b;
  const orderType = typeof typeCode === 'number' ? orderTypeOf(typeCode) : undefined;
  const side = typeof tradeType === 'number' ? sideOf(tradeType) : undefined;
  const status = typeof statusCode === 'number' ? orderStatusOf(statusCode) : undefined;
  const isMaker = flagOf(b['isMaker']);
  if (orderType === undefined || side === undefined || status === undefined || isMaker === undefined) return undefined;
  return {
    type: 'order',
    channel,
    symbol,
    orderId: id,
    clientOrderId: optionalText(clientId),
    price,
    quantity,
    amount,
    avgPrice,
    orderType,
    side,
    isMaker,
    remainAmount,
    remainQuantity,
    lastDealQuantity: lastDeal,
    cumulativeQuantity,
    cumulativeAmount,
    status,
    statusCode: ORDER_STATUS_CODES[status],
    createTime,
    sendTime,
  };
}
