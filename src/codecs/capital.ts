/**
 * Codecs of deposit addresses, deposit records, withdrawals and rebates (spec 2.7-2.10; B8-B12, B15).
 *
 * @module
 */
import * as t from 'io-ts';
import { NonNegativeDecimalJson } from '../decimal/codec.js';
import { normalized, type ResponseDecoder } from './decoder.js';
import { Count, IdText, OptionalText, presentText } from './primitives.js';
import {
  DEPOSIT_STATUS_NAMES,
  type DepositAddress,
  type DepositRecord,
  type DepositStatusName,
  type Page,
  type RebateRecord,
  type WithdrawalReceipt,
} from './results.js';

const RawDepositAddress = /* @__PURE__ */ t.intersection(
  [/* @__PURE__ */ t.type({ address: t.string, coin: t.string, network: t.string }), /* @__PURE__ */ t.partial({ memo: OptionalText })],
  'RawDepositAddress',
);

function toDepositAddress(raw: t.TypeOf<typeof RawDepositAddress>): DepositAddress {
  return { address: raw.address, coin: raw.coin, network: raw.network, memo: presentText(raw.memo) };
}

/** B8: one deposit address. */
export const depositAddressDecoder: ResponseDecoder<DepositAddress> = /* @__PURE__ */ normalized(RawDepositAddress, toDepositAddress);

/** B9: an array of deposit addresses. */
export const depositAddressListDecoder: ResponseDecoder<readonly DepositAddress[]> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.array(RawDepositAddress, 'RawDepositAddress[]'),
  (raw) => raw.map(toDepositAddress),
);

const RawDepositRecord = /* @__PURE__ */ t.intersection(
  [
    /* @__PURE__ */ t.type({ amount: NonNegativeDecimalJson, coin: t.string, network: t.string, status: Count, address: t.string }),
    /* @__PURE__ */ t.partial({
      addressTag: OptionalText,
      txId: OptionalText,
      unlockConfirm: /* @__PURE__ */ t.union([Count, t.null]),
      confirmTimes: /* @__PURE__ */ t.union([IdText, t.null]),
    }),
  ],
  'RawDepositRecord',
);

function statusName(code: number): DepositStatusName | undefined {
  return (DEPOSIT_STATUS_NAMES as Readonly<Record<number, DepositStatusName>>)[code];
}

function toDepositRecord(raw: t.TypeOf<typeof RawDepositRecord>): DepositRecord {
  return {
    amount: raw.amount,
    coin: raw.coin,
    network: raw.network,
    status: raw.status,
    statusName: statusName(raw.status),
    address: raw.address,
    addressTag: presentText(raw.addressTag),
    txId: presentText(raw.txId) ?? '',
    unlockConfirm: raw.unlockConfirm ?? undefined,
    confirmTimes: raw.confirmTimes ?? undefined,
  };
}

/** B10, B11: an array of deposit records. */
export const depositPageDecoder: ResponseDecoder<Page<DepositRecord>> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.array(RawDepositRecord, 'RawDepositRecord[]'),
  (raw) => ({ items: raw.map(toDepositRecord), total: undefined, page: undefined, totalPages: undefined }),
);

/** B12: `{id}`. */
export const withdrawalReceiptDecoder: ResponseDecoder<WithdrawalReceipt> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.type({ id: IdText }, 'RawWithdrawalReceipt'),
  (raw) => ({ id: raw.id }),
);

const RawRebate = /* @__PURE__ */ t.type(
  { asset: t.string, amount: NonNegativeDecimalJson, type: t.string, uid: IdText, time: IdText },
  'RawRebateRecord',
);

/** B15: `{page, totalRecords, totalPageNum, data: [...]}`. */
export const rebatePageDecoder: ResponseDecoder<Page<RebateRecord>> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.intersection(
    [/* @__PURE__ */ t.type({ data: /* @__PURE__ */ t.array(RawRebate) }), /* @__PURE__ */ t.partial({ page: Count, totalRecords: Count, totalPageNum: Count })],
    'RawRebatePage',
  ),
  (raw) => ({
    items: raw.data.map((r) => ({ asset: r.asset, amount: r.amount, type: r.type, uid: r.uid, date: r.time })),
    total: raw.totalRecords,
    page: raw.page,
    totalPages: raw.totalPageNum,
  }),
);
