/**
 * The state operators group of the root entry: the order book and the balances built from the
 * stream or from pages, their snapshots as data, the account reads as seeds, and `paginate`. For
 * UIs and books.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export { reduceOrders, type ReduceOrdersOptions } from '../operators/reduce-orders.js';
export type { RepairBackoffOptions } from '../operators/repair.js';
export type { OrderBook, OrderBookJSON } from '../operators/state/order-book.js';
export {
  isTerminalStatus,
  UNKNOWN_OUTCOME,
  type BookOrderStatus,
  type ConfirmedOrderState,
  type OrderSeed,
  type OrderState,
  type PlaceholderOrderState,
} from '../operators/state/order-state.js';
export { balanceSnapshots, type BalanceSnapshotsOptions } from '../operators/balance-snapshots.js';
export type { BalanceSnapshot, BalanceSnapshotJSON } from '../operators/state/balance-book.js';
export { balancesFromJSON, orderBookFromJSON } from '../operators/snapshot-json.js';
export { emptyBalances, emptyOrderBook, type EmptySnapshotOptions } from '../operators/empty-snapshots.js';
export type { FreshnessJSON } from '../operators/state/freshness-json.js';
export type { AssetBalanceState, BalanceSeed } from '../operators/state/balance-state.js';
export {
  accountBalancesToSeeds,
  openOrdersToSeeds,
  openOrderToSeed,
  AVERAGE_PRICE_DIGITS,
  type OpenOrderSeeds,
} from '../operators/account-seeds.js';
export type { Freshness, SnapshotCause } from '../operators/refreshable.js';
export type { CoalesceOption, CoalesceOptions } from '../operators/coalesce.js';
export {
  paginate,
  UNBOUNDED_PAGE_SIZE,
  type PagedList,
  type PaginateArgs,
  type PaginateOptions,
} from '../operators/paginate.js';
