/**
 * userDataStream's settings, as a careless user gives them: each bad one is refused when the
 * stream is made (a ValidationError, operation `config`, naming the field and its rule), not when
 * it is subscribed to; an explicit `undefined` is "not given". The rules
 * follow the service: a listen key lives 60 minutes, a connection 24 hours, a connection may send
 * 100 messages a second.
 */
import { describe, expect, it } from '@jest/globals';
import { asyncScheduler, of, type Observable } from 'rxjs';
import { createClient } from '../../src/index.js';
import type { UserDataStreamOptions } from '../../src/stream/user-data-stream.js';
import { userDataStream } from '../../src/stream/user-data-stream.js';
import { configIssues, loose } from '../support/settings.js';

const DAY = 86_400_000;
const wsUrl = 'ws://127.0.0.1:1/ws';

/** Makes a stream (without subscribing: the settings are checked when it is made). */
function make(options: UserDataStreamOptions): unknown {
  return userDataStream(() => of('key'), { wsUrl, ...options });
}

const CARELESS: readonly [string, UserDataStreamOptions, string][] = [
  ['pingIntervalMs 0 (a PING flood)', { pingIntervalMs: 0 }, 'pingIntervalMs'],
  ['pingIntervalMs -5', { pingIntervalMs: -5 }, 'pingIntervalMs'],
  ['pingIntervalMs NaN', { pingIntervalMs: Number.NaN }, 'pingIntervalMs'],
  ['pingIntervalMs 50 (20 PINGs a second)', { pingIntervalMs: 50 }, 'pingIntervalMs'],
  ['pingIntervalMs as text', { pingIntervalMs: loose('20000') }, 'pingIntervalMs'],
  ['pingIntervalMs Infinity', { pingIntervalMs: Infinity }, 'pingIntervalMs'],
  ["format 'xml'", { format: loose('xml') }, 'format'],
  ['kinds []', { kinds: [] }, 'kinds'],
  ["kinds ['bogus']", { kinds: loose(['bogus']) }, 'kinds'],
  ['kinds twice the same', { kinds: ['deals', 'deals'] }, 'kinds'],
  ['kinds null', { kinds: loose(null) }, 'kinds'],
  ["onMalformedFrame 'ignore'", { onMalformedFrame: loose('ignore') }, 'onMalformedFrame'],
  ['a negative backoff', { backoff: { initialDelayMs: -1 } }, 'backoff.initialDelayMs'],
  ['a backoff of 0 (a reconnect loop)', { backoff: { initialDelayMs: 0 } }, 'backoff.initialDelayMs'],
  ['a NaN backoff cap', { backoff: { maxDelayMs: Number.NaN } }, 'backoff.maxDelayMs'],
  ['a backoff cap below its first delay', { backoff: { initialDelayMs: 60_000 } }, 'backoff.maxDelayMs'],
  ['a negative stable period', { backoff: { stableAfterMs: -5 } }, 'backoff.stableAfterMs'],
  ['backoff null', { backoff: loose(null) }, 'backoff'],
  ['keepAliveIntervalMs Infinity', { keepAliveIntervalMs: Infinity }, 'keepAliveIntervalMs'],
  ['keepAliveIntervalMs 60 minutes (the key has expired by then)', { keepAliveIntervalMs: 3_600_000 }, 'keepAliveIntervalMs'],
  ['keepAliveIntervalMs 0 (a keepalive loop)', { keepAliveIntervalMs: 0 }, 'keepAliveIntervalMs'],
  ['rolloverAfterMs Infinity', { rolloverAfterMs: Infinity }, 'rolloverAfterMs'],
  ['rolloverAfterMs 25 days (the service cuts at 24 h)', { rolloverAfterMs: 25 * DAY }, 'rolloverAfterMs'],
  ['rolloverAfterMs 0', { rolloverAfterMs: 0 }, 'rolloverAfterMs'],
  ['a rollover overlap as long as the rollover', { rolloverAfterMs: 60_000, rolloverOverlapMs: 60_000 }, 'rolloverOverlapMs'],
  ['a negative rollover overlap', { rolloverOverlapMs: -1 }, 'rolloverOverlapMs'],
  ['pingTimeoutMs 0', { pingTimeoutMs: 0 }, 'pingTimeoutMs'],
  ['connectTimeoutMs null', { connectTimeoutMs: loose(null) }, 'connectTimeoutMs'],
  ['webSocketFactory not a function', { webSocketFactory: loose({}) }, 'webSocketFactory'],
  ['random not a function', { random: loose(0.5) }, 'random'],
  ['scheduler not a scheduler', { scheduler: loose({ schedule: 1 }) }, 'scheduler'],
  ['wsUrl not a URL', { wsUrl: 'stream' }, 'wsUrl'],
  ['wsUrl https://', { wsUrl: 'https://wbs-api.mexc.com/ws' }, 'wsUrl'],
];

/** Settings it once accepted that flood the service with connections, each with the fields refused. */
const FLOODS: readonly [string, UserDataStreamOptions, readonly string[]][] = [
  ['a rollover every millisecond, without overlap (310 rollovers in 3 s)', { rolloverAfterMs: 1, rolloverOverlapMs: 0 }, ['rolloverAfterMs']],
  ['a rollover just under a minute', { rolloverAfterMs: 59_999 }, ['rolloverAfterMs']],
  ['a backoff of a nanosecond (669 websocket opens in 1 s)', { backoff: { initialDelayMs: 1e-9, maxDelayMs: 1e-9 } }, ['backoff.initialDelayMs', 'backoff.maxDelayMs']],
  ['a first backoff delay just under 100 ms', { backoff: { initialDelayMs: 99 } }, ['backoff.initialDelayMs']],
  ['a backoff cap of 50 ms', { backoff: { maxDelayMs: 50 } }, ['backoff.maxDelayMs']],
  ['a stable period of 1 ms (a connection dropped at once resets the backoff)', { backoff: { stableAfterMs: 1 } }, ['backoff.stableAfterMs']],
  ['a PING timeout of a nanosecond', { pingTimeoutMs: 1e-9 }, ['pingTimeoutMs']],
  ['a connect timeout of a nanosecond', { connectTimeoutMs: 1e-9 }, ['connectTimeoutMs']],
  ['a connect timeout of 99 ms', { connectTimeoutMs: 99 }, ['connectTimeoutMs']],
];

describe('userDataStream settings that would flood the service', () => {
  it.each(FLOODS)('refuses %s when the stream is made', (_name, options, fields) => {
    expect(configIssues(() => make(options)).map((issue) => issue.field)).toEqual(fields);
  });

  it('accepts each floor itself: a rollover a minute, a backoff and timeouts of 100 ms, a stable period of a second', () => {
    expect(() =>
      make({ rolloverAfterMs: 60_000, rolloverOverlapMs: 0, pingTimeoutMs: 100, connectTimeoutMs: 100, backoff: { initialDelayMs: 100, maxDelayMs: 100, stableAfterMs: 1000 } }),
    ).not.toThrow();
  });
});

describe('userDataStream settings', () => {
  it.each(CARELESS)('refuses %s when the stream is made, naming the field and its rule', (_name, options, field) => {
    expect(configIssues(() => make(options))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it('states each rule in words', () => {
    const rule = (options: UserDataStreamOptions): string | undefined => configIssues(() => make(options))[0]?.rule;
    expect(rule({ pingIntervalMs: 0 })).toBe('a duration in ms, finite, 100 or more');
    expect(rule({ keepAliveIntervalMs: Infinity })).toBe('a duration in ms from 1000, below 3600000');
    expect(rule({ rolloverAfterMs: Infinity })).toBe('a duration in ms from 60000 to 86400000');
    expect(rule({ pingTimeoutMs: 1e-9 })).toBe('a duration in ms, finite, 100 or more');
    expect(rule({ connectTimeoutMs: 1e-9 })).toBe('a duration in ms, finite, 100 or more');
    expect(rule({ backoff: { initialDelayMs: 1e-9 } })).toBe('a duration in ms, finite, 100 or more');
    expect(rule({ backoff: { stableAfterMs: 1 } })).toBe('a duration in ms, finite, 1000 or more');
    expect(rule({ rolloverOverlapMs: 23 * 3_600_000 })).toBe('shorter than rolloverAfterMs');
    expect(rule({ format: loose('xml') })).toBe('one of protobuf, json');
    expect(rule({ kinds: [] })).toBe('a list of account, deals, orders: at least one, none twice');
    expect(rule({ onMalformedFrame: loose('ignore') })).toBe('one of report, error');
    expect(rule({ backoff: { initialDelayMs: 60_000 } })).toBe('at least initialDelayMs');
  });

  it('refuses every bad setting at once, each one issue', () => {
    const issues = configIssues(() => make({ pingIntervalMs: 0, format: loose('xml'), kinds: [], backoff: { initialDelayMs: -1 } }));
    expect(issues.map((i) => i.field)).toEqual(['format', 'kinds', 'pingIntervalMs', 'backoff.initialDelayMs']);
  });

  it('takes an explicit undefined as left out, and the rules’ edges', () => {
    const undefinedEverywhere = loose<UserDataStreamOptions>(
      Object.fromEntries(
        ['allowInsecureHttp', 'format', 'kinds', 'keepAliveIntervalMs', 'rolloverAfterMs', 'rolloverOverlapMs', 'pingIntervalMs', 'pingTimeoutMs', 'connectTimeoutMs', 'backoff', 'onMalformedFrame', 'scheduler', 'random'].map((k) => [k, undefined]),
      ),
    );
    expect(() => make(undefinedEverywhere)).not.toThrow();
    expect(() => make({ backoff: { initialDelayMs: undefined, maxDelayMs: undefined, stableAfterMs: undefined } })).not.toThrow();
    expect(() => make({ pingIntervalMs: 100, keepAliveIntervalMs: 1000, rolloverAfterMs: DAY, rolloverOverlapMs: 0 })).not.toThrow();
    expect(() => make({ keepAliveIntervalMs: 3_599_999, kinds: ['orders', 'deals'], format: 'json', onMalformedFrame: 'error' })).not.toThrow();
  });

  it('needs a wsUrl when the key source is not a client', () => {
    expect(configIssues(() => userDataStream(() => of('key')))).toEqual([{ field: 'wsUrl', rule: 'required when the key source is not a client' }]);
    expect(configIssues(() => userDataStream({ create: () => of('key') }, { wsUrl: undefined }))[0]?.field).toBe('wsUrl');
  });

  it('refuses a provider that is none, and settings that are not an object', () => {
    expect(configIssues(() => userDataStream(loose(null), { wsUrl }))).toEqual([{ field: '(provider)', rule: 'a client from createClient, a key source ({ create }) or a function returning a key' }]);
    // A client-like object of the user's own has no listen-key calls: createClient brings them.
    const ownClient = { call: () => of({ listenKey: 'key' }), scheduler: asyncScheduler };
    expect(configIssues(() => userDataStream(loose(ownClient), { wsUrl }))).toEqual([{ field: '(provider)', rule: 'a client from createClient, a key source ({ create }) or a function returning a key' }]);
    expect(configIssues(() => userDataStream(loose({ keepAlive: () => of(1) }), { wsUrl }))[0]?.field).toBe('(provider)');
    expect(configIssues(() => userDataStream(() => of('key'), loose(null)))).toContainEqual({ field: '(options)', rule: 'an object' });
  });
});

describe("userDataStream's own wsUrl", () => {
  const source = (): Observable<string> => of('key');

  it.each(['ws://stream.example.com/ws', 'ws://192.168.1.20/ws'])('refuses plain %s to a host other than loopback (the listen key would travel in clear)', (url) => {
    expect(configIssues(() => userDataStream(source, { wsUrl: url }))).toEqual([{ field: 'wsUrl', rule: 'wss:// (plain ws:// only to loopback unless allowInsecureHttp)' }]);
  });

  it('refuses it over a client too, whose own wsUrl was fine', () => {
    const client = createClient({ apiKey: 'k', secretKey: 's' });
    expect(configIssues(() => userDataStream(client, { wsUrl: 'ws://stream.example.com/ws' }))[0]?.field).toBe('wsUrl');
  });

  it('refuses a user or a password in it, without printing them', () => {
    for (const url of ['wss://user:PASSWORD-123@wbs-api.mexc.com/ws', 'wss://PASSWORD-123@wbs-api.mexc.com/ws', 'ws://:PASSWORD-123@127.0.0.1:1/ws']) {
      const issues = configIssues(() => userDataStream(source, { wsUrl: url }));
      expect(issues).toEqual([{ field: 'wsUrl', rule: 'an absolute wss:// or ws:// URL, without user or password' }]);
      expect(JSON.stringify(issues)).not.toContain('PASSWORD-123');
    }
  });

  it('accepts wss://, plain ws:// to loopback, and plain ws:// elsewhere with allowInsecureHttp', () => {
    for (const options of [{ wsUrl: 'wss://wbs-api.mexc.com/ws' }, { wsUrl: 'ws://localhost:8081/ws' }, { wsUrl: 'ws://[::1]:8081/ws' }, { wsUrl: 'ws://stream.example.com/ws', allowInsecureHttp: true }]) {
      expect(() => userDataStream(source, options)).not.toThrow();
    }
  });
});
