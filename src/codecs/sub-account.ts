/**
 * Codecs of sub-accounts, their assets and states (spec 2.1, 2.4, 2.5; M1, M2, M8, B2-B4, B14).
 *
 * @module
 */
import * as t from 'io-ts';
import { SignedDecimalJson } from '../decimal/codec.js';
import { normalized, type ResponseDecoder } from './decoder.js';
import { EpochMillis, Flag, IdText, OptionalText, presentText } from './primitives.js';
import type {
  AssetBalance,
  BrokerSubAccount,
  BrokerSubAccountStatus,
  CreatedSubAccount,
  FuturesEnablement,
  Page,
  SubAccount,
} from './results.js';

/** M1: `{subAccount, note}`. */
export const createdSubAccountDecoder: ResponseDecoder<CreatedSubAccount> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.intersection([/* @__PURE__ */ t.type({ subAccount: t.string }), /* @__PURE__ */ t.partial({ note: OptionalText })], 'RawCreatedSubAccount'),
  (raw) => ({ subAccount: raw.subAccount, note: presentText(raw.note) ?? '' }),
);

const RawSubAccount = /* @__PURE__ */ t.type(
  { subAccount: t.string, isFreeze: Flag, createTime: EpochMillis, uid: IdText },
  'RawSubAccount',
);

/** M2: `{subAccounts: [...]}`. */
export const subAccountPageDecoder: ResponseDecoder<Page<SubAccount>> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.type({ subAccounts: /* @__PURE__ */ t.array(RawSubAccount) }, 'RawSubAccountList'),
  (raw) => ({
    // Copied field by field: io-ts passes unknown fields through, and the result is the clean shape.
    items: raw.subAccounts.map((s) => ({ subAccount: s.subAccount, uid: s.uid, isFreeze: s.isFreeze, createTime: s.createTime })),
    total: undefined,
    page: undefined,
    totalPages: undefined,
  }),
);

/**
 * M8: `{balances: [{asset, free, locked}]}`. Balances are signed decimal text: the service has
 * pushed a negative frozen amount, and a read that refused it would lose every balance with it.
 */
export const assetBalancesDecoder: ResponseDecoder<readonly AssetBalance[]> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.type({ balances: /* @__PURE__ */ t.array(/* @__PURE__ */ t.type({ asset: t.string, free: SignedDecimalJson, locked: SignedDecimalJson })) }, 'RawBalances'),
  (raw) => raw.balances.map((b) => ({ asset: b.asset, free: b.free, locked: b.locked })),
);

const RawBrokerSubAccount = /* @__PURE__ */ t.intersection(
  [/* @__PURE__ */ t.type({ subAccount: t.string, timestamp: EpochMillis }), /* @__PURE__ */ t.partial({ note: OptionalText })],
  'RawBrokerSubAccount',
);

function toBrokerSubAccount(raw: t.TypeOf<typeof RawBrokerSubAccount>): BrokerSubAccount {
  return { subAccount: raw.subAccount, note: presentText(raw.note) ?? '', createTime: raw.timestamp };
}

/** B2: the envelope's `data`, an array holding the created sub-account (or the bare object). */
export const createdBrokerSubAccountDecoder: ResponseDecoder<BrokerSubAccount> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.union([/* @__PURE__ */ t.tuple([RawBrokerSubAccount]), RawBrokerSubAccount], 'RawCreatedBrokerSubAccount'),
  (raw) => toBrokerSubAccount(Array.isArray(raw) ? raw[0] : raw),
);

/** B3: the envelope's `data`, an array of sub-accounts. */
export const brokerSubAccountPageDecoder: ResponseDecoder<Page<BrokerSubAccount>> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.array(RawBrokerSubAccount, 'RawBrokerSubAccount[]'),
  (raw) => ({ items: raw.map(toBrokerSubAccount), total: undefined, page: undefined, totalPages: undefined }),
);

/** B4: `{status: "1" | "2"}` (1 normal, 2 frozen). */
export const brokerSubAccountStatusDecoder: ResponseDecoder<BrokerSubAccountStatus> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.type({ status: /* @__PURE__ */ t.union([/* @__PURE__ */ t.literal('1'), /* @__PURE__ */ t.literal('2'), /* @__PURE__ */ t.literal(1), /* @__PURE__ */ t.literal(2)]) }, 'RawBrokerSubAccountStatus'),
  (raw) => ({ status: String(raw.status) === '1' ? 'normal' : 'frozen' }),
);

const RawFuturesEnablement = /* @__PURE__ */ t.intersection(
  [/* @__PURE__ */ t.type({ subAccount: t.string, isFuturesEnabled: Flag }), /* @__PURE__ */ t.partial({ timestamp: /* @__PURE__ */ t.union([EpochMillis, t.null]) })],
  'RawFuturesEnablement',
);

/** B14: the envelope's `data`, an array holding `{subAccount, isFuturesEnabled, timestamp}`. */
export const futuresEnablementDecoder: ResponseDecoder<FuturesEnablement> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.union([/* @__PURE__ */ t.tuple([RawFuturesEnablement]), RawFuturesEnablement], 'RawFuturesEnablementData'),
  (raw) => {
    const entry = Array.isArray(raw) ? raw[0] : raw;
    return { subAccount: entry.subAccount, isFuturesEnabled: entry.isFuturesEnabled, timestamp: entry.timestamp ?? undefined };
  },
);
