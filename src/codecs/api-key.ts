/**
 * Codecs of sub-account API keys (spec 2.2, 2.6): `apiKey` or `apikey`, `creatTime` or `createTime`.
 *
 * @module
 */
import * as t from 'io-ts';
import { normalized, type ResponseDecoder } from './decoder.js';
import { CommaList, EpochMillis, OptionalText, presentText } from './primitives.js';
import type { CreatedApiKey, DeletedApiKey, SubAccountApiKey } from './results.js';

const rawKeyName = /* @__PURE__ */ t.union([/* @__PURE__ */ t.type({ apiKey: t.string }), /* @__PURE__ */ t.type({ apikey: t.string })], 'apiKey|apikey');
const rawKeyTime = /* @__PURE__ */ t.union([/* @__PURE__ */ t.type({ creatTime: EpochMillis }), /* @__PURE__ */ t.type({ createTime: EpochMillis })], 'creatTime|createTime');

/** A listed key, as the service sends it. */
export const RawApiKeyEntry = /* @__PURE__ */ t.intersection(
  [rawKeyName, rawKeyTime, /* @__PURE__ */ t.type({ permissions: CommaList }), /* @__PURE__ */ t.partial({ note: OptionalText, ip: /* @__PURE__ */ t.union([CommaList, t.null]) })],
  'RawApiKeyEntry',
);

/** Normalizes a listed key. */
export function toApiKey(raw: t.TypeOf<typeof RawApiKeyEntry>): SubAccountApiKey {
  return {
    apiKey: 'apiKey' in raw ? raw.apiKey : raw.apikey,
    note: presentText(raw.note) ?? '',
    permissions: raw.permissions,
    ip: raw.ip ?? [],
    createTime: 'creatTime' in raw ? raw.creatTime : raw.createTime,
  };
}

const RawCreatedApiKey = /* @__PURE__ */ t.intersection(
  [RawApiKeyEntry, /* @__PURE__ */ t.type({ subAccount: t.string, secretKey: t.string })],
  'RawCreatedApiKey',
);

/** M3, B5: the created key with its secret. */
export const createdApiKeyDecoder: ResponseDecoder<CreatedApiKey> = /* @__PURE__ */ normalized(RawCreatedApiKey, (raw) => ({
  subAccount: raw.subAccount,
  secretKey: raw.secretKey,
  ...toApiKey(raw),
}));

/** M4, B6: `{ subAccount: [entries] }`. */
export const apiKeyListDecoder: ResponseDecoder<readonly SubAccountApiKey[]> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.type({ subAccount: /* @__PURE__ */ t.array(RawApiKeyEntry) }, 'RawApiKeyList'),
  (raw) => raw.subAccount.map(toApiKey),
);

/** M5, B7: `{ subAccount }`. */
export const deletedApiKeyDecoder: ResponseDecoder<DeletedApiKey> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.type({ subAccount: t.string }, 'RawDeletedApiKey'),
  (raw) => ({ subAccount: raw.subAccount }),
);
