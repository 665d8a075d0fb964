/**
 * mexc-rx: a reactive client for MEXC Spot V3 sub-account, broker and user-data-stream APIs.
 * Every export is named here; nothing is re-exported wholesale. The groups, and who each is for,
 * are listed in docs/architecture.md ("The public surface"). Decimal helpers live in
 * `mexc-rx/decimal`, the simulator in `mexc-rx/simulator`, the JetStream bridge in `mexc-rx/nats`,
 * what a page's backend serves (the listen-key broker) in `mexc-rx/server`.
 *
 * @module
 */
export { createClient, DEFAULT_BASE_URL, DEFAULT_WS_URL, type ClientConfig } from './client/create-client.js';
export type { CallOptions, Client, ClientCloseResult } from './client/types.js';
export type { Redactor } from './redact.js';
export type { RetryOptions } from './http/retry-policy.js';
export { createRequestBudget } from './budget/request-budget.js';
export type { BudgetRequest, BudgetTicket, RequestBudget } from './budget/types.js';
export type { BudgetSettings, EndpointLimits, RequestBudgetOptions } from './budget/options.js';
export type { BudgetLaneState, BudgetSnapshot } from './budget/state.js';
export type { Pause, Refusal } from './budget/policy.js';
export type { FetchLike, HttpTransport } from './http/transport.js';
export type { CounterLike, HistogramLike, InstrumentOptions, MeterLike, MeterProviderLike, MetricAttributes, ObservableLike, ObservableResultLike } from './metrics/meter-types.js';
export { hmacSha256Signer, type Signer } from './http/sign.js';
export {
  ApiError,
  ClientClosedError,
  DecodeError,
  HttpError,
  isMexcError,
  MexcError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
  type ErrorContext,
  type RedirectHandling,
  type RequestTarget,
  type RestError,
  type ValidationIssue,
} from './errors.js';
export { UnsupportedRuntimeError, type RuntimeFeature } from './unsupported-runtime.js';
export { credentialsRefused, SERVICE_CODES } from './service-codes.js';
export type { OperationId } from './operation-id.js';
export type { CallRate, Endpoint } from './endpoints/endpoint.js';
export { endpointTable } from './endpoints/table.js';
export {
  MASTER_PERMISSIONS,
  BROKER_PERMISSIONS,
  MAX_RECV_WINDOW,
  type AccountType,
  type MasterPermission,
  type BrokerPermission,
} from './params/fields.js';
export type {
  CreateSubAccountParams,
  ListSubAccountsParams,
  CreateSubAccountApiKeyParams,
  ListSubAccountApiKeysParams,
  DeleteSubAccountApiKeyParams,
  UniversalTransferParams,
  ListUniversalTransfersParams,
  GetSubAccountAssetsParams,
} from './endpoints/master.js';
export type {
  BrokerListUniversalTransfersParams,
  BrokerCreateSubAccountParams,
  BrokerListSubAccountsParams,
  BrokerSubAccountParams,
  BrokerCreateSubAccountApiKeyParams,
  BrokerDeleteSubAccountApiKeyParams,
  BrokerCreateDepositAddressParams,
  BrokerListDepositAddressesParams,
  BrokerListDepositsParams,
  BrokerListAllDepositsParams,
  DepositFilter,
  BrokerWithdrawParams,
  BrokerUniversalTransferParams,
  BrokerListRebatesParams,
} from './endpoints/broker.js';
export type { NoParams, ListenKeyParams } from './endpoints/listen-key.js';
export type { ListOpenOrdersParams } from './endpoints/account.js';
export type { TransferHistoryParams, TransferParams, TransferParties } from './endpoints/shared-fields.js';
export {
  DEPOSIT_STATUS_NAMES,
  type Account,
  type AssetBalance,
  type BrokerSubAccount,
  type BrokerSubAccountStatus,
  type CreatedApiKey,
  type CreatedSubAccount,
  type DeletedApiKey,
  type DepositAddress,
  type DepositRecord,
  type DepositStatusName,
  type FuturesEnablement,
  type KnownOr,
  type ListenKey,
  type ListenKeyList,
  type OpenOrder,
  type OpenOrderStatus,
  type OrderSide,
  type Page,
  type RebateRecord,
  type RebateType,
  type RestOrderType,
  type SubAccount,
  type SubAccountApiKey,
  type TimeInForce,
  type TransferReceipt,
  type TransferStatus,
  type UniversalTransferRecord,
  type WithdrawalReceipt,
} from './codecs/results.js';
export {
  createSubAccount,
  listSubAccounts,
  createSubAccountApiKey,
  listSubAccountApiKeys,
  deleteSubAccountApiKey,
  universalTransfer,
  listUniversalTransfers,
  getSubAccountAssets,
} from './operations/master.js';
export {
  brokerListUniversalTransfers,
  brokerCreateSubAccount,
  brokerListSubAccounts,
  brokerGetSubAccountStatus,
  brokerCreateSubAccountApiKey,
  brokerListSubAccountApiKeys,
  brokerDeleteSubAccountApiKey,
  brokerCreateDepositAddress,
  brokerListDepositAddresses,
  brokerListDeposits,
  brokerListAllDeposits,
  brokerWithdraw,
  brokerUniversalTransfer,
  brokerEnableFutures,
  brokerListRebates,
} from './operations/broker.js';
export { createListenKey, listListenKeys, keepAliveListenKey, closeListenKey } from './operations/listen-key.js';
export { getAccount, listOpenOrders } from './operations/account.js';
export {
  userDataStream,
  StreamFatalError,
  type UserDataEvent,
  type UserDataStream,
  type UserDataStreamHealth,
  type UserDataStreamOptions,
} from './stream/user-data-stream.js';
export type { StreamHealth } from './stream/health.js';
export type { StreamHealthOptions } from './stream/health-tap.js';
export {
  clientListenKeySource,
  type FullListenKeySource,
  type ListenKeyProvider,
  type ListenKeySource,
} from './stream/listen-key-source.js';
export type {
  ConnectedEvent,
  ConnectionEndReason,
  DiagnosticCode,
  DiagnosticEvent,
  GapEvent,
  KeyReplacedEvent,
  LifecycleEvent,
  ReconnectingEvent,
  RolledOverEvent,
  StopReason,
  StoppedEvent,
} from './stream/lifecycle.js';
export { decodeFrame, type FrameData } from './stream/decode-frame.js';
export type { ControlFrame, EventFrame, FrameResult, MalformedFrame, UnknownFrame } from './stream/frame-result.js';
export type {
  ControlMessage,
  InvalidListenKeyNotice,
  OtherReply,
  PongReply,
  RefusedReply,
  ReplyFields,
  SubscriptionReply,
} from './stream/control.js';
export {
  streamStatus,
  type RepairSignal,
  type StreamStatus,
  type StreamStatusOptions,
} from './stream/status.js';
export type { BackoffOptions } from './stream/backoff.js';
export type { WebSocketFactory, WebSocketLike } from './stream/socket.js';
export type {
  AccountChangeType,
  AccountEvent,
  DealEvent,
  MarketEvent,
  OrderEvent,
  OrderStatus,
  OrderStatusCode,
  OrderType,
  Side,
} from './stream/events.js';
export {
  JSON_CHANNELS,
  PROTOBUF_CHANNELS,
  type JsonChannel,
  type PrivateChannel,
  type PrivateChannelKind,
  type ProtobufChannel,
} from './stream/channels.js';
export { reduceOrders, type ReduceOrdersOptions } from './operators/reduce-orders.js';
export type { RepairBackoffOptions } from './operators/repair.js';
export type { OrderBook, OrderBookJSON } from './operators/state/order-book.js';
export {
  isTerminalStatus,
  UNKNOWN_OUTCOME,
  type BookOrderStatus,
  type ConfirmedOrderState,
  type OrderSeed,
  type OrderState,
  type PlaceholderOrderState,
} from './operators/state/order-state.js';
export { balanceSnapshots, type BalanceSnapshotsOptions } from './operators/balance-snapshots.js';
export type { BalanceSnapshot, BalanceSnapshotJSON } from './operators/state/balance-book.js';
export { balancesFromJSON, orderBookFromJSON } from './operators/snapshot-json.js';
export { emptyBalances, emptyOrderBook, type EmptySnapshotOptions } from './operators/empty-snapshots.js';
export type { FreshnessJSON } from './operators/state/freshness-json.js';
export type { AssetBalanceState, BalanceSeed } from './operators/state/balance-state.js';
export {
  accountBalancesToSeeds,
  openOrdersToSeeds,
  openOrderToSeed,
  AVERAGE_PRICE_DIGITS,
  type OpenOrderSeeds,
} from './operators/account-seeds.js';
export type { Freshness, SnapshotCause } from './operators/refreshable.js';
export type { CoalesceOption, CoalesceOptions } from './operators/coalesce.js';
export {
  paginate,
  UNBOUNDED_PAGE_SIZE,
  type PagedList,
  type PaginateArgs,
  type PaginateOptions,
} from './operators/paginate.js';
export {
  newClientTranId,
  type TransferOptions,
  type TransferResult,
} from './operations/safe-transfer.js';
export { replaySession, type RecordedReplies, type ReplayOptions, type SessionReplay } from './recording/replay-session.js';
export { recordingFile } from './recording/recording-file.js';
export { recordingFileSink, type FileSink, type FileSinkOptions } from './recording/recording-file-sink.js';
export type { Recording } from './recording-hooks.js';
export { createRecorder, type Recorder, type RecorderDiagnostic, type RecorderOptions, type RecorderReport, type RecordingSink } from './recording/recorder.js';
export type { RecordingInput, RecordingLines } from './recording/recording-input.js';
export { RecordedRestError, RecordingFormatError } from './recording/recording-errors.js';
export {
  createRecordingWriter,
  encodeRecord,
  type FrameInput,
  type HeaderInput,
  type LifecycleInput,
  type OverflowInput,
  type RecordingWriter,
  type RecordingWriterOptions,
  type RestInput,
  type RestInputFields,
} from './recording/write-recording.js';
export { readRecording, readRecordingAsync, type RecordingItem } from './recording/read-recording.js';
export {
  RECORDING_FORMAT,
  type BinaryFrameRecord,
  type FrameRecord,
  type HeaderRecord,
  type LifecycleRecord,
  type OverflowRecord,
  type RecordedError,
  type RecordingDiagnostic,
  type RecordingDiagnosticCode,
  type RecordingRecord,
  type RestErrorRecord,
  type RestRecord,
  type RestReplyRecord,
  type SessionRecord,
  type TextFrameRecord,
} from './recording/format.js';
export { remoteListenKeys, type RemoteListenKeySource } from './remote/remote-listen-keys.js';
export { remoteRepairSources, type RemoteRepair, type RemoteRepairSources } from './remote/remote-repair-sources.js';
export type { PageLike, RemoteListenKeysOptions } from './remote/remote-settings.js';
export type { RemoteRepairSourcesOptions } from './remote/remote-repair-settings.js';
export { BrokerError } from './remote/broker-error.js';
export type { BrokerRefusalCode } from './remote/protocol.js';
export { toStore } from './store/to-store.js';
export type { SourceStatus, Store, StoreOptions, Unsubscribe } from './store/types.js';
export {
  userDataStreams,
  type AccountSet,
  type StreamsCloseResult,
  type UserDataStreams,
  type UserDataStreamsClose,
  type UserDataStreamsHealth,
  type UserDataStreamsOptions,
} from './scale/user-data-streams.js';
export type { StreamsHealth, StreamsHealthOptions } from './scale/streams-health.js';
export {
  isMarketEvent,
  isUserDataEvent,
  type AccountStoppedEvent,
  type AccountStopReason,
  type AccountUserDataEvent,
  type ScaleEvent,
  type TaggedEvent,
} from './scale/tagged-event.js';
export { perAccount, perAccountWith, type AccountValue } from './scale/per-account.js';
export {
  pollSubAccountBalances,
  type BalanceReadFailure,
  type BalanceReading,
  type PollBalancesOptions,
} from './scale/balance-rounds.js';
