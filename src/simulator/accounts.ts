/**
 * Accounts and their API keys: root accounts (master, broker), sub-accounts of each, lookup by
 * name or uid, freezing, and key creation and deletion.
 *
 * A reference to an account is a uid when it is all digits, a name otherwise: uids are generated
 * as digits, and a name must hold a letter (730601), so no name can ever read as a uid. Names are
 * unique across the whole simulator (730101), so a reference names exactly one account, and the
 * operations only look among the caller's own accounts (140001 for anyone else's).
 *
 * @module
 */
import { SIM_CODES, SimError, unknownSubAccount } from './errors.js';
import { newApiKey, newSecretKey } from './ids.js';
import type { Account, AccountKind, ApiKeyRecord, World } from './state.js';

/** Name rule of sub-accounts (docs/service.md: 8-32 letters and digits, else 730601). */
export const SUB_ACCOUNT_NAME = /^[A-Za-z0-9]{8,32}$/;

/** What a uid looks like: digits only. A reference of this form is a uid, never a name. */
const UID_FORM = /^\d+$/;

function addAccount(world: World, init: Omit<Account, 'uid' | 'frozen' | 'futuresEnabled'>): Account {
  if (UID_FORM.test(init.name)) {
    throw new SimError(SIM_CODES.nameInvalid, 'an account name must hold a letter: a name of digits only would read as a uid');
  }
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
 * simulator (730101) and follow the 8-32 letters-and-digits rule with at least one letter (730601).
 * A fund password (hex MD5) is kept in lowercase.
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
  const fundPassword = init.fundPassword?.toLowerCase();
  return addAccount(world, { name: init.name, kind, parentUid: parent.uid, note: init.note, createTime: now, fundPassword });
}

/**
 * The account `ref` names, if any: a uid when `ref` is all digits, else a name (any case).
 *
 * @example
 * ```ts
 * findAccount(world, 'strategy01')?.uid;
 * findAccount(world, '10000003')?.name;
 * ```
 */
export function findAccount(world: World, ref: string): Account | undefined {
  const uid = UID_FORM.test(ref) ? ref : world.names.get(ref.toLowerCase());
  return uid === undefined ? undefined : world.accounts.get(uid);
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
    throw new SimError(SIM_CODES.tooManyApiKeys, `an account holds at most ${world.limits.apiKeysPerAccount} API keys`);
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
 * Throws 700007 (so nothing is created) unless the signing key holds every permission it asks to
 * grant (M3, B5): no key makes a key stronger than itself.
 *
 * @example
 * ```ts
 * requireGrantable(ctx.key, ['SPOT_TRANSFER_READ', 'SPOT_WITHDRAW_WRITE']);
 * ```
 */
export function requireGrantable(grantor: ApiKeyRecord, requested: readonly string[]): void {
  const missing = requested.filter((permission) => !grantor.permissions.includes(permission));
  if (missing.length > 0) {
    throw new SimError(SIM_CODES.noPermission, `No permission to grant ${missing.join(',')}: the signing key does not hold it`, 403);
  }
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
