/**
 * A setting's name misspelt, or one of another factory, as a careless user gives it: every factory
 * that checks its settings refuses a name it does not take (a ValidationError naming it, with the
 * nearest known names), where it once ignored it silently (`pingIntervalMS: 0` ran with the
 * default). Names an options type takes from another (a call's options, `coalesce`, the stream
 * settings inside userDataStreams') are never refused. A getter or a Proxy that throws while the
 * settings are read is a ValidationError for that field, not a raw error.
 */
import { describe, expect, it } from '@jest/globals';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { asapScheduler, NEVER, of } from 'rxjs';
import { consumeJetStream, ensureDurableConsumer, ensureEventStream, publishToJetStream } from '../../src/bridge/index.js';
import {
  balanceSnapshots,
  createClient,
  createRequestBudget,
  listSubAccounts,
  paginate,
  pollSubAccountBalances,
  reduceOrders,
  universalTransfer,
  userDataStream,
  userDataStreams,
  ValidationError,
  type ValidationIssue,
} from '../../src/index.js';
import { errorOf } from '../support/harness.js';
import { configIssues, loose } from '../support/settings.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
const client = createClient({ apiKey: 'k', secretKey: 's', baseUrl: 'http://127.0.0.1:1', retry: { limit: 0 } });
const js = loose<JetStreamClient>({});
const jsm = loose<JetStreamManager>({});
const transfer = { fromAccountType: 'SPOT', toAccountType: 'FUTURES', asset: 'USDT', amount: '1' } as const;

/** The issues of the ValidationError an Observable fails with (nothing sent: the client's URL goes nowhere). */
async function failedWith(make: () => Promise<unknown>): Promise<readonly ValidationIssue[]> {
  const error = await make();
  if (!(error instanceof ValidationError)) throw new Error(`not a ValidationError: ${String(error)}`);
  return error.issues;
}

const MISSPELT: readonly [string, () => unknown, ValidationIssue][] = [
  ['userDataStream: pingIntervalMS', () => userDataStream(() => of('key'), { wsUrl, ...loose({ pingIntervalMS: 0 }) }), { field: 'pingIntervalMS', rule: 'not a setting (did you mean pingIntervalMs?)' }],
  ['userDataStream: backoff.initialDelay', () => userDataStream(() => of('key'), { wsUrl, backoff: loose({ initialDelay: 100 }) }), { field: 'backoff.initialDelay', rule: 'not a setting (did you mean initialDelayMs?)' }],
  ['userDataStreams: a stream setting misspelt', () => userDataStreams(NEVER, loose({ keepAliveIntervalMS: 1000 })), { field: 'keepAliveIntervalMS', rule: 'not a setting (did you mean keepAliveIntervalMs?)' }],
  ['userDataStreams: a pacing setting misspelt', () => userDataStreams(NEVER, loose({ startsPerSec: 5 })), { field: 'startsPerSec', rule: 'not a setting (did you mean startsPerSecond?)' }],
  ['createClient: timout', () => createClient(loose({ timout: 5000 })), { field: 'timout', rule: 'not a setting (did you mean timeout?)' }],
  ['createClient: retry.limt', () => createClient({ retry: loose({ limt: 3 }) }), { field: 'retry.limt', rule: 'not a setting (did you mean limit?)' }],
  ['createClient: a setting of another factory', () => createClient(loose({ windowMs: 10_000 })), { field: 'windowMs', rule: 'not a setting' }],
  ['createRequestBudget: windowMS', () => createRequestBudget(loose({ windowMS: 1000 })), { field: 'windowMS', rule: 'not a setting (did you mean windowMs?)' }],
  ['reduceOrders: maxPlaceholder', () => reduceOrders(loose({ maxPlaceholder: 1 })), { field: 'maxPlaceholder', rule: 'not a setting (did you mean maxPlaceholders?)' }],
  ['balanceSnapshots: coalese', () => balanceSnapshots(loose({ coalese: asapScheduler })), { field: 'coalese', rule: 'not a setting (did you mean coalesce?)' }],
  ['publishToJetStream: maxInflight', () => publishToJetStream(js, loose({ worker: 'w0', maxInflight: 3 })), { field: 'maxInflight', rule: 'not a setting (did you mean maxInFlight?)' }],
  ['consumeJetStream: batchSize', () => consumeJetStream(js, loose({ stream: 'MEXC', durable: 'd', batchSize: 10 })), { field: 'batchSize', rule: 'not a setting' }],
  ['pollSubAccountBalances: everyMS', () => pollSubAccountBalances(client, ['a'], loose({ everyMS: 1000 })), { field: 'everyMS', rule: 'not a setting (did you mean everyMs?)' }],
];

describe('a setting name a factory does not take', () => {
  it.each(MISSPELT)('%s is refused when it is made, with the nearest names', (_name, make, issue) => {
    expect(configIssues(make)).toEqual([issue]);
  });

  it('paginate, a transfer and a call refuse one before anything is sent, under their own operation', async () => {
    expect(await failedWith(() => errorOf(paginate(listSubAccounts, client, {}, loose({ maxPage: 2 }))))).toEqual([
      { field: 'maxPage', rule: 'not a setting (did you mean maxPages?)' },
    ]);
    expect(await failedWith(() => errorOf(universalTransfer(client, transfer, loose({ lookup: 2 }))))).toEqual([
      { field: 'lookup', rule: 'not a setting (did you mean lookups?)' },
    ]);
    const call = await errorOf(listSubAccounts(client, {}, loose({ recvWindw: 5000 })));
    expect(call).toBeInstanceOf(ValidationError);
    expect(call).toMatchObject({ operation: 'M2', issues: [{ field: 'recvWindw', rule: 'not a setting (did you mean recvWindow?)' }] });
  });

  it('ensureEventStream and ensureDurableConsumer reject one before asking JetStream anything', async () => {
    expect(await failedWith(() => ensureEventStream(jsm, loose({ name: 'MEXC', maxAgeMS: 1 })).catch((e: unknown) => e))).toEqual([
      { field: 'maxAgeMS', rule: 'not a setting (did you mean maxAgeMs?)' },
    ]);
    expect(await failedWith(() => ensureDurableConsumer(jsm, loose({ stream: 'MEXC', durable: 'd', filterSubject: 'mexc.>', ackWaitMS: 1 })).catch((e: unknown) => e))).toEqual([
      { field: 'ackWaitMS', rule: 'not a setting (did you mean ackWaitMs?)' },
    ]);
  });

  it('refuses a misspelt name inside a coalesce option and an endpoint limit, and an unknown name given as undefined', () => {
    expect(configIssues(() => reduceOrders({ coalesce: loose({ everyMs: 100, schedular: asapScheduler }) }))[0]?.field).toBe('coalesce');
    expect(configIssues(() => createRequestBudget({ endpointLimits: loose({ M2: { acount: 5 } }) }))[0]?.field).toBe('endpointLimits');
    expect(configIssues(() => createClient(loose({ timout: undefined })))).toEqual([{ field: 'timout', rule: 'not a setting (did you mean timeout?)' }]);
  });

  it('shows a long name cut, and looks for no suggestion for it', () => {
    const long = 'x'.repeat(100_000);
    const [issue] = configIssues(() => createClient(loose({ [long]: 1 })));
    expect(issue).toEqual({ field: `${'x'.repeat(64)}…`, rule: 'not a setting' });
  });
});

describe('names an options type takes from another are never refused', () => {
  it('the call options of paginate, pollSubAccountBalances and the transfers', async () => {
    expect(() => pollSubAccountBalances(client, ['a'], { everyMs: 1000, recvWindow: 5000, timeout: 1000 })).not.toThrow();
    const page = await errorOf(paginate(listSubAccounts, client, {}, { maxPages: 1, recvWindow: 5000, timeout: 1000 }));
    expect(page).not.toBeInstanceOf(ValidationError);
    const sent = await errorOf(universalTransfer(client, transfer, { lookups: 1, lookupDelayMs: 0, maxSends: 1, recvWindow: 5000, timeout: 1000 }));
    expect(sent).not.toBeInstanceOf(ValidationError);
  });

  it('coalesce with its scheduler, and every stream setting inside userDataStreams', () => {
    expect(() => reduceOrders({ coalesce: { everyMs: 100, scheduler: asapScheduler }, maxPlaceholders: 1 })).not.toThrow();
    expect(() => balanceSnapshots({ coalesce: asapScheduler })).not.toThrow();
    expect(() =>
      userDataStreams(NEVER, {
        maxConcurrentStarts: 2,
        startsPerSecond: 5,
        startTimeoutMs: 1000,
        scheduler: asapScheduler,
        wsUrl,
        format: 'json',
        kinds: ['orders'],
        pingIntervalMs: 20_000,
        backoff: { initialDelayMs: 500, maxDelayMs: 1000, stableAfterMs: 60_000 },
        random: Math.random,
      }),
    ).not.toThrow();
  });
});

describe('settings whose reading throws', () => {
  const throwing = (name: string): object =>
    Object.defineProperty({}, name, {
      enumerable: true,
      get: () => {
        throw new Error('a getter that throws');
      },
    });

  it('a getter of a setting that throws is a ValidationError for that field', () => {
    expect(configIssues(() => createClient(loose(throwing('timeout'))))).toEqual([{ field: 'timeout', rule: 'a value that can be read (reading it threw)' }]);
    expect(configIssues(() => userDataStream(() => of('key'), { wsUrl, backoff: loose(throwing('maxDelayMs')) }))).toEqual([
      { field: 'backoff.maxDelayMs', rule: 'a value that can be read (reading it threw)' },
    ]);
  });

  it('a getter of a call option the factory passes on is read once, and refused the same way', async () => {
    expect(configIssues(() => pollSubAccountBalances(client, ['a'], loose(throwing('timeout'))))).toEqual([{ field: 'timeout', rule: 'a value that can be read (reading it threw)' }]);
    expect(await failedWith(() => errorOf(paginate(listSubAccounts, client, {}, loose(throwing('recvWindow')))))).toEqual([
      { field: 'recvWindow', rule: 'a value that can be read (reading it threw)' },
    ]);
  });

  it('a Proxy that throws when its names are listed, or on every read, and a revoked one', () => {
    const unlistable = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    expect(configIssues(() => createRequestBudget(loose(unlistable)))).toEqual([{ field: '(options)', rule: 'an object whose settings can be listed (listing them threw)' }]);
    const unreadable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no reads');
        },
      },
    );
    const issues = configIssues(() => reduceOrders(loose(unreadable)));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => issue.rule === 'a value that can be read (reading it threw)')).toBe(true);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(configIssues(() => userDataStream(() => of('key'), loose(proxy)))).toContainEqual({ field: '(options)', rule: 'an object' });
  });

  it('a value whose own reading throws inside a rule (a coalesce option, a scheduler) breaks that rule', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('inside');
        },
        ownKeys: () => {
          throw new Error('inside');
        },
      },
    );
    expect(configIssues(() => reduceOrders({ coalesce: loose(hostile) }))[0]?.field).toBe('coalesce');
    expect(configIssues(() => createClient({ scheduler: loose(hostile) }))[0]?.field).toBe('scheduler');
  });
});
