/**
 * Codecs of sub-account API keys (spec 2.2, 2.6): `apiKey` or `apikey`, `creatTime` or `createTime`.
 *
 * @module
 */
import * as t from 'io-ts';
import { normalized, type ResponseDecoder } from './decoder.js';
import { CommaList, EpochMillis, OptionalText, presentText } from './primitives.js';
import type { CreatedApiKey, DeletedApiKey, SubAccountApiKey } from './results.js';

const rawKeyName = t.union([t.type({ apiKey: t.string }), t.type({ apikey: t.string })], 'apiKey|apikey');
const rawKeyTime = t.union([t.type({ creatTime: EpochMillis }), t.type({ createTime: EpochMillis })], 'creatTime|createTime');

/** A listed key, as the service sends it. */
export const RawApiKeyEntry = t.intersection(
  [rawKeyName, rawKeyTime, t.type({ permissions: CommaList }), t.partial({ note: OptionalText, ip: t.union([CommaList, t.null]) })],
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

const RawCreatedApiKey = t.intersection(
  [RawApiKeyEntry, t.type({ subAccount: t.string, secretKey: t.string })],
  'RawCreatedApiKey',
);

/** M3, B5: the created key with its secret. */
export const createdApiKeyDecoder: ResponseDecoder<CreatedApiKey> = normalized(RawCreatedApiKey, (raw) => ({
  subAccount: raw.subAccount,
  secretKey: raw.secretKey,
  ...toApiKey(raw),
}));

/** M4, B6: `{ subAccount: [entries] }`. */
export const apiKeyListDecoder: ResponseDecoder<readonly SubAccountApiKey[]> = normalized(
  t.type({ subAccount: t.array(RawApiKeyEntry) }, 'RawApiKeyList'),
  (raw) => raw.subAccount.map(toApiKey),
);

/** M5, B7: `{ subAccount }`. */
export const deletedApiKeyDecoder: ResponseDecoder<DeletedApiKey> = normalized(
  t.type({ subAccount: t.string }, 'RawDeletedApiKey'),
  (raw) => ({ subAccount: raw.subAccount }),
);
