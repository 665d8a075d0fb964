/**
 * The deal push (`privateDeals`, spec 6.2) -> {@link DealEvent}: every field's rule, written once
 * for protobuf and JSON frames alike.
 *
 * @module
 */
import type { PrivateDealsV3Api } from '../gen/mexc/push_data_v3_pb.js';
import type { PrivateChannel } from './channels.js';
import type { DealEvent } from './events.js';
import {
  epochMillis,
  flag,
  nonEmptyText,
  nonNegativeDecimal,
  optionalText,
  type Refusal,
  sideCode,
  signedDecimal,
  type EnvelopeFields,
  type WireFields,
} from './field-rules.js';

/** The deal body's fields as the wire gives them. */
export type DealFields = WireFields<PrivateDealsV3Api>;

/**
 * Checks a deal push field by field and builds the event, or returns the first field that breaks
 * its rule.
 *
 * @example
 * ```ts
 * const result = normalizeDeal('spot@private.deals.v3.api', frame, frame.privateDeals);
 * if (isRefusal(result)) report(result.path);
 * ```
 */
export function normalizeDeal(channel: PrivateChannel, envelope: EnvelopeFields, b: DealFields): DealEvent | Refusal {
  const sendTime = epochMillis(envelope.sendTime, 'sendTime');
  if (typeof sendTime === 'object') return sendTime;
  const symbol = nonEmptyText(envelope.symbol, 'symbol');
  if (typeof symbol === 'object') return symbol;
  const price = nonNegativeDecimal(b.price, 'privateDeals.price');
  if (typeof price === 'object') return price;
  const quantity = nonNegativeDecimal(b.quantity, 'privateDeals.quantity');
  if (typeof quantity === 'object') return quantity;
  const amount = nonNegativeDecimal(b.amount, 'privateDeals.amount');
  if (typeof amount === 'object') return amount;
  const side = sideCode(b.tradeType, 'privateDeals.tradeType');
  if (typeof side === 'object') return side;
  const isMaker = flag(b.isMaker, 'privateDeals.isMaker');
  if (typeof isMaker === 'object') return isMaker;
  const isSelfTrade = flag(b.isSelfTrade, 'privateDeals.isSelfTrade');
  if (typeof isSelfTrade === 'object') return isSelfTrade;
  const tradeId = nonEmptyText(b.tradeId, 'privateDeals.tradeId');
  if (typeof tradeId === 'object') return tradeId;
  const clientOrderId = optionalText(b.clientOrderId, 'privateDeals.clientOrderId');
  if (typeof clientOrderId === 'object') return clientOrderId;
  const orderId = nonEmptyText(b.orderId, 'privateDeals.orderId');
  if (typeof orderId === 'object') return orderId;
  const feeAmount = signedDecimal(b.feeAmount, 'privateDeals.feeAmount');
  if (typeof feeAmount === 'object') return feeAmount;
  const feeCurrency = nonEmptyText(b.feeCurrency, 'privateDeals.feeCurrency');
  if (typeof feeCurrency === 'object') return feeCurrency;
  const time = epochMillis(b.time, 'privateDeals.time');
  if (typeof time === 'object') return time;
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
    clientOrderId,
    feeAmount,
    feeCurrency,
    time,
    sendTime,
  };
}
