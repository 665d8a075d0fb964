/**
 * Every options type the page docs/configuration.md has a table for: its settings (each field's
 * rule, the rules between fields), its defaults constant (the one place each default is written),
 * and the file that declares the settings (where the options type's comments are read from).
 * `gen-configuration.ts` writes the tables from these; a `settingsFor` in src/ missing here is
 * reported, so a new options type cannot go without its table.
 */
import { CONSUME_DEFAULTS, CONSUME_SETTINGS } from '../../src/bridge/consume.js';
import { PUBLISH_DEFAULTS, PUBLISH_SETTINGS } from '../../src/bridge/publish-options.js';
import { DURABLE_CONSUMER_DEFAULTS, DURABLE_CONSUMER_SETTINGS, EVENT_STREAM_DEFAULTS, EVENT_STREAM_SETTINGS } from '../../src/bridge/stream-setup.js';
import { BUDGET_DEFAULTS, BUDGET_SETTINGS } from '../../src/budget/options.js';
import { CLIENT_DEFAULTS, CLIENT_SETTINGS } from '../../src/client/client-settings.js';
import { CALL_SETTINGS, RETRY_DEFAULTS, RETRY_SETTINGS } from '../../src/http/request-settings.js';
import { TRANSFER_DEFAULTS, TRANSFER_SETTINGS } from '../../src/operations/safe-transfer.js';
import { BALANCE_SNAPSHOTS_DEFAULTS, BALANCE_SNAPSHOTS_SETTINGS } from '../../src/operators/balance-snapshots.js';
import { EMPTY_SNAPSHOT_DEFAULTS, EMPTY_SNAPSHOT_SETTINGS } from '../../src/operators/empty-snapshots.js';
import { PAGINATE_DEFAULTS, PAGINATE_SETTINGS } from '../../src/operators/paginate.js';
import { REDUCE_ORDERS_DEFAULTS, REDUCE_ORDERS_SETTINGS } from '../../src/operators/reduce-orders.js';
import { REPAIR_BACKOFF_DEFAULTS, REPAIR_BACKOFF_SETTINGS } from '../../src/operators/repair.js';
import { RECORDER_DEFAULTS, RECORDER_SETTINGS } from '../../src/recording/recorder.js';
import { FILE_SINK_DEFAULTS, FILE_SINK_SETTINGS } from '../../src/recording/recording-file-sink.js';
import { REPLAY_DEFAULTS, REPLAY_SETTINGS } from '../../src/recording/replay-session.js';
import { RECORDING_WRITER_DEFAULTS, RECORDING_WRITER_SETTINGS } from '../../src/recording/write-recording.js';
import { REMOTE_REPAIRS_SETTINGS } from '../../src/remote/remote-repair-settings.js';
import { REMOTE_LISTEN_KEYS_DEFAULTS, REMOTE_LISTEN_KEYS_SETTINGS } from '../../src/remote/remote-settings.js';
import { POLL_BALANCES_DEFAULTS, POLL_BALANCES_SETTINGS } from '../../src/scale/balance-rounds.js';
import { STREAMS_HEALTH_SETTINGS } from '../../src/scale/streams-health.js';
import { STREAMS_DEFAULTS, STREAMS_SETTINGS } from '../../src/scale/user-data-streams.js';
import { BROKER_DEFAULTS, BROKER_SETTINGS } from '../../src/server/broker-settings.js';
import { HEALTH_HANDLER_DEFAULTS, HEALTH_HANDLER_SETTINGS } from '../../src/server/health/health-options.js';
import type { Schema, Settings } from '../../src/settings/resolve.js';
import { STORE_DEFAULTS, STORE_SETTINGS } from '../../src/store/to-store.js';
import { BACKOFF_DEFAULTS, BACKOFF_SETTINGS } from '../../src/stream/backoff.js';
import { STREAM_HEALTH_DEFAULTS, STREAM_HEALTH_SETTINGS } from '../../src/stream/health-tap.js';
import { STREAM_DEFAULTS, STREAM_SETTINGS } from '../../src/stream/stream-settings.js';
import { STREAM_STATUS_SETTINGS } from '../../src/stream/status.js';

/** One options type's table. */
export interface OptionTable {
  /** The settings constant's name: the page marks the table with it. */
  readonly id: string;
  readonly settings: Settings<Schema>;
  /** Its defaults constant (`{}` for a type without defaults: every option left out is none). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The file declaring `id`, from the repository's root. */
  readonly source: string;
}

/** The defaults of a type without any: each option left out is none, or (a call's) the client's. */
const NONE = {};

function table(id: string, settings: Settings<Schema>, defaults: object, source: string): OptionTable {
  return { id, settings, defaults: defaults as Readonly<Record<string, unknown>>, source };
}

/** Every options table, in no particular order (the page places them). */
export const OPTION_TABLES: readonly OptionTable[] = [
  table('CLIENT_SETTINGS', CLIENT_SETTINGS, CLIENT_DEFAULTS, 'src/client/client-settings.ts'),
  table('RETRY_SETTINGS', RETRY_SETTINGS, RETRY_DEFAULTS, 'src/http/request-settings.ts'),
  table('CALL_SETTINGS', CALL_SETTINGS, NONE, 'src/http/request-settings.ts'),
  table('BUDGET_SETTINGS', BUDGET_SETTINGS, BUDGET_DEFAULTS, 'src/budget/options.ts'),
  table('TRANSFER_SETTINGS', TRANSFER_SETTINGS, TRANSFER_DEFAULTS, 'src/operations/safe-transfer.ts'),
  table('PAGINATE_SETTINGS', PAGINATE_SETTINGS, PAGINATE_DEFAULTS, 'src/operators/paginate.ts'),
  table('POLL_BALANCES_SETTINGS', POLL_BALANCES_SETTINGS, POLL_BALANCES_DEFAULTS, 'src/scale/balance-rounds.ts'),
  table('STREAM_SETTINGS', STREAM_SETTINGS, STREAM_DEFAULTS, 'src/stream/stream-settings.ts'),
  table('BACKOFF_SETTINGS', BACKOFF_SETTINGS, BACKOFF_DEFAULTS, 'src/stream/backoff.ts'),
  table('STREAMS_SETTINGS', STREAMS_SETTINGS, STREAMS_DEFAULTS, 'src/scale/user-data-streams.ts'),
  table('REDUCE_ORDERS_SETTINGS', REDUCE_ORDERS_SETTINGS, REDUCE_ORDERS_DEFAULTS, 'src/operators/reduce-orders.ts'),
  table('BALANCE_SNAPSHOTS_SETTINGS', BALANCE_SNAPSHOTS_SETTINGS, BALANCE_SNAPSHOTS_DEFAULTS, 'src/operators/balance-snapshots.ts'),
  table('REPAIR_BACKOFF_SETTINGS', REPAIR_BACKOFF_SETTINGS, REPAIR_BACKOFF_DEFAULTS, 'src/operators/repair.ts'),
  table('EMPTY_SNAPSHOT_SETTINGS', EMPTY_SNAPSHOT_SETTINGS, EMPTY_SNAPSHOT_DEFAULTS, 'src/operators/empty-snapshots.ts'),
  table('STORE_SETTINGS', STORE_SETTINGS, STORE_DEFAULTS, 'src/store/to-store.ts'),
  table('STREAM_STATUS_SETTINGS', STREAM_STATUS_SETTINGS, NONE, 'src/stream/status.ts'),
  table('BROKER_SETTINGS', BROKER_SETTINGS, BROKER_DEFAULTS, 'src/server/broker-settings.ts'),
  table('REMOTE_LISTEN_KEYS_SETTINGS', REMOTE_LISTEN_KEYS_SETTINGS, REMOTE_LISTEN_KEYS_DEFAULTS, 'src/remote/remote-settings.ts'),
  table('REMOTE_REPAIRS_SETTINGS', REMOTE_REPAIRS_SETTINGS, NONE, 'src/remote/remote-repair-settings.ts'),
  table('STREAM_HEALTH_SETTINGS', STREAM_HEALTH_SETTINGS, STREAM_HEALTH_DEFAULTS, 'src/stream/health-tap.ts'),
  // The health of many streams shares the rule and the default of refreshMs with one stream's.
  table('STREAMS_HEALTH_SETTINGS', STREAMS_HEALTH_SETTINGS, STREAM_HEALTH_DEFAULTS, 'src/scale/streams-health.ts'),
  table('HEALTH_HANDLER_SETTINGS', HEALTH_HANDLER_SETTINGS, HEALTH_HANDLER_DEFAULTS, 'src/server/health/health-options.ts'),
  table('REPLAY_SETTINGS', REPLAY_SETTINGS, REPLAY_DEFAULTS, 'src/recording/replay-session.ts'),
  table('RECORDER_SETTINGS', RECORDER_SETTINGS, RECORDER_DEFAULTS, 'src/recording/recorder.ts'),
  table('FILE_SINK_SETTINGS', FILE_SINK_SETTINGS, FILE_SINK_DEFAULTS, 'src/recording/recording-file-sink.ts'),
  table('RECORDING_WRITER_SETTINGS', RECORDING_WRITER_SETTINGS, RECORDING_WRITER_DEFAULTS, 'src/recording/write-recording.ts'),
  table('PUBLISH_SETTINGS', PUBLISH_SETTINGS, PUBLISH_DEFAULTS, 'src/bridge/publish-options.ts'),
  table('CONSUME_SETTINGS', CONSUME_SETTINGS, CONSUME_DEFAULTS, 'src/bridge/consume.ts'),
  table('EVENT_STREAM_SETTINGS', EVENT_STREAM_SETTINGS, EVENT_STREAM_DEFAULTS, 'src/bridge/stream-setup.ts'),
  table('DURABLE_CONSUMER_SETTINGS', DURABLE_CONSUMER_SETTINGS, DURABLE_CONSUMER_DEFAULTS, 'src/bridge/stream-setup.ts'),
];
