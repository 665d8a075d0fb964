/**
 * mexc-rx: a reactive client for MEXC Spot V3 sub-account, broker and user-data-stream APIs.
 * Every export is named here, group by group; nothing is re-exported wholesale. Each group's
 * names come from its module in `src/exports/` (which names where each comes from), in the groups
 * docs/architecture.md lists ("The public surface"), with who each is for: a new public name goes
 * into its group's module and here (test/scripts/root-entry.test.ts fails on a name in one and
 * not the other). Decimal helpers live in `mexc-rx/decimal`, the simulator in
 * `mexc-rx/simulator`, the JetStream bridge in `mexc-rx/nats`, what a page's backend serves (the
 * listen-key broker) in `mexc-rx/server`.
 *
 * @module
 */
// client: one client per API key, its transport, signer and retries, the request budget (everyone)
export {
  createClient, createRequestBudget, DEFAULT_BASE_URL, DEFAULT_WS_URL, hmacSha256Signer,
} from './exports/client.js';
export type {
  BudgetLaneState, BudgetRequest, BudgetSettings, BudgetSnapshot, BudgetTicket, CallOptions, Client,
  ClientCloseResult, ClientConfig, EndpointLimits, FetchLike, HttpTransport, Pause, Redactor, Refusal,
  RequestBudget, RequestBudgetOptions, RetryOptions, Signer,
} from './exports/client.js';

// operations: the REST operations, their parameters and results, transfers that never run twice
export {
  BROKER_PERMISSIONS, brokerCreateDepositAddress, brokerCreateSubAccount, brokerCreateSubAccountApiKey,
  brokerDeleteSubAccountApiKey, brokerEnableFutures, brokerGetSubAccountStatus, brokerListAllDeposits,
  brokerListDepositAddresses, brokerListDeposits, brokerListRebates, brokerListSubAccountApiKeys,
  brokerListSubAccounts, brokerListUniversalTransfers, brokerUniversalTransfer, brokerWithdraw,
  closeListenKey, createListenKey, createSubAccount, createSubAccountApiKey, deleteSubAccountApiKey,
  DEPOSIT_STATUS_NAMES, getAccount, getSubAccountAssets, keepAliveListenKey, listListenKeys, listOpenOrders,
  listSubAccountApiKeys, listSubAccounts, listUniversalTransfers, MASTER_PERMISSIONS, MAX_RECV_WINDOW,
  newClientTranId, universalTransfer,
} from './exports/operations.js';
export type {
  Account, AccountType, AssetBalance, BrokerCreateDepositAddressParams, BrokerCreateSubAccountApiKeyParams,
  BrokerCreateSubAccountParams, BrokerDeleteSubAccountApiKeyParams, BrokerListAllDepositsParams,
  BrokerListDepositAddressesParams, BrokerListDepositsParams, BrokerListRebatesParams,
  BrokerListSubAccountsParams, BrokerListUniversalTransfersParams, BrokerPermission, BrokerSubAccount,
  BrokerSubAccountParams, BrokerSubAccountStatus, BrokerUniversalTransferParams, BrokerWithdrawParams,
  CreatedApiKey, CreatedSubAccount, CreateSubAccountApiKeyParams, CreateSubAccountParams, DeletedApiKey,
  DeleteSubAccountApiKeyParams, DepositAddress, DepositFilter, DepositRecord, DepositStatusName,
  FuturesEnablement, GetSubAccountAssetsParams, KnownOr, ListenKey, ListenKeyList, ListenKeyParams,
  ListOpenOrdersParams, ListSubAccountApiKeysParams, ListSubAccountsParams, ListUniversalTransfersParams,
  MasterPermission, NoParams, OpenOrder, OpenOrderStatus, OrderSide, Page, RebateRecord, RebateType,
  RestOrderType, SubAccount, SubAccountApiKey, TimeInForce, TransferHistoryParams, TransferOptions,
  TransferParams, TransferParties, TransferReceipt, TransferResult, TransferStatus, UniversalTransferParams,
  UniversalTransferRecord, WithdrawalReceipt,
} from './exports/operations.js';

// errors: MexcError and its classes, the service codes (everyone handling failures)
export {
  ApiError, ClientClosedError, credentialsRefused, DecodeError, HttpError, isMexcError, MexcError,
  NetworkError, RateLimitedError, SERVICE_CODES, TimeoutError, TransferNotCompletedError, UnknownOutcomeError,
  UnsupportedRuntimeError, ValidationError,
} from './exports/errors.js';
export type {
  ErrorContext, NotCompletedStatus, RedirectHandling, RequestTarget, RestError, RuntimeFeature, ValidationIssue,
} from './exports/errors.js';

// endpoint-table: the raw table (tools built over every operation)
export { endpointTable } from './exports/endpoint-table.js';
export type { CallRate, Endpoint, OperationId } from './exports/endpoint-table.js';

// stream: the user data stream, its events, health and listen-key sources
export {
  clientListenKeySource, JSON_CHANNELS, PROTOBUF_CHANNELS, StreamFatalError, userDataStream,
} from './exports/stream.js';
export type {
  AccountChangeType, AccountEvent, BackoffOptions, ConnectedEvent, ConnectionEndReason, DealEvent,
  DiagnosticCode, DiagnosticEvent, FullListenKeySource, GapEvent, JsonChannel, KeyReplacedEvent,
  LifecycleEvent, ListenKeyProvider, ListenKeySource, MarketEvent, OrderEvent, OrderStatus, OrderStatusCode,
  OrderType, PrivateChannel, PrivateChannelKind, ProtobufChannel, ReconnectingEvent, RolledOverEvent, Side,
  StoppedEvent, StopReason, StreamHealth, StreamHealthOptions, UserDataEvent, UserDataStream,
  UserDataStreamHealth, UserDataStreamOptions, WebSocketFactory, WebSocketLike,
} from './exports/stream.js';

// state-operators: order books and balances from the stream or from pages, as data and as seeds
export {
  accountBalancesToSeeds, AVERAGE_PRICE_DIGITS, balancesFromJSON, balanceSnapshots, emptyBalances,
  emptyOrderBook, isTerminalStatus, openOrdersToSeeds, openOrderToSeed, orderBookFromJSON, paginate,
  reduceOrders, UNBOUNDED_PAGE_SIZE, UNKNOWN_OUTCOME,
} from './exports/state-operators.js';
export type {
  AssetBalanceState, BalanceSeed, BalanceSnapshot, BalanceSnapshotJSON, BalanceSnapshotsOptions,
  BookOrderStatus, CoalesceOption, CoalesceOptions, ConfirmedOrderState, EmptySnapshotOptions, Freshness,
  FreshnessJSON, OpenOrderSeeds, OrderBook, OrderBookJSON, OrderSeed, OrderState, PagedList, PaginateArgs,
  PaginateOptions, PlaceholderOrderState, ReduceOrdersOptions, RepairBackoffOptions, SnapshotCause,
} from './exports/state-operators.js';

// recordings: recorder, replay, the recording format; the frame decoder
export {
  createRecorder, createRecordingWriter, decodeFrame, encodeRecord, readRecording, readRecordingAsync,
  RecordedRestError, RECORDING_FORMAT, recordingFile, recordingFileSink, RecordingFormatError, replaySession,
} from './exports/recordings.js';
export type {
  BinaryFrameRecord, ControlFrame, ControlMessage, EventFrame, FileSink, FileSinkOptions, FrameData,
  FrameInput, FrameRecord, FrameResult, HeaderInput, HeaderRecord, InvalidListenKeyNotice, LifecycleInput,
  LifecycleRecord, MalformedFrame, OtherReply, OverflowInput, OverflowRecord, PongReply, RecordedError,
  RecordedReplies, Recorder, RecorderDiagnostic, RecorderOptions, RecorderReport, Recording,
  RecordingDiagnostic, RecordingDiagnosticCode, RecordingInput, RecordingItem, RecordingLines,
  RecordingRecord, RecordingSink, RecordingWriter, RecordingWriterOptions, RefusedReply, ReplayOptions,
  ReplyFields, RestErrorRecord, RestInput, RestInputFields, RestRecord, RestReplyRecord, SessionRecord,
  SessionReplay, SubscriptionReply, TextFrameRecord, UnknownFrame,
} from './exports/recordings.js';

// ui-state: toStore and streamStatus (dashboards)
export { streamStatus, toStore } from './exports/ui-state.js';
export type {
  RepairSignal, SourceStatus, Store, StoreOptions, StreamStatus, StreamStatusOptions, Unsubscribe,
} from './exports/ui-state.js';

// page-side: a page whose backend holds the secret: its listen keys and repair reads
export { BrokerError, remoteListenKeys, remoteRepairSources } from './exports/page-side.js';
export type {
  BrokerRefusalCode, PageLike, RemoteListenKeysOptions, RemoteListenKeySource, RemoteRepair,
  RemoteRepairSources, RemoteRepairSourcesOptions,
} from './exports/page-side.js';

// metrics: the meterProvider option and the shapes it names
export type {
  CounterLike, HistogramLike, InstrumentOptions, MeterLike, MeterProviderLike, MetricAttributes,
  ObservableLike, ObservableResultLike,
} from './exports/metrics.js';

// many-accounts: many sub-accounts in one process
export {
  isMarketEvent, isUserDataEvent, perAccount, perAccountWith, pollSubAccountBalances, userDataStreams,
} from './exports/many-accounts.js';
export type {
  AccountSet, AccountStoppedEvent, AccountStopReason, AccountUserDataEvent, AccountValue, BalanceReadFailure,
  BalanceReading, PollBalancesOptions, ScaleEvent, StreamsCloseResult, StreamsHealth, StreamsHealthOptions,
  TaggedEvent, UserDataStreams, UserDataStreamsClose, UserDataStreamsHealth, UserDataStreamsOptions,
} from './exports/many-accounts.js';

// journal: transfers and withdrawals that run once under your own key, across restarts (back offices)
export {
  brokerTransferOnce, JournalConflictError, JournalContendedError, JournalCorruptError, JournalLockedError,
  memoryTransferJournal, pendingTransfers, resumeTransfers, settleWithdrawal, transferOnce, withdrawOnce,
  WithdrawalPendingError,
} from './exports/journal.js';
export type {
  ConfirmedBy, JournalEntry, JournalOperation, JournalOptions, JournalRead, JournalState, PendingIntent,
  PendingTransfer, PendingWithdrawal, ResumeOptions, ResumeOutcome, TransferIntent, TransferJournal,
  TransferOnceResult, WithdrawalFinding, WithdrawalIntent, WithdrawOnceOptions, WithdrawOnceResult,
} from './exports/journal.js';
