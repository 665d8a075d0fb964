/**
 * userDataStreams' settings, as a careless user gives them: its pacing and every account's stream
 * settings are checked when it is made (a ValidationError, operation `config`), not when the first
 * account's stream starts; an explicit `undefined` is "not given". pollSubAccountBalances' period
 * likewise.
 */
import { describe, expect, it } from '@jest/globals';
import { NEVER } from 'rxjs';
import { createClient, pollSubAccountBalances, userDataStreams, type UserDataStreamsOptions } from '../../src/index.js';
import { configIssues, loose } from '../support/settings.js';

const CARELESS: readonly [string, UserDataStreamsOptions, string][] = [
  ['maxConcurrentStarts 0', { maxConcurrentStarts: 0 }, 'maxConcurrentStarts'],
  ['maxConcurrentStarts 1.5', { maxConcurrentStarts: 1.5 }, 'maxConcurrentStarts'],
  ['startsPerSecond 0', { startsPerSecond: 0 }, 'startsPerSecond'],
  ['startsPerSecond NaN', { startsPerSecond: Number.NaN }, 'startsPerSecond'],
  ['startsPerSecond as text', { startsPerSecond: loose('20') }, 'startsPerSecond'],
  ['startTimeoutMs -1', { startTimeoutMs: -1 }, 'startTimeoutMs'],
  ['startTimeoutMs Infinity', { startTimeoutMs: Infinity }, 'startTimeoutMs'],
  ['a stream setting: pingIntervalMs 0', { pingIntervalMs: 0 }, 'pingIntervalMs'],
  ["a stream setting: kinds ['bogus']", { kinds: loose(['bogus']) }, 'kinds'],
  ['a stream setting: a plain ws:// URL to another host', { wsUrl: 'ws://stream.example.com/ws' }, 'wsUrl'],
  ['a stream setting: a negative backoff', { backoff: { maxDelayMs: -1 } }, 'backoff.maxDelayMs'],
];

describe('userDataStreams settings', () => {
  it.each(CARELESS)('refuses %s when the streams are made, naming the field and its rule', (_name, options, field) => {
    expect(configIssues(() => userDataStreams(NEVER, options))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it('takes an explicit undefined as left out, and Infinity where it means no bound', () => {
    expect(() => userDataStreams(NEVER, { maxConcurrentStarts: undefined, startsPerSecond: undefined, startTimeoutMs: undefined, pingIntervalMs: undefined, backoff: undefined })).not.toThrow();
    expect(() => userDataStreams(NEVER, { maxConcurrentStarts: Infinity, startsPerSecond: 0.5, startTimeoutMs: 0 })).not.toThrow();
  });

  it('refuses settings that are not an object', () => {
    expect(configIssues(() => userDataStreams(NEVER, loose(null)))).toEqual([{ field: '(options)', rule: 'an object' }]);
  });
});

describe('pollSubAccountBalances settings', () => {
  const master = createClient({ apiKey: 'k', secretKey: 's' });

  it.each([Number.NaN, -1, Infinity, '60000', null, 0, -0, 1e-9, 999])('refuses everyMs %p when the poll is made', (everyMs) => {
    expect(configIssues(() => pollSubAccountBalances(master, ['a'], { everyMs: loose(everyMs) }))).toEqual([{ field: 'everyMs', rule: 'a duration in ms, finite, 1000 or more' }]);
  });

  it('takes an explicit undefined as left out', () => {
    expect(() => pollSubAccountBalances(master, ['a'], { everyMs: undefined })).not.toThrow();
  });
});
