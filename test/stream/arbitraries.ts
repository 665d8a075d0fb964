/**
 * fast-check arbitraries of valid market events, for property tests of the encoders and decoders.
 */
import fc from 'fast-check';
import { JSON_CHANNELS, PROTOBUF_CHANNELS } from '../../src/stream/channels.js';
import type { AccountEvent, DealEvent, MarketEvent, OrderEvent, OrderStatus, OrderStatusCode } from '../../src/stream/events.js';

const digits = (min: number, max: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));

/** Non-negative decimal text (no leading zero but a lone `0`, docs/concepts.md): `12`, `0.0003998`. */
export const unsignedDecimal: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,19}$/)), fc.option(digits(1, 18), { nil: undefined }))
  .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));

/** Decimal text, possibly negative. */
export const signedDecimal: fc.Arbitrary<string> = fc.tuple(fc.boolean(), unsignedDecimal).map(([neg, d]) => (neg ? `-${d}` : d));

/** Non-empty text, any Unicode graphemes. */
export const text: fc.Arbitrary<string> = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 });

/** Half surrogates (U+D800 to U+DFFF): not code points of their own. */
const SURROGATES = 0x800;

/**
 * Text of any code points but half surrogates, up to `maxLength` of them: what
 * `fc.string({ unit: 'binary' })` gives, without the map of every code point that fast-check
 * builds for it once per process (seconds, once per test file).
 */
export function anyCodePoints(maxLength: number): fc.Arbitrary<string> {
  const codePoint = fc.integer({ min: 0, max: 0x10ffff - SURROGATES }).map((n) => (n >= 0xd800 ? n + SURROGATES : n));
  return fc.array(codePoint, { maxLength }).map((codePoints) => String.fromCodePoint(...codePoints));
}

/** Epoch milliseconds: a positive safe integer. */
export const epochMillis: fc.Arbitrary<number> = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

const optionalText = fc.option(text, { nil: undefined });
const side = fc.constantFrom('BUY' as const, 'SELL' as const);
const statuses: readonly [OrderStatus, OrderStatusCode][] = [
  ['NEW', 1],
  ['FILLED', 2],
  ['PARTIALLY_FILLED', 3],
  ['CANCELED', 4],
  ['PARTIALLY_CANCELED', 5],
];

const accountArbitrary: fc.Arbitrary<AccountEvent> = fc.record({
  type: fc.constant('account' as const),
  channel: fc.constantFrom(PROTOBUF_CHANNELS.account, JSON_CHANNELS.account),
  asset: text,
  coinId: text,
  free: unsignedDecimal,
  freeChange: signedDecimal,
  frozen: unsignedDecimal,
  frozenChange: signedDecimal,
  changeType: fc.oneof(fc.constantFrom('ENTRUST', 'TRADE_FEE', 'CONTRACT_TRANSFER', 'DEPOSIT'), text),
  time: epochMillis,
  sendTime: epochMillis,
  createTime: fc.option(epochMillis, { nil: undefined }),
});

const dealArbitrary: fc.Arbitrary<DealEvent> = fc.record({
  type: fc.constant('deal' as const),
  channel: fc.constantFrom(PROTOBUF_CHANNELS.deals, JSON_CHANNELS.deals),
  symbol: text,
  price: unsignedDecimal,
  quantity: unsignedDecimal,
  amount: unsignedDecimal,
  side,
  isMaker: fc.boolean(),
  isSelfTrade: fc.boolean(),
  tradeId: text,
  orderId: text,
  clientOrderId: optionalText,
  feeAmount: signedDecimal,
  feeCurrency: text,
  time: epochMillis,
  sendTime: epochMillis,
});

const orderArbitrary: fc.Arbitrary<OrderEvent> = fc
  .record({
    type: fc.constant('order' as const),
    channel: fc.constantFrom(PROTOBUF_CHANNELS.orders, JSON_CHANNELS.orders),
    symbol: text,
    orderId: text,
    clientOrderId: optionalText,
    price: unsignedDecimal,
    quantity: unsignedDecimal,
    amount: unsignedDecimal,
    avgPrice: unsignedDecimal,
    orderType: fc.constantFrom('LIMIT' as const, 'POST_ONLY' as const, 'IOC' as const, 'FOK' as const, 'MARKET' as const, 'STOP_LIMIT' as const),
    side,
    isMaker: fc.boolean(),
    remainAmount: unsignedDecimal,
    remainQuantity: unsignedDecimal,
    lastDealQuantity: fc.option(unsignedDecimal, { nil: undefined }),
    cumulativeQuantity: unsignedDecimal,
    cumulativeAmount: unsignedDecimal,
    statusPair: fc.constantFrom(...statuses),
    createTime: epochMillis,
    sendTime: epochMillis,
  })
  .map(({ statusPair: [status, statusCode], ...rest }) => ({ ...rest, status, statusCode }));

/** Any valid market event, on either form of its channel. */
export function marketEventArbitrary(): fc.Arbitrary<MarketEvent> {
  return fc.oneof(accountArbitrary, dealArbitrary, orderArbitrary);
}
