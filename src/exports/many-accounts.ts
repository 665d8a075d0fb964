/**
 * The many-accounts group of the root entry: many sub-accounts' streams in one process, their
 * health, the tagged events, and polled balances. For brokers.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export {
  userDataStreams,
  type AccountSet,
  type StreamsCloseResult,
  type UserDataStreams,
  type UserDataStreamsClose,
  type UserDataStreamsHealth,
  type UserDataStreamsOptions,
} from '../scale/user-data-streams.js';
export type { StreamsHealth, StreamsHealthOptions } from '../scale/streams-health.js';
export {
  isMarketEvent,
  isUserDataEvent,
  type AccountStoppedEvent,
  type AccountStopReason,
  type AccountUserDataEvent,
  type ScaleEvent,
  type TaggedEvent,
} from '../scale/tagged-event.js';
export { perAccount, perAccountWith, type AccountValue } from '../scale/per-account.js';
export {
  pollSubAccountBalances,
  type BalanceReadFailure,
  type BalanceReading,
  type PollBalancesOptions,
} from '../scale/balance-rounds.js';
