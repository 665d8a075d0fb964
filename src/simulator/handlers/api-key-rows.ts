/**
 * The API-key rows the master (M3-M5) and the broker (B5-B7) share: the same rules (a sub-account
 * of the caller's, no permission the signing key lacks), answered in each row's own spellings.
 *
 * @module
 */
import { apiKeysOf, createApiKey, deleteApiKey, requireGrantable, subAccountOf } from '../accounts.js';
import type { HandlerContext } from './handler.js';
import { listedKey } from './shapes.js';

/** What M3 and B5 ask for. */
interface NewKeyRequest {
  readonly subAccount: string;
  readonly note: string;
  readonly permissions: readonly string[];
  readonly ip?: readonly string[];
}

/** How a row spells the created key's fields: M3 `apiKey`/`creatTime`, B5 `apikey`/`createTime`. */
interface CreatedKeySpelling {
  readonly apiKey: 'apiKey' | 'apikey';
  readonly createTime: 'creatTime' | 'createTime';
}

/**
 * Creates a key for one of the caller's sub-accounts (M3, B5), granting no more than the signer holds.
 *
 * @example
 * ```ts
 * M3: handler(M3, (params, ctx) => createSubAccountKey(ctx, params, { apiKey: 'apiKey', createTime: 'creatTime' })),
 * ```
 */
export function createSubAccountKey(ctx: HandlerContext, request: NewKeyRequest, spelling: CreatedKeySpelling): Record<string, unknown> {
  const sub = subAccountOf(ctx.world, ctx.caller, request.subAccount);
  requireGrantable(ctx.key, request.permissions);
  const key = createApiKey(ctx.world, sub, { note: request.note, permissions: request.permissions, ip: request.ip ?? [] }, ctx.now);
  return {
    subAccount: sub.name,
    note: key.note,
    [spelling.apiKey]: key.apiKey,
    secretKey: key.secretKey,
    permissions: key.permissions.join(','),
    ip: key.ip.join(','),
    [spelling.createTime]: key.createTime,
  };
}

/**
 * The keys of one of the caller's sub-accounts (M4, B6).
 *
 * @example
 * ```ts
 * M4: handler(M4, ({ subAccount }, ctx) => subAccountKeys(ctx, subAccount)),
 * ```
 */
export function subAccountKeys(ctx: HandlerContext, subAccount: string): Record<string, unknown> {
  return { subAccount: apiKeysOf(ctx.world, subAccountOf(ctx.world, ctx.caller, subAccount)).map(listedKey) };
}

/**
 * Deletes a key of one of the caller's sub-accounts (M5, B7).
 *
 * @example
 * ```ts
 * M5: handler(M5, ({ subAccount, apiKey }, ctx) => deleteSubAccountKey(ctx, subAccount, apiKey)),
 * ```
 */
export function deleteSubAccountKey(ctx: HandlerContext, subAccount: string, apiKey: string): Record<string, unknown> {
  const sub = subAccountOf(ctx.world, ctx.caller, subAccount);
  deleteApiKey(ctx.world, sub, apiKey);
  return { subAccount: sub.name };
}
