/**
 * Text frames -> results: JSON push frames of the JSON channels (field names of spec section 6),
 * checked by hand when spelled canonically (`decode-json-fast.ts`) and with io-ts otherwise, and
 * normalized to the same events as their protobuf twins; JSON control replies; and the plain text
 * `Invalid listen key`.
 *
 * @module
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { keepExactNumbers } from '../decimal/exact-json.js';
import { BODY_FIELDS, isPrivateChannel, privateChannelKind, type PrivateChannel } from './channels.js';
import { controlFromReply, controlFromText } from './control.js';
import { fastAccountEvent, fastDealEvent, fastOrderEvent } from './decode-json-fast.js';
import type { MarketEvent } from './events.js';
import { optionalText } from './frame-checks.js';
import { malformedFrame, type FrameResult } from './frame-result.js';
import { describeJsonErrors, JsonAccountFrame, JsonDealFrame, JsonOrderFrame } from './json-frame-codecs.js';
import { ORDER_STATUS_CODES } from './wire-codes.js';

/**
 * Decodes one text frame. Never throws: text that is neither JSON nor a known control text, and
 * JSON that breaks a rule, give a `malformed` result; a push frame of another channel gives
 * `unknown`.
 *
 * @example
 * ```ts
 * decodeTextFrame('{"id":0,"code":0,"msg":"PONG"}');
 * // { kind: 'control', control: { type: 'pong', id: 0, code: 0, msg: 'PONG' } }
 * ```
 */
export function decodeTextFrame(text: string): FrameResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const control = controlFromText(text);
    return control === undefined ? malformedFrame('text: neither JSON nor a known control message') : { kind: 'control', control };
  }
  if (typeof value === 'string') {
    const control = controlFromText(value);
    if (control !== undefined) return { kind: 'control', control };
  }
  if (!t.UnknownRecord.is(value)) return malformedFrame('json: expected an object');
  if ('channel' in value) return decodeJsonPush(value, text);
  const control = controlFromReply(value);
  return typeof control === 'string' ? malformedFrame(`json: ${control}`) : { kind: 'control', control };
}

function decodeJsonPush(frame: Record<string, unknown>, text: string): FrameResult {
  const channel = frame['channel'];
  if (typeof channel !== 'string' || channel === '') return malformedFrame('json: channel: expected non-empty text');
  if (!isPrivateChannel(channel)) return { kind: 'unknown', channel };
  const kind = privateChannelKind(channel);
  const bodyField = BODY_FIELDS[kind];
  if (frame[bodyField] === undefined || frame[bodyField] === null) {
    const found = Object.values(BODY_FIELDS).filter((field) => frame[field] !== undefined && frame[field] !== null);
    const what = found.length === 0 ? 'no body' : `body ${found.join(', ')}`;
    return malformedFrame(`json: ${bodyField}: expected for channel kind ${kind}, found ${what}`, channel);
  }
  const fast = kind === 'account' ? fastAccountEvent(channel, frame) : kind === 'deals' ? fastDealEvent(channel, frame) : fastOrderEvent(channel, frame);
  if (fast !== undefined) return { kind: 'event', event: fast };
  // Another spelling (quoted numbers, "true", decimals as numbers), or a broken rule: the codecs
  // decide, and say why. Numbers are read again from the text where a double would change them.
  let exact: unknown;
  try {
    exact = keepExactNumbers(text, frame);
  } catch {
    return malformedFrame('json: a number could not be read exactly', channel);
  }
  const result = kind === 'account' ? accountEvent(channel, exact) : kind === 'deals' ? dealEvent(channel, exact) : orderEvent(channel, exact);
  return typeof result === 'string' ? malformedFrame(`json: ${result}`, channel) : { kind: 'event', event: result };
}

function accountEvent(channel: PrivateChannel, frame: unknown): MarketEvent | string {
  const decoded = JsonAccountFrame.decode(frame);
  if (isLeft(decoded)) return describeJsonErrors(decoded.left);
  const { sendTime, createTime, privateAccount: b } = decoded.right;
  return {
    type: 'account',
    channel,
    asset: b.vcoinName,
    coinId: b.coinId,
    free: b.balanceAmount,
    freeChange: b.balanceAmountChange,
    frozen: b.frozenAmount,
    frozenChange: b.frozenAmountChange,
    changeType: b.type,
    time: b.time,
    sendTime,
    createTime: createTime ?? undefined,
  };
}

function dealEvent(channel: PrivateChannel, frame: unknown): MarketEvent | string {
  const decoded = JsonDealFrame.decode(frame);
  if (isLeft(decoded)) return describeJsonErrors(decoded.left);
  const { symbol, sendTime, privateDeals: b } = decoded.right;
  return {
    type: 'deal',
    channel,
    symbol,
    price: b.price,
    quantity: b.quantity,
    amount: b.amount,
    side: b.tradeType,
    isMaker: b.isMaker ?? false,
    isSelfTrade: b.isSelfTrade ?? false,
    tradeId: b.tradeId,
    orderId: b.orderId,
    clientOrderId: optionalText(b.clientOrderId),
    feeAmount: b.feeAmount,
    feeCurrency: b.feeCurrency,
    time: b.time,
    sendTime,
  };
}

function orderEvent(channel: PrivateChannel, frame: unknown): MarketEvent | string {
  const decoded = JsonOrderFrame.decode(frame);
  if (isLeft(decoded)) return describeJsonErrors(decoded.left);
  const { symbol, sendTime, privateOrders: b } = decoded.right;
  return {
    type: 'order',
    channel,
    symbol,
    orderId: b.id,
    clientOrderId: optionalText(b.clientId),
    price: b.price,
    quantity: b.quantity,
    amount: b.amount,
    avgPrice: b.avgPrice,
    orderType: b.orderType,
    side: b.tradeType,
    isMaker: b.isMaker ?? false,
    remainAmount: b.remainAmount,
    remainQuantity: b.remainQuantity,
    lastDealQuantity: optionalText(b.lastDealQuantity),
    cumulativeQuantity: b.cumulativeQuantity,
    cumulativeAmount: b.cumulativeAmount,
    status: b.status,
    statusCode: ORDER_STATUS_CODES[b.status],
    createTime: b.createTime,
    sendTime,
  };
}
