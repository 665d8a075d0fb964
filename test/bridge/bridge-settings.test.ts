/**
 * The bridge's settings, as a careless user gives them: publishToJetStream and consumeJetStream
 * refuse a bad one when they are made, ensureEventStream and ensureDurableConsumer before they ask
 * JetStream anything (a ValidationError, operation `config`, naming the field and its rule); an
 * explicit `undefined` is "not given". No NATS server is needed: nothing gets that far.
 */
import { describe, expect, it } from '@jest/globals';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { consumeJetStream, ensureDurableConsumer, ensureEventStream, publishToJetStream, type ConsumeJetStreamOptions, type PublishToJetStreamOptions } from '../../src/bridge/index.js';
import { ValidationError } from '../../src/errors.js';
import { configIssues, loose } from '../support/settings.js';

const js = loose<JetStreamClient>({});

const PUBLISH: readonly [string, PublishToJetStreamOptions, string][] = [
  ['no worker', loose({}), 'worker'],
  ['a worker with a space', { worker: 'w 0' }, 'worker'],
  ['maxInFlight 0', { worker: 'w0', maxInFlight: 0 }, 'maxInFlight'],
  ['maxBacklog -1', { worker: 'w0', maxBacklog: -1 }, 'maxBacklog'],
  ['ackTimeoutMs 0', { worker: 'w0', ackTimeoutMs: 0 }, 'ackTimeoutMs'],
  ['ackTimeoutMs longer than a timer holds', { worker: 'w0', ackTimeoutMs: 3_000_000_000 }, 'ackTimeoutMs'],
  ['retries 1.5', { worker: 'w0', retries: 1.5 }, 'retries'],
  ['retryDelayMs NaN', { worker: 'w0', retryDelayMs: Number.NaN }, 'retryDelayMs'],
  ['retryDelayMs 0 with retries for ever (a publish retry loop)', { worker: 'w0', retries: Infinity, retryDelayMs: 0 }, 'retryDelayMs'],
  ['retryDelayMs of a nanosecond', { worker: 'w0', retryDelayMs: 1e-9 }, 'retryDelayMs'],
  ['maxClockSkewMs as text', { worker: 'w0', maxClockSkewMs: loose('1000') }, 'maxClockSkewMs'],
  ['resumeFromStream with a dot', { worker: 'w0', resumeFromStream: 'MEXC.prod' }, 'resumeFromStream'],
  ['runId empty', { worker: 'w0', runId: '' }, 'runId'],
  ['a subject prefix with a wildcard', { worker: 'w0', subjectPrefix: 'mexc.>' }, 'subjectPrefix'],
  ['scheduler null', { worker: 'w0', scheduler: loose(null) }, 'scheduler'],
];

const CONSUME: readonly [string, ConsumeJetStreamOptions, string][] = [
  ['no durable', loose({ stream: 'MEXC' }), 'durable'],
  ['a stream name with a dot', { stream: 'MEXC.prod', durable: 'd' }, 'stream'],
  ['batch 0', { stream: 'MEXC', durable: 'd', batch: 0 }, 'batch'],
  ['ackWaitMs -1', { stream: 'MEXC', durable: 'd', ackWaitMs: -1 }, 'ackWaitMs'],
  ['a filter subject with a space', { stream: 'MEXC', durable: 'd', filterSubject: 'mexc. >' }, 'filterSubject'],
  ["create 'no'", { stream: 'MEXC', durable: 'd', create: loose('no') }, 'create'],
];

describe('bridge settings', () => {
  it.each(PUBLISH)('publishToJetStream refuses %s when the operator is made', (_name, options, field) => {
    expect(configIssues(() => publishToJetStream(js, options))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it.each(CONSUME)('consumeJetStream refuses %s when the Observable is made', (_name, options, field) => {
    expect(configIssues(() => consumeJetStream(js, options))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it('ensureEventStream refuses a misspelt storage, and a duplicate window longer than the age limit, asking JetStream nothing', async () => {
    const asked: unknown[] = [];
    const jsm = loose<JetStreamManager>({ streams: { add: (config: unknown) => (asked.push(config), Promise.resolve({})) } });
    for (const [options, field] of [
      [{ name: 'MEXC', storage: loose<'file'>('memroy') }, 'storage'],
      [{ name: 'MEXC', maxAgeMs: 60_000 }, 'duplicateWindowMs'],
      [{ name: 'MEXC', duplicateWindowMs: 0 }, 'duplicateWindowMs'],
      [{ name: 'a b' }, 'name'],
    ] as const) {
      const error = await ensureEventStream(jsm, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.field)).toEqual([field]);
    }
    expect(asked).toEqual([]);
    await ensureEventStream(jsm, { name: 'MEXC', storage: undefined, duplicateWindowMs: undefined, maxAgeMs: 3_600_000 });
    expect(asked).toEqual([expect.objectContaining({ name: 'MEXC', duplicate_window: 120_000 * 1e6, max_age: 3_600_000 * 1e6 })]);
  });

  it('ensureDurableConsumer refuses a bad setting before asking JetStream anything', async () => {
    let asked = 0;
    const jsm = loose<JetStreamManager>({ consumers: { info: () => (asked++, Promise.reject(new Error('asked'))) } });
    for (const options of [
      { stream: 'MEXC', durable: 'd', filterSubject: 'mexc.>', maxAckPending: 0 },
      { stream: 'MEXC', durable: 'd', filterSubject: 'mexc.>', ackWaitMs: Number.NaN },
      loose<{ stream: string; durable: string; filterSubject: string }>({ stream: 'MEXC', durable: 'd' }),
    ]) {
      expect(await ensureDurableConsumer(jsm, options).catch((e: unknown) => e)).toBeInstanceOf(ValidationError);
    }
    expect(asked).toBe(0);
  });

  it('take an explicit undefined as left out', () => {
    expect(() => publishToJetStream(js, { worker: 'w0', maxInFlight: undefined, retries: undefined, ackTimeoutMs: undefined, runId: undefined, resumeFromStream: undefined })).not.toThrow();
    expect(() => consumeJetStream(js, { stream: 'MEXC', durable: 'd', batch: undefined, ackWaitMs: undefined, filterSubject: undefined, create: undefined })).not.toThrow();
  });
});
