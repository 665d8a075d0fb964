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
export const listenKeyDecoder: ResponseDecoder<ListenKey> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.type({ listenKey: t.string }, 'RawListenKey'),
  (raw) => ({ listenKey: raw.listenKey }),
);

/** L2: `{total?, available (number or string), listenKey: [...]}`. */
export const listenKeyListDecoder: ResponseDecoder<ListenKeyList> = /* @__PURE__ */ normalized(
  /* @__PURE__ */ t.intersection(
    [/* @__PURE__ */ t.type({ listenKey: /* @__PURE__ */ t.array(t.string) }), /* @__PURE__ */ t.partial({ total: Count, available: Count })],
    'RawListenKeyList',
  ),
  (raw) => ({
    total: raw.total ?? raw.listenKey.length,
    available: raw.available ?? Math.max(0, 60 - raw.listenKey.length),
    listenKeys: raw.listenKey,
  }),
);
