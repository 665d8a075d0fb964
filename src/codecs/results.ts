/**
 * The normalized result types: one clean, consistently named shape per resource, whatever spelling
 * the service used. Decimals stay strings (no float rounding of money); times are epoch ms numbers.
 *
 * @module
 */
import type { AccountType } from '../params/fields.js';

/** A value the service documents, or another it may start sending: the type admits both. */
export type KnownOr<K extends string> = K | (string & Record<never, never>);

/** A sub-account as created by M1 or B2. */
export interface CreatedSubAccount {
  readonly subAccount: string;
  readonly note: string;
}

/** A master account's sub-account (M2, spec 2.1). */
export interface SubAccount {
  readonly subAccount: string;
  readonly uid: string;
  readonly isFreeze: boolean;
  /** Creation time, epoch ms. */
  readonly createTime: number;
}

/** A broker's sub-account (B2, B3, spec 2.5). */
export interface BrokerSubAccount {
  readonly subAccount: string;
  readonly note: string;
  /** Creation time, epoch ms (the service's `timestamp`). */
  readonly createTime: number;
}

/** An API key of a sub-account, as listed (M4, B6). */
export interface SubAccountApiKey {
  readonly apiKey: string;
  readonly note: string;
  /** Permission names (brokers' keys may hold names beyond spec 2.2). */
  readonly permissions: readonly string[];
  /** Bound IP addresses; empty when the key is not bound. */
  readonly ip: readonly string[];
  /** Creation time, epoch ms (`creatTime` or `createTime` on the wire). */
  readonly createTime: number;
}

/** A freshly created API key, with its secret (M3, B5). The secret is returned this once only. */
export interface CreatedApiKey extends SubAccountApiKey {
  readonly subAccount: string;
  readonly secretKey: string;
}

/** Result of deleting an API key (M5, B7). */
export interface DeletedApiKey {
  readonly subAccount: string;
}

/** Literal transfer states (docs/service.md). */
export type TransferStatus = KnownOr<'SUCCESS' | 'FAILED' | 'WAIT'>;

/** Result of a universal transfer (M6, B13). */
export interface TransferReceipt {
  readonly tranId: string;
}

/** A universal transfer record (M7, B1, spec 2.3). */
export interface UniversalTransferRecord {
  readonly tranId: string;
  readonly clientTranId: string | undefined;
  readonly fromAccount: string | undefined;
  readonly toAccount: string | undefined;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  readonly fromSymbol: string | undefined;
  readonly toSymbol: string | undefined;
  readonly asset: string;
  /** Decimal text. */
  readonly amount: string;
  readonly status: TransferStatus;
  /** Transfer time, epoch ms. */
  readonly timestamp: number;
}

/** One asset balance of a sub-account (M8, spec 2.4). */
export interface AssetBalance {
  readonly asset: string;
  /** Available quantity, signed decimal text (normally 0 or more; passed on as the service sent it). */
  readonly free: string;
  /** Locked quantity, signed decimal text (normally 0 or more; the service has reported negative frozen amounts). */
  readonly locked: string;
}

/** A page of a list operation. */
export interface Page<T> {
  readonly items: readonly T[];
  /** Total number of records, when the service says. */
  readonly total: number | undefined;
  /** Number of this page, when the service says. */
  readonly page: number | undefined;
  /** Number of pages, when the service says. */
  readonly totalPages: number | undefined;
}

/** A broker sub-account's status (B4): `1` normal, `2` frozen on the wire. */
export interface BrokerSubAccountStatus {
  readonly status: 'normal' | 'frozen';
}

/** A deposit address (B8, B9, spec 2.7). */
export interface DepositAddress {
  readonly address: string;
  readonly coin: string;
  readonly network: string;
  /** Memo or tag; `undefined` when the network uses none (the service sends an empty string). */
  readonly memo: string | undefined;
}

/** Deposit status names by code (docs/service.md). */
export const DEPOSIT_STATUS_NAMES = {
  1: 'SMALL',
  2: 'TIME_DELAY',
  3: 'LARGE_DELAY',
  4: 'PENDING',
  5: 'SUCCESS',
  6: 'AUDITING',
  7: 'REJECTED',
  8: 'REFUND',
  9: 'PRE_SUCCESS',
  10: 'INVALID',
  11: 'RESTRICTED',
  12: 'COMPLETED',
} as const;

/** A deposit status name. */
export type DepositStatusName = (typeof DEPOSIT_STATUS_NAMES)[keyof typeof DEPOSIT_STATUS_NAMES];

/** A deposit record (B10, B11, spec 2.8). */
export interface DepositRecord {
  /** Decimal text. */
  readonly amount: string;
  readonly coin: string;
  readonly network: string;
  /** Status code as sent. */
  readonly status: number;
  /** Name of the status code, `undefined` for a code docs/service.md does not list. */
  readonly statusName: DepositStatusName | undefined;
  readonly address: string;
  /** Address tag; absent in B11's listing. */
  readonly addressTag: string | undefined;
  readonly txId: string;
  /** Confirmations needed to unlock. */
  readonly unlockConfirm: number | undefined;
  /** Confirmation progress as sent. */
  readonly confirmTimes: string | undefined;
}

/** Result of a withdrawal (B12). */
export interface WithdrawalReceipt {
  readonly id: string;
}

/** A sub-account's futures state (B14). */
export interface FuturesEnablement {
  readonly subAccount: string;
  readonly isFuturesEnabled: boolean;
  /** Time of the change, epoch ms, when sent. */
  readonly timestamp: number | undefined;
}

/** Rebate types (`spot`, or futures, docs/service.md). */
export type RebateType = KnownOr<'spot' | 'futures' | 'contract'>;

/** A rebate record (B15, spec 2.10). */
export interface RebateRecord {
  readonly asset: string;
  /** Decimal text. */
  readonly amount: string;
  readonly type: RebateType;
  readonly uid: string;
  /** Rebate date as the service sends it: eight digits, `YYYYMMDD`. */
  readonly date: string;
}

/** A listen key (L1, L3, L4). */
export interface ListenKey {
  readonly listenKey: string;
}

/** The valid listen keys of the account (L2). */
export interface ListenKeyList {
  /** Number of valid keys. */
  readonly total: number;
  /** Number of keys that can still be created. */
  readonly available: number;
  readonly listenKeys: readonly string[];
}

/** The account's balances and what it may do (A1 `getAccount`, docs/service.md "Account reads"). */
export interface Account {
  readonly canTrade: boolean;
  readonly canWithdraw: boolean;
  readonly canDeposit: boolean;
  /** Time of the account's last update, epoch ms; `undefined` when the service sends `null`. */
  readonly updateTime: number | undefined;
  /** `SPOT` for a spot account. */
  readonly accountType: KnownOr<'SPOT'>;
  /** One entry per asset: `free` available, `locked` frozen (in orders). An asset not listed holds nothing. */
  readonly balances: readonly AssetBalance[];
  /** What the account may trade, e.g. `['SPOT']`. */
  readonly permissions: readonly KnownOr<'SPOT'>[];
}

/** Order statuses the REST interface documents. */
export type OpenOrderStatus = KnownOr<'NEW' | 'FILLED' | 'PARTIALLY_FILLED' | 'CANCELED' | 'PARTIALLY_CANCELED'>;

/** Order types the REST interface documents (the stream names three of them otherwise: `POST_ONLY`, `IOC`, `FOK`). */
export type RestOrderType = KnownOr<'LIMIT' | 'MARKET' | 'LIMIT_MAKER' | 'IMMEDIATE_OR_CANCEL' | 'FILL_OR_KILL'>;

/** An order's side. */
export type OrderSide = KnownOr<'BUY' | 'SELL'>;

/** How long an order stays open. */
export type TimeInForce = KnownOr<'GTC' | 'IOC' | 'FOK'>;

/** An open order of the account (A2 `listOpenOrders`). Decimals are text, times epoch ms. */
export interface OpenOrder {
  /** Trading pair, e.g. `BTCUSDT`. */
  readonly symbol: string;
  /** Order id (a bare number on the wire keeps every digit). */
  readonly orderId: string;
  /** `-1` when the order is in no order list; `undefined` when not sent. */
  readonly orderListId: number | undefined;
  /** Your id of the order; `undefined` when it has none (the service may send `""` or `null`). */
  readonly clientOrderId: string | undefined;
  readonly price: string;
  /** Quantity ordered. */
  readonly origQty: string;
  /** Quantity filled so far. */
  readonly executedQty: string;
  /** Quote amount filled so far (the service spells it `cummulativeQuoteQty`). */
  readonly cumulativeQuoteQty: string;
  readonly status: OpenOrderStatus;
  readonly timeInForce: TimeInForce | undefined;
  readonly type: RestOrderType;
  readonly side: OrderSide;
  readonly stopPrice: string | undefined;
  readonly icebergQty: string | undefined;
  /** Creation time, epoch ms. */
  readonly time: number;
  /** Time of the last change, epoch ms, when sent. */
  readonly updateTime: number | undefined;
  readonly isWorking: boolean | undefined;
  /** Quote quantity ordered (market orders by amount), when sent. */
  readonly origQuoteOrderQty: string | undefined;
}
