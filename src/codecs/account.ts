/**
 * Codecs of the account reads (A1 `GET /api/v3/account`, A2 `GET /api/v3/openOrders`,
 * docs/service.md "Account reads"): every spelling the service is known to use (numbers quoted or
 * bare, decimals as text or as JSON numbers read exactly, `null` where a value is missing, unknown
 * extra fields), normalized to {@link Account} and {@link OpenOrder}.
 *
 * @module
 */
import * as t from 'io-ts';
import { NonNegativeDecimalJson } from '../decimal/codec.js';
import { normalized, type ResponseDecoder } from './decoder.js';
import { CommaList, EpochMillis, Flag, IdText, OptionalText, presentText, SignedInteger } from './primitives.js';
import type { Account, OpenOrder } from './results.js';

/** A time that may be absent or `null`. */
const OptionalTime = /* @__PURE__ */ t.union([EpochMillis, t.null, t.undefined], 'OptionalTime');

/** A decimal that may be absent, `null` or `""`. */
const OptionalDecimal = /* @__PURE__ */ t.union([NonNegativeDecimalJson, t.null, t.undefined, /* @__PURE__ */ t.literal('')], 'OptionalDecimal');

const RawBalance = /* @__PURE__ */ t.type({ asset: t.string, free: NonNegativeDecimalJson, locked: NonNegativeDecimalJson }, 'RawBalance');

const RawAccount = /* @__PURE__ */ t.intersection(
  [
    /* @__PURE__ */ t.type({
      canTrade: Flag,
      canWithdraw: Flag,
      canDeposit: Flag,
      accountType: t.string,
      balances: /* @__PURE__ */ t.array(RawBalance),
      permissions: CommaList,
    }),
    /* @__PURE__ */ t.partial({ updateTime: OptionalTime }),
  ],
  'RawAccount',
);

/** A1: `{canTrade, canWithdraw, canDeposit, updateTime, accountType, balances: [{asset, free, locked}], permissions}`. */
export const accountDecoder: ResponseDecoder<Account> = /* @__PURE__ */ normalized(RawAccount, (raw) => ({
  canTrade: raw.canTrade,
  canWithdraw: raw.canWithdraw,
  canDeposit: raw.canDeposit,
  updateTime: raw.updateTime ?? undefined,
  accountType: raw.accountType,
  // Copied field by field: io-ts passes unknown fields through, and the result is the clean shape.
  balances: raw.balances.map((b) => ({ asset: b.asset, free: b.free, locked: b.locked })),
  permissions: [...raw.permissions],
}));

const RawOpenOrder = /* @__PURE__ */ t.intersection(
  [
    /* @__PURE__ */ t.type({
      symbol: t.string,
      orderId: IdText,
      price: NonNegativeDecimalJson,
      origQty: NonNegativeDecimalJson,
      executedQty: NonNegativeDecimalJson,
      status: t.string,
      type: t.string,
      side: t.string,
      time: EpochMillis,
    }),
    // The service's spelling, and the dictionary's, should it ever be corrected.
    /* @__PURE__ */ t.union([/* @__PURE__ */ t.type({ cummulativeQuoteQty: NonNegativeDecimalJson }), /* @__PURE__ */ t.type({ cumulativeQuoteQty: NonNegativeDecimalJson })]),
    /* @__PURE__ */ t.partial({
      orderListId: /* @__PURE__ */ t.union([SignedInteger, t.null]),
      clientOrderId: OptionalText,
      timeInForce: OptionalText,
      stopPrice: OptionalDecimal,
      icebergQty: OptionalDecimal,
      updateTime: OptionalTime,
      isWorking: /* @__PURE__ */ t.union([Flag, t.null]),
      origQuoteOrderQty: OptionalDecimal,
    }),
  ],
  'RawOpenOrder',
);

type RawOpenOrder = t.TypeOf<typeof RawOpenOrder>;

const presentDecimal = (value: string | null | undefined): string | undefined => (value === null || value === '' ? undefined : value);

/** The quote amount filled, from whichever spelling decoded (io-ts passes the other through as sent). */
function quoteFilled(raw: RawOpenOrder): string {
  const spellings: { readonly cummulativeQuoteQty?: unknown; readonly cumulativeQuoteQty?: unknown } = raw;
  const decoded = [spellings.cummulativeQuoteQty, spellings.cumulativeQuoteQty].find((value): value is string => NonNegativeDecimalJson.is(value));
  // Unreachable: the codec's union decoded one of them.
  if (decoded === undefined) throw new TypeError('open order without its filled quote amount');
  return decoded;
}

function toOpenOrder(raw: RawOpenOrder): OpenOrder {
  return {
    symbol: raw.symbol,
    orderId: raw.orderId,
    orderListId: raw.orderListId ?? undefined,
    clientOrderId: presentText(raw.clientOrderId),
    price: raw.price,
    origQty: raw.origQty,
    executedQty: raw.executedQty,
    cumulativeQuoteQty: quoteFilled(raw),
    status: raw.status,
    timeInForce: presentText(raw.timeInForce),
    type: raw.type,
    side: raw.side,
    stopPrice: presentDecimal(raw.stopPrice),
    icebergQty: presentDecimal(raw.icebergQty),
    time: raw.time,
    updateTime: raw.updateTime ?? undefined,
    isWorking: raw.isWorking ?? undefined,
    origQuoteOrderQty: presentDecimal(raw.origQuoteOrderQty),
  };
}

/** A2: an array of open orders. */
export const openOrdersDecoder: ResponseDecoder<readonly OpenOrder[]> = /* @__PURE__ */ normalized(/* @__PURE__ */ t.array(RawOpenOrder, 'RawOpenOrder[]'), (raw) =>
  raw.map(toOpenOrder),
);
