/**
 * Rows L1-L4 of the endpoint table: listen-key management (spec 4.3). Signed, all in the query
 * string (docs/service.md).
 *
 * @module
 */
import { listenKeyDecoder, listenKeyListDecoder } from '../codecs/listen-key.js';
import { required } from '../params/field.js';
import { nonEmptyText } from '../params/fields.js';
import { defineEndpoint } from './endpoint.js';

/** A listen key lives 60 minutes from its creation or its last keepalive (spec 4.3). */
export const KEY_LIFE_MS = 60 * 60_000;

/** Parameters of operations that take none. */
export type NoParams = Readonly<Record<string, never>>;

/** Parameters of L3 {@link keepAliveListenKey} and L4 {@link closeListenKey}. */
export interface ListenKeyParams {
  readonly listenKey: string;
}

/** Why L3 and L4 need SPOT_ACCOUNT_READ, where the spec names a permission for POST and GET only. */
const SAME_LISTEN_KEY = 'the spec names account read for L1 and L2 only; a key that may open a stream may also keep it alive and close it';

/**
 * The listen key is a secret of the call (anyone holding it reads the account's stream): the
 * call's errors never show it, whatever text a runtime or the service quotes it in.
 */
const listenKeyGroup = { group: 'listenKey', audience: 'any', weight: undefined, path: '/api/v3/userDataStream' } as const;

/** L1: create a listen key. */
export const L1 = /* @__PURE__ */ defineEndpoint<NoParams>()(listenKeyGroup, {
  id: 'L1',
  name: 'createListenKey',
  summary: 'Create a listen key',
  method: 'POST',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: undefined,
  params: {},
  response: listenKeyDecoder,
});

/** L2: list the valid listen keys. */
export const L2 = /* @__PURE__ */ defineEndpoint<NoParams>()(listenKeyGroup, {
  id: 'L2',
  name: 'listListenKeys',
  summary: 'List valid listen keys',
  method: 'GET',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: undefined,
  params: {},
  response: listenKeyListDecoder,
});

/** L3: extend a listen key's validity to 60 minutes from now. */
export const L3 = /* @__PURE__ */ defineEndpoint<ListenKeyParams>()(listenKeyGroup, {
  id: 'L3',
  name: 'keepAliveListenKey',
  summary: 'Keep a listen key alive',
  method: 'PUT',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SAME_LISTEN_KEY,
  params: { listenKey: /* @__PURE__ */ required(nonEmptyText, 'the listen key', { secret: true }) },
  response: listenKeyDecoder,
});

/** L4: close a listen key. */
export const L4 = /* @__PURE__ */ defineEndpoint<ListenKeyParams>()(listenKeyGroup, {
  id: 'L4',
  name: 'closeListenKey',
  summary: 'Close a listen key',
  method: 'DELETE',
  permission: 'SPOT_ACCOUNT_READ',
  permissionChoice: SAME_LISTEN_KEY,
  params: { listenKey: /* @__PURE__ */ required(nonEmptyText, 'the listen key', { secret: true }) },
  response: listenKeyDecoder,
});
