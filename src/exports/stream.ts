/**
 * The stream group of the root entry: `userDataStream`, its options and health, its events
 * (market and lifecycle), its listen-key sources, channels and sockets. For dashboards and
 * strategies following an account live.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export {
  userDataStream,
  StreamFatalError,
  type UserDataStream,
  type UserDataStreamHealth,
  type UserDataStreamOptions,
} from '../stream/user-data-stream.js';
export type { UserDataEvent } from '../stream/vocabulary.js';
export type { StreamHealth } from '../stream/health.js';
export type { StreamHealthOptions } from '../stream/health-tap.js';
export {
  clientListenKeySource,
  type FullListenKeySource,
  type ListenKeyProvider,
  type ListenKeySource,
} from '../stream/listen-key-source.js';
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
} from '../stream/lifecycle.js';
export type { BackoffOptions } from '../stream/backoff.js';
export type { WebSocketFactory, WebSocketLike } from '../stream/socket.js';
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
} from '../stream/events.js';
export {
  JSON_CHANNELS,
  PROTOBUF_CHANNELS,
  type JsonChannel,
  type PrivateChannel,
  type PrivateChannelKind,
  type ProtobufChannel,
} from '../stream/channels.js';
