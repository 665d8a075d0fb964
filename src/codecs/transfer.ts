/**
 * Codecs of universal transfers (spec 2.3): `tranId` as a number or a string, `FUTURE` for
 * `FUTURES`, `fromsymbol`/`tosymbol` in the broker table, and M7's four known list shapes.
 *
 * @module
 */
import * as t from 'io-ts';
import { NonNegativeDecimalJson } from '../decimal/codec.js';
import { normalized, type ResponseDecoder } from './decoder.js';
import { AccountTypeText, Count, EpochMillis, IdText, OptionalText, presentText } from './primitives.js';
import type { Page, TransferReceipt, UniversalTransferRecord } from './results.js';

/** One transfer record as the service sends it. */
export const RawTransferRecord = /* @__PURE__ */ t.intersection(
  [
    /* @__PURE__ */ t.type({
      tranId: IdText,
      fromAccountType: AccountTypeText,
      toAccountType: AccountTypeText,
      asset: t.string,
      amount: NonNegativeDecimalJson,
      status: t.string,
      timestamp: EpochMillis,
    }),
    /* @__PURE__ */ t.partial({
      clientTranId: OptionalText,
      fromAccount: OptionalText,
      toAccount: OptionalText,
      fromSymbol: OptionalText,
      toSymbol: OptionalText,
      fromsymbol: OptionalText,
      tosymbol: OptionalText,
    }),
  ],
  'RawTransferRecord',
);

/** Normalizes a transfer record. */
export function toTransferRecord(raw: t.TypeOf<typeof RawTransferRecord>): UniversalTransferRecord {
  return {
    tranId: raw.tranId,
    clientTranId: presentText(raw.clientTranId),
    fromAccount: presentText(raw.fromAccount),
    toAccount: presentText(raw.toAccount),
    fromAccountType: raw.fromAccountType,
    toAccountType: raw.toAccountType,
    fromSymbol: presentText(raw.fromSymbol) ?? presentText(raw.fromsymbol),
    toSymbol: presentText(raw.toSymbol) ?? presentText(raw.tosymbol),
    asset: raw.asset,
    amount: raw.amount,
    status: raw.status,
    timestamp: raw.timestamp,
  };
}

const RawReceipt = /* @__PURE__ */ t.type({ tranId: IdText }, 'RawTransferReceipt');

/** M6, B13: `{tranId}` with a numeric or string id, or (once documented) `[{tranId}]`. */
export const transferReceiptDecoder: ResponseDecoder<TransferReceipt> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.union([RawReceipt, /* @__PURE__ */ t.tuple([RawReceipt])], 'RawTransferReceipt|[RawTransferReceipt]'),
  (raw) => ({ tranId: Array.isArray(raw) ? raw[0].tranId : raw.tranId }),
);

const RawTransferHistory = /* @__PURE__ */ t.union(
  [
    /* @__PURE__ */ t.array(RawTransferRecord),
    /* @__PURE__ */ t.intersection([/* @__PURE__ */ t.type({ rows: /* @__PURE__ */ t.array(RawTransferRecord) }), /* @__PURE__ */ t.partial({ total: Count })]),
    /* @__PURE__ */ t.intersection([/* @__PURE__ */ t.type({ result: /* @__PURE__ */ t.array(RawTransferRecord) }), /* @__PURE__ */ t.partial({ totalCount: Count })]),
    RawTransferRecord,
  ],
  'RawTransferHistory',
);

/** M7: a bare array, `{rows, total}`, `{result, totalCount}` or a single bare record. */
export const transferHistoryDecoder: ResponseDecoder<Page<UniversalTransferRecord>> = /* @__PURE__ */ normalized(
  RawTransferHistory,
  (raw) => {
    const [records, total] = Array.isArray(raw)
      ? [raw, undefined]
      : 'rows' in raw
        ? [raw.rows, raw.total]
        : 'result' in raw
          ? [raw.result, raw.totalCount]
          : [[raw], undefined];
    return { items: records.map(toTransferRecord), total, page: undefined, totalPages: undefined };
  },
);

/** B1: a bare array of records. */
export const brokerTransferHistoryDecoder: ResponseDecoder<Page<UniversalTransferRecord>> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.array(RawTransferRecord, 'RawTransferRecord[]'),
  (raw) => ({ items: raw.map(toTransferRecord), total: undefined, page: undefined, totalPages: undefined }),
);
