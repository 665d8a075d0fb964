/**
 * The in-process admin interface tests use to arrange and inspect the simulator's state: fund
 * accounts, seed deposits and rebates, freeze accounts, make extra accounts and keys, pose as
 * another caller IP, and read balances, transfers and withdrawals.
 *
 * @module
 */
import { filter, type Observable } from 'rxjs';
import { BROKER_PERMISSIONS, MASTER_PERMISSIONS, type AccountType } from '../params/fields.js';
import { createApiKey, createRootAccount, createSubAccount, findAccount } from './accounts.js';
import { addDeposit, type DepositInput } from './capital.js';
import type { SimClock } from './clock.js';
import { decimal, formatDecimal } from '../decimal/fixed.js';
import { balancesOf, credit, freeBalance, totals, type BalanceView } from './ledger.js';
import { listenKeyOwner } from './listen-keys.js';
import { orderView, type OrderView } from './market/order-view.js';
import type { IpBans } from './ip-ban.js';
import type { RateLimiter } from './rate-limit.js';
import { addRebate, type RebateInput } from './rebates.js';
import type { Account, AccountKind, BalanceChangeEvent, ListenKeyRecord, World } from './state.js';

/** An account and the API key to act as it. */
export interface SimCredentials {
  readonly uid: string;
  readonly name: string;
  readonly apiKey: string;
  readonly secretKey: string;
}

/** An account as the admin interface shows it. */
export interface AccountView {
  readonly uid: string;
  readonly name: string;
  readonly kind: AccountKind;
  readonly parentUid: string | undefined;
  readonly note: string;
  readonly createTime: number;
  readonly frozen: boolean;
  readonly futuresEnabled: boolean;
}

/** A transfer as the admin interface shows it (parties by uid). */
export interface TransferView {
  readonly tranId: string;
  readonly clientTranId: string | undefined;
  readonly initiatorUid: string;
  readonly fromUid: string;
  readonly toUid: string;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  readonly asset: string;
  readonly amount: string;
  readonly timestamp: number;
}

/** A withdrawal as the admin interface shows it. */
export interface WithdrawalView {
  readonly id: string;
  readonly ownerUid: string;
  readonly coin: string;
  readonly network: string;
  readonly address: string;
  readonly amount: string;
  readonly time: number;
}

/** A listen key as the admin interface shows it. */
export interface ListenKeyView {
  readonly key: string;
  readonly uid: string;
  readonly createTime: number;
  /** When it expires (or expired) without a keepalive, epoch ms. */
  readonly expiresAt: number;
  /** Whether it was DELETEd. */
  readonly closed: boolean;
  /** Whether it is valid now (not closed, not expired). */
  readonly valid: boolean;
}

/** Options of a new API key made through the admin interface. */
export interface AdminKeyOptions {
  /** Default: every permission the account kind can hold. */
  readonly permissions?: readonly string[];
  /** Default: none (any IP). */
  readonly ip?: readonly string[];
  readonly note?: string;
}

/** The admin interface. Accounts are named by uid or name; an unknown one throws an Error. */
export interface SimAdmin {
  /** Credits `amount` (positive decimal text) of `asset` to `account` (an external inflow, like a deposit). */
  fund(account: string, asset: string, amount: string, accountType?: AccountType): void;
  /** The balance lines of `account`, optionally of one account type. */
  balances(account: string, accountType?: AccountType): readonly BalanceView[];
  /** The available quantity of one line, decimal text (`'0'` when never held). */
  balance(account: string, asset: string, accountType?: AccountType): string;
  /** The sum of each asset over every account and type, decimal text. */
  totals(): ReadonlyMap<string, string>;
  /** The account named (or numbered) `ref`, or `undefined`. */
  accountOf(ref: string): AccountView | undefined;
  /** Every account. */
  accounts(): readonly AccountView[];
  /** Creates a root account (a further master or broker) with a full-permission key and optional SPOT balances. */
  createAccount(kind: 'master' | 'broker', name: string, balances?: Readonly<Record<string, string>>): SimCredentials;
  /** Creates a sub-account of a master or broker directly (as M1/B2 would). */
  createSubAccount(parent: string, name: string, note?: string): AccountView;
  /** Creates an API key for any account. */
  createApiKey(account: string, options?: AdminKeyOptions): SimCredentials;
  /** Freezes (or unfreezes) an account. */
  freeze(account: string, frozen?: boolean): void;
  /** Records a deposit to a sub-account (crediting SPOT when its status is SUCCESS/COMPLETED). */
  addDeposit(subAccount: string, record: DepositInput): void;
  /** Records a rebate for a broker (default: the simulator's broker). */
  addRebate(record: RebateInput & { readonly broker?: string }): void;
  /** Every committed transfer, oldest first. */
  transfers(): readonly TransferView[];
  /** Every withdrawal, oldest first. */
  withdrawals(): readonly WithdrawalView[];
  /** Poses every caller as coming from `ip` (`undefined`: their real address). */
  setClientIp(ip: string | undefined): void;
  /** The uid a listen key belongs to while valid (for the websocket half). */
  listenKeyOwner(key: string): string | undefined;
  /** A listen key, valid or not, while the simulator remembers it (expired keys are forgotten when new ones are made). */
  listenKey(key: string): ListenKeyView | undefined;
  /** The listen keys of an account, valid or not, oldest first. */
  listenKeys(account: string): readonly ListenKeyView[];
  /** The market driver's orders (of one account when given), oldest first: the simulator's own view. */
  orders(account?: string): readonly OrderView[];
  /** Balance changes of one account, as they are committed. */
  balanceChanges(account: string): Observable<BalanceChangeEvent>;
  /** Forgets all rate-limit counts, and lifts every IP ban (forgetting their levels). */
  resetRateLimits(): void;
}

/** What the admin interface works on. */
export interface AdminDeps {
  readonly world: World;
  readonly clock: SimClock;
  readonly rateLimiter: RateLimiter;
  readonly ipBans: IpBans;
  readonly setClientIp: (ip: string | undefined) => void;
  /** Uid of the default broker (for `addRebate`). */
  readonly brokerUid: () => string;
}

const view = (a: Account): AccountView => ({
  uid: a.uid,
  name: a.name,
  kind: a.kind,
  parentUid: a.parentUid,
  note: a.note,
  createTime: a.createTime,
  frozen: a.frozen,
  futuresEnabled: a.futuresEnabled,
});

const keyView = (k: ListenKeyRecord, now: number): ListenKeyView => ({
  key: k.key,
  uid: k.uid,
  createTime: k.createTime,
  expiresAt: k.expiresAt,
  closed: k.closed,
  valid: !k.closed && now < k.expiresAt,
});

const transferView = (t: World['transfers'][number]): TransferView => ({
  tranId: t.tranId,
  clientTranId: t.clientTranId,
  initiatorUid: t.initiatorUid,
  fromUid: t.fromUid,
  toUid: t.toUid,
  fromAccountType: t.fromAccountType,
  toAccountType: t.toAccountType,
  asset: t.asset,
  amount: formatDecimal(t.amount),
  timestamp: t.timestamp,
});

const withdrawalView = (w: World['withdrawals'][number]): WithdrawalView => ({
  id: w.id,
  ownerUid: w.ownerUid,
  coin: w.coin,
  network: w.network,
  address: w.address,
  amount: formatDecimal(w.amount),
  time: w.time,
});

/**
 * Every permission an account of `kind` can hold.
 *
 * @example
 * ```ts
 * allPermissions('broker').includes('SPOT_DEPOSIT_WRITE'); // true
 * ```
 */
export function allPermissions(kind: AccountKind): readonly string[] {
  return kind === 'broker' || kind === 'broker-sub' ? BROKER_PERMISSIONS : MASTER_PERMISSIONS;
}

/**
 * Makes the admin interface.
 *
 * @example
 * ```ts
 * const admin = createAdmin({ world, clock, rateLimiter, ipBans, setClientIp, brokerUid: () => broker.uid });
 * admin.fund('simmaster', 'ETH', '5');
 * ```
 */
export function createAdmin(deps: AdminDeps): SimAdmin {
  const { world, clock } = deps;
  const account = (ref: string): Account => {
    const found = findAccount(world, ref);
    if (!found) throw new Error(`no such account: ${ref}`);
    return found;
  };
  const keyFor = (a: Account, options: AdminKeyOptions = {}): SimCredentials => {
    const key = createApiKey(
      world,
      a,
      { note: options.note ?? 'admin', permissions: options.permissions ?? allPermissions(a.kind), ip: options.ip ?? [] },
      clock.now(),
    );
    return { uid: a.uid, name: a.name, apiKey: key.apiKey, secretKey: key.secretKey };
  };
  const fund = (ref: string, asset: string, amount: string, accountType: AccountType = 'SPOT'): void => {
    const units = decimal(amount);
    if (units <= 0n) throw new RangeError('fund takes a positive amount');
    credit(world, { uid: account(ref).uid, accountType, asset, amount: units, reason: 'fund', time: clock.now() });
  };
  return {
    fund,
    balances: (ref, accountType) => balancesOf(world, account(ref).uid, accountType),
    balance: (ref, asset, accountType = 'SPOT') => formatDecimal(freeBalance(world, account(ref).uid, accountType, asset)),
    totals: () => totals(world),
    accountOf: (ref) => {
      const found = findAccount(world, ref);
      return found && view(found);
    },
    accounts: () => [...world.accounts.values()].map(view),
    createAccount(kind, name, balances = {}) {
      const created = createRootAccount(world, kind, name, clock.now());
      for (const [asset, amount] of Object.entries(balances)) fund(created.uid, asset, amount);
      return keyFor(created);
    },
    createSubAccount: (parent, name, note = '') => view(createSubAccount(world, account(parent), { name, note }, clock.now())),
    createApiKey: (ref, options) => keyFor(account(ref), options),
    freeze(ref, frozen = true) {
      account(ref).frozen = frozen;
    },
    addDeposit(ref, record) {
      addDeposit(world, account(ref), record, clock.now());
    },
    addRebate({ broker, ...record }) {
      addRebate(world, broker === undefined ? deps.brokerUid() : account(broker).uid, record, clock.now());
    },
    transfers: () => world.transfers.map(transferView),
    withdrawals: () => world.withdrawals.map(withdrawalView),
    setClientIp: deps.setClientIp,
    listenKeyOwner: (key) => listenKeyOwner(world, key, clock.now()),
    listenKey(key) {
      const record = world.listenKeys.get(key);
      return record && keyView(record, clock.now());
    },
    listenKeys(ref) {
      const uid = account(ref).uid;
      const now = clock.now();
      return [...world.listenKeys.values()].filter((k) => k.uid === uid).map((k) => keyView(k, now));
    },
    orders(ref) {
      const uid = ref === undefined ? undefined : account(ref).uid;
      return [...world.orders.values()].filter((o) => uid === undefined || o.uid === uid).map(orderView);
    },
    balanceChanges(ref) {
      const uid = account(ref).uid;
      return world.events.pipe(filter((e): e is BalanceChangeEvent => e.type === 'balance' && e.uid === uid));
    },
    resetRateLimits: () => {
      deps.rateLimiter.reset();
      deps.ipBans.reset();
    },
  };
}
