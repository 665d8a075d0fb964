/**
 * Codecs of listen keys (spec 2.11; L1-L4).
 *
 * @module
 */
import * as t from 'io-ts';
import { normalized, type ResponseDecoder } from './decoder.js';
import { Count } from './primitives.js';
import type { ListenKey, ListenKeyList } from './results.js';

/** L1, L3, L4: `{listenKey}`. */
export const listenKeyDecoder: ResponseDecoder<ListenKey> = normalized(
  t.type({ listenKey: t.string }, 'RawListenKey'),
  (raw) => ({ listenKey: raw.listenKey }),
);

/** L2: `{total?, available (number or string), listenKey: [...]}`. */
export const listenKeyListDecoder: ResponseDecoder<ListenKeyList> = normalized(
  t.intersection(
    [t.type({ listenKey: t.array(t.string) }), t.partial({ total: Count, available: Count })],
    'RawListenKeyList',
  ),
  (raw) => ({
    total: raw.total ?? raw.listenKey.length,
    available: raw.available ?? Math.max(0, 60 - raw.listenKey.length),
    listenKeys: raw.listenKey,
  }),
);
