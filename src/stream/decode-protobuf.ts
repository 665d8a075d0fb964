/**
 * Binary (protobuf) push frames -> market events. This is the hot path: the frame is read by the
 * reader specialized to the push wrapper (`read-push-wrapper.ts`), or, when it is not in the
 * canonical shape, decoded with the generated schema's `fromBinary`; then checked field by field
 * by hand (no intermediate JSON, no io-ts), and the event is built in one object literal per kind.
 *
 * @module
 */
import { fromBinary } from '@bufbuild/protobuf';
import { isDecimal, isNonNegativeDecimal } from '../decimal/text.js';
import { PushDataV3ApiWrapperSchema } from '../gen/mexc/push_data_v3_pb.js';
import { BODY_FIELDS, isPrivateChannel, privateChannelKind, type PrivateChannel } from './channels.js';
import type { AccountEvent, DealEvent, MarketEvent, OrderEvent } from './events.js';
import { epochMillisOf, optionalText } from './frame-checks.js';
import { malformedFrame, type FrameResult } from './frame-result.js';
import { readPushWrapper, type AccountBody, type DealsBody, type OrdersBody, type WrapperFields } from './read-push-wrapper.js';
import { ORDER_STATUS_CODES, orderStatusOf, orderTypeOf, sideOf } from './wire-codes.js';

/** Unknown fields (public bodies, future additions) are skipped, not kept. */
const READ_OPTIONS = { readUnknownFields: false } as const;

/**
 * Decodes one binary frame. Never throws: undecodable bytes, a missing or wrong body, or a field
 * that breaks its rule give a `malformed` result; a channel other than the private ones gives
 * `unknown`.
 *
 * @example
 * ```ts
 * const result = decodeProtobufFrame(new Uint8Array(message.data));
 * if (result.kind === 'event') console.log(result.event.type);
 * ```
 */
export function decodeProtobufFrame(bytes: Uint8Array): FrameResult {
  let message = readPushWrapper(bytes);
  if (message === undefined) {
    try {
      message = fromBinary(PushDataV3ApiWrapperSchema, bytes, READ_OPTIONS);
    } catch (error) {
      return malformedFrame(`protobuf: undecodable (${error instanceof Error ? error.message : 'unknown error'})`);
    }
  }
  const channel = message.channel;
  if (channel === '') return malformedFrame('protobuf: channel: expected non-empty text');
  if (!isPrivateChannel(channel)) return { kind: 'unknown', channel };
  const kind = privateChannelKind(channel);
  const body = message.body;
  let result: MarketEvent | string;
  if (body.case === 'privateAccount' && kind === 'account') result = accountEvent(channel, message, body.value);
  else if (body.case === 'privateDeals' && kind === 'deals') result = dealEvent(channel, message, body.value);
  else if (body.case === 'privateOrders' && kind === 'orders') result = orderEvent(channel, message, body.value);
  else {
    const found = body.case === undefined ? 'no body' : `body ${body.case}`;
    return malformedFrame(`protobuf: ${BODY_FIELDS[kind]}: expected for channel kind ${kind}, found ${found}`, channel);
  }
  return typeof result === 'string' ? malformedFrame(`protobuf: ${result}`, channel) : { kind: 'event', event: result };
}

function expected(path: string, what: string): string {
  return `${path}: expected ${what}`;
}

function accountEvent(channel: PrivateChannel, frame: WrapperFields, b: AccountBody): AccountEvent | string {
  const sendTime = epochMillisOf(frame.sendTime);
  if (sendTime === undefined) return expected('sendTime', 'epoch milliseconds');
  const createTime = epochMillisOf(frame.createTime);
  if (createTime === undefined && frame.createTime !== undefined) return expected('createTime', 'epoch milliseconds');
  if (b.vcoinName === '') return expected('privateAccount.vcoinName', 'non-empty text');
  if (b.coinId === '') return expected('privateAccount.coinId', 'non-empty text');
  if (!isNonNegativeDecimal(b.balanceAmount)) return expected('privateAccount.balanceAmount', 'non-negative decimal');
  if (!isDecimal(b.balanceAmountChange)) return expected('privateAccount.balanceAmountChange', 'signed decimal');
  if (!isNonNegativeDecimal(b.frozenAmount)) return expected('privateAccount.frozenAmount', 'non-negative decimal');
  if (!isDecimal(b.frozenAmountChange)) return expected('privateAccount.frozenAmountChange', 'signed decimal');
  if (b.type === '') return expected('privateAccount.type', 'non-empty text');
  const time = epochMillisOf(b.time);
  if (time === undefined) return expected('privateAccount.time', 'epoch milliseconds');
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
    time,
    sendTime,
    createTime,
  };
}

function dealEvent(channel: PrivateChannel, frame: WrapperFields, b: DealsBody): DealEvent | string {
  const sendTime = epochMillisOf(frame.sendTime);
  if (sendTime === undefined) return expected('sendTime', 'epoch milliseconds');
  const symbol = frame.symbol;
  if (symbol === undefined || symbol === '') return expected('symbol', 'non-empty text');
  if (!isNonNegativeDecimal(b.price)) return expected('privateDeals.price', 'non-negative decimal');
  if (!isNonNegativeDecimal(b.quantity)) return expected('privateDeals.quantity', 'non-negative decimal');
  if (!isNonNegativeDecimal(b.amount)) return expected('privateDeals.amount', 'non-negative decimal');
  const side = sideOf(b.tradeType);
  if (side === undefined) return expected('privateDeals.tradeType', 'a known code (1, 2)');
  if (b.tradeId === '') return expected('privateDeals.tradeId', 'non-empty text');
  if (b.orderId === '') return expected('privateDeals.orderId', 'non-empty text');
  if (!isDecimal(b.feeAmount)) return expected('privateDeals.feeAmount', 'signed decimal');
  if (b.feeCurrency === '') return expected('privateDeals.feeCurrency', 'non-empty text');
  const time = epochMillisOf(b.time);
  if (time === undefined) return expected('privateDeals.time', 'epoch milliseconds');
  return {
    type: 'deal',
    channel,
    symbol,
    price: b.price,
    quantity: b.quantity,
    amount: b.amount,
    side,
    isMaker: b.isMaker,
    isSelfTrade: b.isSelfTrade,
    tradeId: b.tradeId,
    orderId: b.orderId,
    clientOrderId: optionalText(b.clientOrderId),
    feeAmount: b.feeAmount,
    feeCurrency: b.feeCurrency,
    time,
    sendTime,
  };
}

function orderEvent(channel: PrivateChannel, frame: WrapperFields, b: OrdersBody): OrderEvent | string {
  const sendTime = epochMillisOf(frame.sendTime);
  if (sendTime === undefined) return expected('sendTime', 'epoch milliseconds');
  const symbol = frame.symbol;
  if (symbol === undefined || symbol === '') return expected('symbol', 'non-empty text');
  if (b.id === '') return expected('privateOrders.id', 'non-empty text');
  if (!isNonNegativeDecimal(b.price)) return expected('privateOrders.price', 'non-negative decimal');
  if (!isNonNegativeDecimal(b.quantity)) return expected('privateOrders.quantity', 'non-negative decimal');
  if (!isNonNegativeDecimal(b.amount)) return expected('privateOrders.amount', 'non-negative decimal');
  if (!isNonNegativeDecimal(b.avgPrice)) return expected('privateOrders.avgPrice', 'non-negative decimal');
  const orderType = orderTypeOf(b.orderType);
  if (orderType === undefined) return expected('privateOrders.orderType', 'a known code (1-5, 100)');
  const side = sideOf(b.tradeType);
  if (side === undefined) return expected('privateOrders.tradeType', 'a known code (1, 2)');
  if (!isNonNegativeDecimal(b.remainAmount)) return expected('privateOrders.remainAmount', 'non-negative decimal');
  if (!isNonNegativeDecimal(b.remainQuantity)) return expected('privateOrders.remainQuantity', 'non-negative decimal');
  const lastDealQuantity = optionalText(b.lastDealQuantity);
  if (lastDealQuantity !== undefined && !isNonNegativeDecimal(lastDealQuantity)) {
    return expected('privateOrders.lastDealQuantity', 'non-negative decimal');
  }
  if (!isNonNegativeDecimal(b.cumulativeQuantity)) return expected('privateOrders.cumulativeQuantity', 'non-negative decimal');
  if (!isNonNegativeDecimal(b.cumulativeAmount)) return expected('privateOrders.cumulativeAmount', 'non-negative decimal');
  const status = orderStatusOf(b.status);
  if (status === undefined) return expected('privateOrders.status', 'a known code (1-5)');
  const createTime = epochMillisOf(b.createTime);
  if (createTime === undefined) return expected('privateOrders.createTime', 'epoch milliseconds');
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
    orderType,
    side,
    isMaker: b.isMaker,
    remainAmount: b.remainAmount,
    remainQuantity: b.remainQuantity,
    lastDealQuantity,
    cumulativeQuantity: b.cumulativeQuantity,
    cumulativeAmount: b.cumulativeAmount,
    status,
    statusCode: ORDER_STATUS_CODES[status],
    createTime,
    sendTime,
  };
}
