/**
 * docs/configuration.md states every setting of every public factory with its rule and default,
 * and the code holds each rule and default once (`src/settings/`): this holds the two together.
 * Each factory's table has a row per setting whose Rule cell is the rule's words (and the words of
 * the rules tying it to other settings, after `; `), whose Default cell shows a plain default as
 * the code has it, and no row for a setting that does not exist.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSUME_SETTINGS } from '../../src/bridge/consume.js';
import { PUBLISH_SETTINGS } from '../../src/bridge/publish-options.js';
import { DURABLE_CONSUMER_SETTINGS, EVENT_STREAM_SETTINGS } from '../../src/bridge/stream-setup.js';
import { BUDGET_SETTINGS } from '../../src/budget/options.js';
import { CLIENT_SETTINGS } from '../../src/client/client-settings.js';
import { RETRY_SETTINGS } from '../../src/http/request-settings.js';
import { TRANSFER_SETTINGS } from '../../src/operations/safe-transfer.js';
import { BALANCE_SNAPSHOTS_SETTINGS } from '../../src/operators/balance-snapshots.js';
import { EMPTY_SNAPSHOT_SETTINGS } from '../../src/operators/empty-snapshots.js';
import { PAGINATE_SETTINGS } from '../../src/operators/paginate.js';
import { REDUCE_ORDERS_SETTINGS } from '../../src/operators/reduce-orders.js';
import { REPAIR_BACKOFF_SETTINGS } from '../../src/operators/repair.js';
import { RECORDER_SETTINGS } from '../../src/recording/recorder.js';
import { REPLAY_SETTINGS } from '../../src/recording/replay-session.js';
import { RECORDING_WRITER_SETTINGS } from '../../src/recording/write-recording.js';
import { REMOTE_REPAIRS_SETTINGS } from '../../src/remote/remote-repair-settings.js';
import { REMOTE_LISTEN_KEYS_SETTINGS } from '../../src/remote/remote-settings.js';
import { POLL_BALANCES_SETTINGS } from '../../src/scale/balance-rounds.js';
import { BROKER_SETTINGS } from '../../src/server/broker-settings.js';
import { STREAMS_HEALTH_SETTINGS } from '../../src/scale/streams-health.js';
import { STREAMS_SETTINGS } from '../../src/scale/user-data-streams.js';
import { HEALTH_HANDLER_SETTINGS } from '../../src/server/health/health-options.js';
import type { Schema, Settings } from '../../src/settings/resolve.js';
import { BACKOFF_SETTINGS } from '../../src/stream/backoff.js';
import { STREAM_HEALTH_SETTINGS } from '../../src/stream/health-tap.js';
import { STREAM_SETTINGS } from '../../src/stream/stream-settings.js';
import { STREAM_STATUS_SETTINGS } from '../../src/stream/status.js';
import { STORE_SETTINGS } from '../../src/store/to-store.js';

const DOC = readFileSync(join(fileURLToPath(new URL('../..', import.meta.url)), 'docs', 'configuration.md'), 'utf8');

/** Each section of the page, by its heading, up to the next heading. */
const SECTIONS = new Map(
  DOC.split(/\n(?=#{2,3} )/)
    .filter((part) => part.startsWith('#'))
    .map((part) => [part.slice(0, part.indexOf('\n')).replace(/^#+ /, ''), part] as const),
);

interface Row {
  readonly field: string;
  readonly defaultCell: string;
  readonly rule: string;
}

/** The option rows of a section's table: `| \`field\` | default | rule | what |`. */
function rows(heading: string): Row[] {
  const section = SECTIONS.get(heading);
  if (section === undefined) throw new Error(`docs/configuration.md has no section "${heading}"`);
  return section
    .split('\n')
    .filter((line) => /^\| `\w+` \|/.test(line))
    .map((line) => {
      const [field = '', defaultCell = '', rule = ''] = line.slice(2, -2).split(' | ');
      return { field: field.replaceAll('`', ''), defaultCell, rule };
    });
}

/** How a plain default shows in the Default cell. */
function shown(value: unknown): readonly string[] | undefined {
  if (typeof value === 'number') return [`\`${value}\``];
  if (typeof value === 'boolean') return [`\`${value}\``];
  if (typeof value === 'string') return [`\`'${value}'\``, `\`${value}\``];
  return undefined;
}

const TABLES: readonly [string, Settings<Schema>][] = [
  ['createClient(config)', CLIENT_SETTINGS],
  ['retry (RetryOptions)', RETRY_SETTINGS],
  ['createRequestBudget(options)', BUDGET_SETTINGS],
  ['universalTransfer and brokerUniversalTransfer (TransferOptions)', TRANSFER_SETTINGS],
  ['paginate(list, client, params, options)', PAGINATE_SETTINGS],
  ['pollSubAccountBalances(master, subAccounts, options)', POLL_BALANCES_SETTINGS],
  ['userDataStream(provider, options)', STREAM_SETTINGS],
  ['backoff (BackoffOptions)', BACKOFF_SETTINGS],
  ['userDataStreams(accounts$, options)', STREAMS_SETTINGS],
  ['reduceOrders(options)', REDUCE_ORDERS_SETTINGS],
  ['balanceSnapshots(options)', BALANCE_SNAPSHOTS_SETTINGS],
  ['repairBackoff (RepairBackoffOptions)', REPAIR_BACKOFF_SETTINGS],
  ['toStore(source$, options)', STORE_SETTINGS],
  ['streamStatus(options)', STREAM_STATUS_SETTINGS],
  ['createListenKeyBroker(client, options)', BROKER_SETTINGS],
  ['remoteListenKeys(url, options)', REMOTE_LISTEN_KEYS_SETTINGS],
  ['remoteRepairSources(url, options)', REMOTE_REPAIRS_SETTINGS],
  ['userDataStream(...).health(options)', STREAM_HEALTH_SETTINGS],
  ['userDataStreams(...).health(options)', STREAMS_HEALTH_SETTINGS],
  ['createHealthHandler(options)', HEALTH_HANDLER_SETTINGS],
  ['replaySession(input, options)', REPLAY_SETTINGS],
  ['createRecorder(options)', RECORDER_SETTINGS],
  ['createRecordingWriter(options)', RECORDING_WRITER_SETTINGS],
  ['emptyOrderBook(options) and emptyBalances(options)', EMPTY_SNAPSHOT_SETTINGS],
  ['publishToJetStream(js, options)', PUBLISH_SETTINGS],
  ['consumeJetStream(js, options)', CONSUME_SETTINGS],
  ['ensureEventStream(jsm, options)', EVENT_STREAM_SETTINGS],
  ['ensureDurableConsumer(jsm, options)', DURABLE_CONSUMER_SETTINGS],
];

const CASES = TABLES.flatMap(([heading, settings]) => Object.keys(settings.fields).map((field) => [heading, field, settings] as const));

describe('docs/configuration.md states each rule', () => {
  it.each(CASES)('%s: %s, with its rule and default', (heading, field, settings) => {
    const row = rows(heading).find((r) => r.field === field);
    expect(row).toBeDefined();
    const entry = settings.fields[field];
    if (entry === undefined || row === undefined) return;
    if ('group' in entry) {
      expect(row.rule).toBe('see below');
      return;
    }
    const relations = settings.relations.filter((r) => r.field === field).map((r) => r.words);
    expect(row.rule).toBe([entry.rule.words, ...relations].join('; '));
    const plain = shown(entry.default);
    if (plain !== undefined) expect(plain.some((text) => row.defaultCell.startsWith(text))).toBe(true);
    if (entry.required === true) expect(row.defaultCell).toBe('required');
  });

  it.each(TABLES.map(([heading, settings]) => [heading, settings] as const))('%s: no row for a setting that does not exist', (heading, settings) => {
    expect(rows(heading).map((r) => r.field).filter((field) => !(field in settings.fields))).toEqual([]);
  });

  it('per call, the call options have the client’s rules', () => {
    for (const row of rows('Per call: CallOptions')) {
      const entry = CLIENT_SETTINGS.fields[row.field as 'recvWindow' | 'timeout'];
      expect(row.rule).toBe(entry.rule.words);
    }
    expect(rows('Per call: CallOptions').map((r) => r.field)).toEqual(['recvWindow', 'timeout']);
  });
});
