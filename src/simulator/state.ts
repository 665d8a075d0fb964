/**
 * The simulator's in-memory world: plain maps and arrays, and one event hook through which every
 * committed state change is announced (the websocket half subscribes to it). Amounts are `bigint`
 * units of `src/decimal/fixed.ts`.
 *
 * @module
 */
import { Subject } from 'rxjs';
import { KEY_LIFE_MS } from '../endpoints/listen-key.js';
import type { AccountType } from '../params/fields.js';
import type { DealEvent, OrderEvent, OrderStatus, Side } from '../stream/events.js';
import { withOverrides, type Overrides } from './overrides.js';

/** Who an account is: a root account (master, broker) or a sub-account of one. */
export type AccountKind = 'master' | 'broker' | 'master-sub' | 'broker-sub';

/** An account: a root account or a sub-account. */
export interface Account {
  readonly uid: string;
  /** Unique name (sub-account names: 8-32 letters and digits). */
  readonly name: string;
  readonly kind: AccountKind;
  /** Uid of the master or broker a sub-account belongs to. */
  readonly parentUid: string | undefined;
  readonly note: string;
  /** Creation time, epoch ms. */
  readonly createTime: number;
  frozen: boolean;
  futuresEnabled: boolean;
  /** Hex MD5 fund password set at creation (B2), if any. */
  readonly fundPassword: string | undefined;
}

/** An API key and what it may do. */
export interface ApiKeyRecord {
  readonly apiKey: string;
  readonly secretKey: string;
  readonly ownerUid: string;
  readonly note: string;
  readonly permissions: readonly string[];
  /** Whitelisted caller IPs; empty means any. */
  readonly ip: readonly string[];
  readonly createTime: number;
}

/** One balance line. */
export interface Balance {
  free: bigint;
  locked: bigint;
}

/** A committed universal transfer. */
export interface TransferRecord {
  readonly tranId: string;
  readonly clientTranId: string | undefined;
  /** The master or broker that made the call. */
  readonly initiatorUid: string;
  readonly fromUid: string;
  readonly toUid: string;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  readonly asset: string;
  readonly amount: bigint;
  readonly status: 'SUCCESS';
  readonly timestamp: number;
  /** Insertion order, for stable sorting. */
  readonly seq: number;
}

/** A deposit address of a sub-account. */
export interface DepositAddressRecord {
  readonly ownerUid: string;
  readonly coin: string;
  readonly network: string;
  readonly address: string;
  readonly memo: string;
  readonly createTime: number;
}

/** A deposit to a sub-account. */
export interface DepositRecordState {
  readonly ownerUid: string;
  readonly coin: string;
  readonly network: string;
  readonly amount: bigint;
  /** Status code (5 SUCCESS, ...; docs/service.md). */
  readonly status: number;
  readonly address: string;
  readonly addressTag: string;
  readonly txId: string;
  readonly unlockConfirm: number;
  readonly confirmTimes: string;
  /** When the deposit happened, epoch ms. */
  readonly insertTime: number;
  /** Whether it was credited to the SPOT balance. */
  readonly credited: boolean;
  readonly seq: number;
}

/** A withdrawal from a sub-account. */
export interface WithdrawalRecord {
  readonly id: string;
  readonly ownerUid: string;
  readonly coin: string;
  readonly network: string;
  readonly address: string;
  readonly amount: bigint;
  readonly remark: string | undefined;
  readonly time: number;
}

/** A rebate paid to a broker. */
export interface RebateRecordState {
  readonly brokerUid: string;
  readonly asset: string;
  readonly amount: bigint;
  readonly type: string;
  /** Uid of the user the rebate is for. */
  readonly uid: string;
  /** Start of the rebate's day (UTC), epoch ms. */
  readonly day: number;
  readonly seq: number;
}

/** A listen key. */
export interface ListenKeyRecord {
  readonly key: string;
  readonly uid: string;
  readonly createTime: number;
  expiresAt: number;
  closed: boolean;
}

/**
 * Why a balance changed: an admin credit, a universal transfer, a deposit, a withdrawal, or the
 * market driver (an order locking funds, a cancel unlocking them, a fill settling, its fee).
 */
export type BalanceChangeReason = 'fund' | 'transfer' | 'deposit' | 'withdraw' | 'order-place' | 'order-cancel' | 'trade' | 'trade-fee';

/** A spot order placed through the market driver. Amounts are units of `src/decimal/fixed.ts`. */
export interface SimOrder {
  /** Order id, `C02__` and digits. */
  readonly id: string;
  readonly uid: string;
  readonly symbol: string;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  readonly side: Side;
  readonly orderType: 'LIMIT';
  readonly price: bigint;
  readonly quantity: bigint;
  readonly clientOrderId: string | undefined;
  readonly createTime: number;
  /** Quantity filled so far. */
  filledQuantity: bigint;
  /** Quote amount filled so far. */
  filledAmount: bigint;
  status: OrderStatus;
  /** Time of the last change, epoch ms. */
  updateTime: number;
  /** What the order still holds frozen: quote for a buy, base for a sell. */
  locked: bigint;
}

/** A committed change of one balance line (the basis of the spot-account push message). */
export interface BalanceChangeEvent {
  readonly type: 'balance';
  readonly uid: string;
  readonly accountType: AccountType;
  readonly asset: string;
  /** Available balance after the change, decimal text. */
  readonly free: string;
  /** Change of the available balance, decimal text (negative for a debit). */
  readonly freeChange: string;
  /** Locked balance after the change, decimal text. */
  readonly locked: string;
  /** Change of the locked balance, decimal text. */
  readonly lockedChange: string;
  readonly reason: BalanceChangeReason;
  /** Epoch ms. */
  readonly time: number;
}

/** A listen key was created, extended or closed (expiry is not announced: check {@link ListenKeyRecord.expiresAt}). */
export interface ListenKeyEvent {
  readonly type: 'listenKey';
  readonly action: 'created' | 'extended' | 'closed';
  readonly key: string;
  readonly uid: string;
  readonly expiresAt: number;
  readonly time: number;
}

/** An order was placed, filled or canceled: the fields of the order push (spec 6.3), as decimal text. */
export type OrderChangeEvent = Omit<OrderEvent, 'type' | 'channel' | 'sendTime' | 'statusCode'> & {
  readonly type: 'order';
  readonly uid: string;
  /** When the change happened, epoch ms. */
  readonly time: number;
};

/** One fill of an order: the fields of the deal push (spec 6.2), as decimal text. */
export type TradeEvent = Omit<DealEvent, 'type' | 'channel' | 'sendTime'> & {
  readonly type: 'trade';
  readonly uid: string;
};

/** Everything the world announces. */
export type SimEvent = BalanceChangeEvent | ListenKeyEvent | OrderChangeEvent | TradeEvent;

/** Limits the service applies (docs/service.md, spec section 8). */
export interface SimLimits {
  /** Sub-accounts per master account. Default 30. */
  readonly subAccountsPerMaster: number;
  /** API keys per sub-account. Default 30. */
  readonly apiKeysPerAccount: number;
  /** Valid listen keys per uid. Default 60. */
  readonly listenKeysPerUid: number;
  /** Listen key validity after creation or keepalive, ms. Default 60 minutes. */
  readonly listenKeyValidityMs: number;
}

/** The default {@link SimLimits}. */
export const DEFAULT_LIMITS: SimLimits = {
  subAccountsPerMaster: 30,
  apiKeysPerAccount: 30,
  listenKeysPerUid: 60,
  listenKeyValidityMs: KEY_LIFE_MS,
};

/** All the simulator's state. */
export interface World {
  readonly accounts: Map<string, Account>;
  /** Lower-cased name to uid. */
  readonly names: Map<string, string>;
  readonly apiKeys: Map<string, ApiKeyRecord>;
  /** uid -> account type -> asset -> balance. */
  readonly balances: Map<string, Map<AccountType, Map<string, Balance>>>;
  readonly transfers: TransferRecord[];
  readonly depositAddresses: DepositAddressRecord[];
  readonly deposits: DepositRecordState[];
  readonly withdrawals: WithdrawalRecord[];
  readonly rebates: RebateRecordState[];
  readonly listenKeys: Map<string, ListenKeyRecord>;
  /** Orders of the market driver by id, oldest first. */
  readonly orders: Map<string, SimOrder>;
  /** Every committed change. */
  readonly events: Subject<SimEvent>;
  readonly limits: SimLimits;
  /** Next value of a sequence (uids, transfer ids, insertion order, order and trade numbers). */
  next(sequence: 'uid' | 'tranId' | 'seq' | 'order' | 'trade'): number;
}

/**
 * Makes an empty world.
 *
 * @example
 * ```ts
 * const world = createWorld();
 * world.events.subscribe((e) => console.log(e.type));
 * ```
 */
export function createWorld(limits: Overrides<SimLimits> = {}): World {
  const counters = { uid: 10_000_000, tranId: 11_945_860_000, seq: 0, order: 0, trade: 0 };
  return {
    accounts: new Map(),
    names: new Map(),
    apiKeys: new Map(),
    balances: new Map(),
    transfers: [],
    depositAddresses: [],
    deposits: [],
    withdrawals: [],
    rebates: [],
    listenKeys: new Map(),
    orders: new Map(),
    events: new Subject<SimEvent>(),
    limits: withOverrides(DEFAULT_LIMITS, limits),
    next(sequence) {
      counters[sequence] += 1;
      return counters[sequence];
    },
  };
}
