/**
 * Accounts and their API keys: root accounts (master, broker), sub-accounts of each, lookup by
 * name or uid, freezing, and key creation and deletion.
 *
 * @module
 */
import { SIM_CODES, SimError, unknownSubAccount } from './errors.js';
import { newApiKey, newSecretKey } from './ids.js';
import type { Account, AccountKind, ApiKeyRecord, World } from './state.js';

/** Name rule of sub-accounts (docs/service.md: 8-32 letters and digits, else 730601). */
export const SUB_ACCOUNT_NAME = /^[A-Za-z0-9]{8,32}$/;

function addAccount(world: World, init: Omit<Account, 'uid' | 'frozen' | 'futuresEnabled'>): Account {
  if (world.names.has(init.name.toLowerCase())) {
    throw new SimError(SIM_CODES.nameTaken, `user name already exists: ${init.name}`);
  }
  const account: Account = { ...init, uid: String(world.next('uid')), frozen: false, futuresEnabled: false };
  world.accounts.set(account.uid, account);
  world.names.set(account.name.toLowerCase(), account.uid);
  return account;
}

/**
 * Creates a root account: a master account or a broker account.
 *
 * @example
 * ```ts
 * const master = createRootAccount(world, 'master', 'simmaster', clock.now());
 * ```
 */
export function createRootAccount(world: World, kind: 'master' | 'broker', name: string, now: number): Account {
  return addAccount(world, { name, kind, parentUid: undefined, note: '', createTime: now, fundPassword: undefined });
}

/**
 * Creates a sub-account of a master (M1) or broker (B2) account. Names are unique across the whole
 * simulator (730101) and follow the 8-32 letters-and-digits rule (730601).
 *
 * @example
 * ```ts
 * createSubAccount(world, master, { name: 'strategy01', note: 'mm' }, clock.now());
 * ```
 */
export function createSubAccount(
  world: World,
  parent: Account,
  init: { readonly name: string; readonly note: string; readonly fundPassword?: string | undefined },
  now: number,
): Account {
  if (parent.kind !== 'master' && parent.kind !== 'broker') {
    throw new SimError(SIM_CODES.noAuthority, 'only master and broker accounts have sub-accounts', 401);
  }
  if (!SUB_ACCOUNT_NAME.test(init.name)) {
    throw new SimError(SIM_CODES.nameInvalid, 'sub-account name must be 8 to 32 letters and digits');
  }
  if (parent.kind === 'master' && subAccountsOf(world, parent).length >= world.limits.subAccountsPerMaster) {
    throw new SimError(SIM_CODES.subAccountLimit, `a master account holds at most ${world.limits.subAccountsPerMaster} sub-accounts`);
  }
  const kind: AccountKind = parent.kind === 'master' ? 'master-sub' : 'broker-sub';
  return addAccount(world, { name: init.name, kind, parentUid: parent.uid, note: init.note, createTime: now, fundPassword: init.fundPassword });
}

/**
 * The account with this name (any case) or uid, if any.
 *
 * @example
 * ```ts
 * findAccount(world, 'strategy01')?.uid;
 * ```
 */
export function findAccount(world: World, ref: string): Account | undefined {
  const uid = world.names.get(ref.toLowerCase()) ?? ref;
  return world.accounts.get(uid);
}

/**
 * The sub-accounts of `parent`, oldest first.
 *
 * @example
 * ```ts
 * subAccountsOf(world, master).map((s) => s.name);
 * ```
 */
export function subAccountsOf(world: World, parent: Account): readonly Account[] {
  return [...world.accounts.values()].filter((a) => a.parentUid === parent.uid);
}

/**
 * The sub-account of `parent` named (or numbered) `ref`; throws 140001 when `parent` has none such.
 *
 * @example
 * ```ts
 * const sub = subAccountOf(world, master, 'strategy01');
 * ```
 */
export function subAccountOf(world: World, parent: Account, ref: string): Account {
  const account = findAccount(world, ref);
  if (!account || account.parentUid !== parent.uid) throw unknownSubAccount(ref);
  return account;
}

/**
 * A transfer party: `parent` itself when `ref` is omitted or names it, else one of its sub-accounts.
 *
 * @example
 * ```ts
 * const from = partyOf(world, master, params.fromAccount);
 * ```
 */
export function partyOf(world: World, parent: Account, ref: string | undefined): Account {
  if (ref === undefined) return parent;
  const account = findAccount(world, ref);
  return account?.uid === parent.uid ? parent : subAccountOf(world, parent, ref);
}

/**
 * Creates an API key for `owner`.
 *
 * @example
 * ```ts
 * createApiKey(world, sub, { note: 'bot', permissions: ['SPOT_TRANSFER_READ'], ip: [] }, clock.now());
 * ```
 */
export function createApiKey(
  world: World,
  owner: Account,
  init: { readonly note: string; readonly permissions: readonly string[]; readonly ip: readonly string[] },
  now: number,
): ApiKeyRecord {
  if (apiKeysOf(world, owner).length >= world.limits.apiKeysPerAccount) {
    throw new SimError(SIM_CODES.apiKeyLimit, `an account holds at most ${world.limits.apiKeysPerAccount} API keys`);
  }
  const record: ApiKeyRecord = {
    apiKey: newApiKey(),
    secretKey: newSecretKey(),
    ownerUid: owner.uid,
    note: init.note,
    permissions: [...init.permissions],
    ip: [...init.ip],
    createTime: now,
  };
  world.apiKeys.set(record.apiKey, record);
  return record;
}

/**
 * The API keys of `owner`, oldest first.
 *
 * @example
 * ```ts
 * apiKeysOf(world, sub).length;
 * ```
 */
export function apiKeysOf(world: World, owner: Account): readonly ApiKeyRecord[] {
  return [...world.apiKeys.values()].filter((k) => k.ownerUid === owner.uid);
}

/**
 * Deletes `owner`'s key `apiKey`; throws 730706 when `owner` has no such key.
 *
 * @example
 * ```ts
 * deleteApiKey(world, sub, 'mx0v...');
 * ```
 */
export function deleteApiKey(world: World, owner: Account, apiKey: string): void {
  const record = world.apiKeys.get(apiKey);
  if (!record || record.ownerUid !== owner.uid) {
    throw new SimError(SIM_CODES.apiKeyUnknown, 'API key does not exist');
  }
  world.apiKeys.delete(apiKey);
}

/**
 * Throws 140002 when the account is frozen.
 *
 * @example
 * ```ts
 * requireActive(sub);
 * ```
 */
export function requireActive(account: Account): void {
  if (account.frozen) throw new SimError(SIM_CODES.subAccountForbidden, `sub-account is frozen: ${account.name}`);
}
