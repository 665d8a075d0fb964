/**
 * createClient's settings, as a careless user gives them: each bad one is refused when the client
 * is made (a ValidationError, operation `config`, naming the field and its rule), and nothing is
 * sent. A base URL or websocket URL with a user or a password is refused without the password
 * appearing anywhere (before, every call then failed with a NetworkError that printed it). An
 * explicit `undefined` is "not given".
 */
import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { createClient, createRequestBudget, type ClientConfig } from '../../src/index.js';
import { configIssues, loose, refusalOf } from '../support/settings.js';

const PASSWORD = 'PASSWORD-8f3a1c';

describe('createClient: a user or a password in a URL', () => {
  it.each([
    ['baseUrl', `http://user:${PASSWORD}@127.0.0.1:8080`],
    ['baseUrl', `https://user:${PASSWORD}@api.mexc.com`],
    ['baseUrl', `https://${PASSWORD}@api.mexc.com`],
    ['baseUrl', `https://:${PASSWORD}@api.mexc.com`],
    ['wsUrl', `wss://user:${PASSWORD}@wbs-api.mexc.com/ws`],
    ['wsUrl', `ws://${PASSWORD}@127.0.0.1:8081/ws`],
  ] as const)('refuses %s %s when the client is made, and never prints the password', (field, url) => {
    const error = refusalOf(() => createClient({ [field]: url }));
    expect(error.operation).toBe('config');
    expect(error.issues).toEqual([{ field, rule: `an absolute ${field === 'baseUrl' ? 'https:// or http://' : 'wss:// or ws://'} URL, without user or password` }]);
    for (const shown of [error.message, String(error.stack), JSON.stringify(error), inspect(error, { depth: 5 })]) expect(shown).not.toContain(PASSWORD);
  });

});

const CARELESS: readonly [string, ClientConfig, string][] = [
  ['clock as a number', { clock: loose(Date.now()) }, 'clock'],
  ['clock as text', { clock: loose('Date.now') }, 'clock'],
  ['random as a number', { random: loose(0.5) }, 'random'],
  ['scheduler without schedule', { scheduler: loose({ now: () => 0 }) }, 'scheduler'],
  ['scheduler null', { scheduler: loose(null) }, 'scheduler'],
  ['fetch not a function', { fetch: loose({}) }, 'fetch'],
  ['sign not a function', { sign: loose('hmac') }, 'sign'],
  ['budget true', { budget: loose(true) }, 'budget'],
  ['budget an empty object', { budget: loose({}) }, 'budget'],
  ['accountId empty', { accountId: '' }, 'accountId'],
  ['accountId a number', { accountId: loose(42) }, 'accountId'],
  ['apiKey empty', { apiKey: '' }, 'apiKey'],
  ['secretKey a number', { secretKey: loose(12345) }, 'secretKey'],
  ['recvWindow as text', { recvWindow: loose('5000') }, 'recvWindow'],
  ['recvWindow Infinity', { recvWindow: Infinity }, 'recvWindow'],
  ['timeout Infinity', { timeout: Infinity }, 'timeout'],
  ['timeout longer than a timer holds', { timeout: 3_000_000_000 }, 'timeout'],
  ['timeout NaN', { timeout: Number.NaN }, 'timeout'],
  ['timeout null', { timeout: loose(null) }, 'timeout'],
  ["transport 'xhr'", { transport: loose('xhr') }, 'transport'],
  ["signBody 'yes'", { signBody: loose('yes') }, 'signBody'],
  ['allowInsecureHttp 1', { allowInsecureHttp: loose(1) }, 'allowInsecureHttp'],
  ['retry null', { retry: loose(null) }, 'retry'],
  ['retry.limit -1', { retry: { limit: -1 } }, 'retry.limit'],
  ['retry.limit 1.5', { retry: { limit: 1.5 } }, 'retry.limit'],
  ['retry.baseDelayMs NaN', { retry: { baseDelayMs: Number.NaN } }, 'retry.baseDelayMs'],
  ['retry.maxDelayMs Infinity', { retry: { maxDelayMs: Infinity } }, 'retry.maxDelayMs'],
  ['retry.maxDelayMs below baseDelayMs', { retry: { baseDelayMs: 1000, maxDelayMs: 10 } }, 'retry.maxDelayMs'],
  ['retry.maxRetryAfterMs past the longest timer', { retry: { maxRetryAfterMs: 30 * 86_400_000 } }, 'retry.maxRetryAfterMs'],
  ['baseUrl a number', { baseUrl: loose(443) }, 'baseUrl'],
];

describe('createClient settings', () => {
  it.each(CARELESS)('refuses %s when the client is made, naming the field and its rule', (_name, config, field) => {
    expect(configIssues(() => createClient(config))).toEqual([{ field, rule: expect.any(String) }]);
  });

  it('states the rules in words', () => {
    const rule = (config: ClientConfig): string | undefined => configIssues(() => createClient(config))[0]?.rule;
    expect(rule({ clock: loose(1) })).toBe('a function');
    expect(rule({ scheduler: loose({}) })).toBe('an rxjs scheduler (with schedule and now)');
    expect(rule({ budget: loose({}) })).toBe('a request budget (from createRequestBudget) or false');
    expect(rule({ timeout: Infinity })).toBe('a duration in ms from 1 to 2147483647');
    expect(rule({ transport: loose('xhr') })).toBe('one of ky, fetch');
    expect(rule({ accountId: '' })).toBe('non-empty text');
  });

  it('takes an explicit undefined as left out, and good values of every kind', () => {
    const everyUndefined = loose<ClientConfig>(
      Object.fromEntries(
        ['apiKey', 'secretKey', 'sign', 'baseUrl', 'wsUrl', 'recvWindow', 'timeout', 'fetch', 'transport', 'clock', 'scheduler', 'retry', 'signBody', 'allowInsecureHttp', 'random', 'budget', 'accountId'].map((k) => [k, undefined]),
      ),
    );
    const client = createClient(everyUndefined);
    expect({ baseUrl: client.baseUrl, wsUrl: client.wsUrl, recvWindow: client.recvWindow, timeout: client.timeout }).toEqual({
      baseUrl: 'https://api.mexc.com',
      wsUrl: 'wss://wbs-api.mexc.com/ws',
      recvWindow: 5000,
      timeout: 10000,
    });
    expect(() => createClient({ retry: { limit: undefined, baseDelayMs: undefined, maxDelayMs: undefined, maxRetryAfterMs: undefined } })).not.toThrow();
    expect(() => createClient({ budget: false, accountId: 'acct', clock: () => 0, random: () => 0, sign: async () => 'ab', timeout: 2 ** 31 - 1 })).not.toThrow();
    expect(createClient({ budget: createRequestBudget() }).budget).toBeDefined();
  });
});
