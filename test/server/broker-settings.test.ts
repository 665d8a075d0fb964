/**
 * The broker's and the page-side sources' settings, as a careless user meets them: every broken
 * rule refused when the broker or the source is made (one ValidationError, operation `config`,
 * field and rule in words, never the value), an explicit `undefined` taken as "not given"; and the
 * answers the page-side sources refuse to fold into the books.
 */
import { describe, expect, it } from '@jest/globals';
import { createClient, remoteListenKeys, remoteRepairSources } from '../../src/index.js';
import { readBalances, readCreated, readOpenOrders } from '../../src/remote/answers.js';
import { BROKER_URL, routeUrl } from '../../src/remote/remote-settings.js';
import { createListenKeyBroker, type ListenKeyBrokerOptions } from '../../src/server/index.js';
import { configIssues, loose } from '../support/settings.js';

const client = createClient({ apiKey: 'mx0vglBROKERxTEST', secretKey: 'S3CRETxBROKERxTEST', baseUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1/ws' });
const broker = (options: unknown): unknown => createListenKeyBroker(client, loose<ListenKeyBrokerOptions>(options));
const fields = (make: () => unknown): string[] => configIssues(make).map((issue) => issue.field);

describe('createListenKeyBroker refuses a bad setting when it is made', () => {
  it('needs a path from the root, without a trailing slash or dot segments', () => {
    for (const path of [undefined, '', 'api/mexc', '/api/mexc/', '/api/../mexc', '/api/./mexc', '/api//mexc', '/api/mexc?x=1', '/api mexc', 42]) {
      expect(fields(() => broker({ path }))).toEqual(['path']);
    }
    for (const path of ['/', '/api', '/api/mexc-rx', '/a.b/c_d~e']) expect(() => broker({ path })).not.toThrow();
  });

  it('holds maxKeys below the service’s 60 and the session’s bound within it', () => {
    for (const maxKeys of [0, 60, 61, 1.5, Infinity, Number.NaN, '50']) expect(fields(() => broker({ path: '/', maxKeys }))).toEqual(['maxKeys']);
    expect(() => broker({ path: '/', maxKeys: 59, maxKeysPerSession: 59 })).not.toThrow();
    expect(fields(() => broker({ path: '/', maxKeys: 3, maxKeysPerSession: 4 }))).toEqual(['maxKeysPerSession']);
    // Left out, the session's bound follows a lower maxKeys.
    expect(() => broker({ path: '/', maxKeys: 2 })).not.toThrow();
  });

  it('wants a page renewed at least three times within idleCloseMs, and a key closed within the hour', () => {
    expect(fields(() => broker({ path: '/', idleCloseMs: 60_000, renewIntervalMs: 30_000 }))).toEqual(['renewIntervalMs']);
    expect(fields(() => broker({ path: '/', idleCloseMs: 3_600_001 }))).toEqual(['idleCloseMs']);
    expect(fields(() => broker({ path: '/', renewIntervalMs: 999 }))).toEqual(['renewIntervalMs']);
    expect(fields(() => broker({ path: '/', keepAliveIntervalMs: 3_600_000 }))).toEqual(['keepAliveIntervalMs']);
  });

  it('takes origins as URL.origin writes them, and trading pairs as the service spells them', () => {
    for (const allowedOrigins of [[], ['https://app.example.com/'], ['app.example.com'], ['null'], ['https://a.example', 'https://a.example'], 'https://app.example.com']) {
      expect(fields(() => broker({ path: '/', allowedOrigins }))).toEqual(['allowedOrigins']);
    }
    for (const symbols of [[], ['btcusdt'], ['BTCUSDT', 'BTCUSDT'], 'BTCUSDT']) expect(fields(() => broker({ path: '/', symbols }))).toEqual(['symbols']);
    expect(fields(() => broker({ path: '/', maxSymbols: 101 }))).toEqual(['maxSymbols']);
    expect(fields(() => broker({ path: '/', authorize: 'cookie' }))).toEqual(['authorize']);
  });

  it('wants a client, and names every broken rule at once, never a value', () => {
    const issues = configIssues(() => createListenKeyBroker(loose({ apiKey: 'mx0vglSECRETVALUE' }), loose({ path: 'x', maxKeys: 'mx0vglSECRETVALUE' })));
    expect(issues.map((issue) => issue.field)).toEqual(['(client)', 'path', 'maxKeys']);
    expect(JSON.stringify(issues)).not.toContain('SECRETVALUE');
  });

  it('refuses a name it does not take, with the nearest names, never ignoring it', () => {
    expect(configIssues(() => broker({ path: '/', maxKey: 10 }))).toEqual([{ field: 'maxKey', rule: 'not a setting (did you mean maxKeys?)' }]);
    expect(configIssues(() => broker({ path: '/', idleCloseMS: 60_000 }))).toEqual([{ field: 'idleCloseMS', rule: 'not a setting (did you mean idleCloseMs?)' }]);
    expect(fields(() => broker({ path: '/', origin: 'https://app.example.com' }))).toEqual(['origin']);
    expect(fields(() => remoteListenKeys('/api', loose({ scheduer: undefined })))).toEqual(['scheduer']);
    expect(fields(() => remoteRepairSources('/api', loose({ symbol: ['BTCUSDT'] })))).toEqual(['symbol']);
    expect(fields(() => broker(undefined))).toEqual(['path']);
    expect(fields(() => broker('/api/mexc'))).toEqual(['(options)', 'path']);
  });

  it('takes an explicit undefined as left out', () => {
    const allUndefined = {
      authorize: undefined,
      allowedOrigins: undefined,
      maxKeys: undefined,
      maxKeysPerSession: undefined,
      renewIntervalMs: undefined,
      idleCloseMs: undefined,
      keepAliveIntervalMs: undefined,
      symbols: undefined,
      maxSymbols: undefined,
      maxConcurrentReads: undefined,
    };
    expect(() => createListenKeyBroker(client, { path: '/api/mexc', ...allUndefined })).not.toThrow();
  });
});

describe('the page-side sources refuse a bad setting when they are made', () => {
  it('take the broker’s URL as an absolute http(s) URL or one relative to the page on its own host, nothing else', () => {
    for (const url of ['/api/mexc', 'api/mexc', './api', '../api', 'https://app.example.com/api/mexc', 'http://127.0.0.1:8080/api']) expect(BROKER_URL.accepts(url)).toBe(true);
    const otherHosts = ['//evil.example/api', '\\\\evil.example/api', '/\\evil.example/api', ' //evil.example/api', '\t//evil.example/api', 'javascript:alert(1)', 'http://[::1'];
    for (const url of [...otherHosts, 'ftp://x/api', 'https://user:pw@x/api', '/api?x=1', '/api#top', '', 7, null]) {
      expect(fields(() => remoteListenKeys(loose(url)))).toEqual(['url']);
      expect(fields(() => remoteRepairSources(loose(url)))).toEqual(['url']);
    }
  });

  it('resolve a relative URL against the page’s location when they call the broker', () => {
    const page = { addEventListener: () => undefined, location: { href: 'https://app.example.com/dash/index.html?tab=1' } };
    expect(routeUrl('/api/mexc', '/listen-key', page).href).toBe('https://app.example.com/api/mexc/listen-key');
    expect(routeUrl('api/mexc/', '/listen-key', page).href).toBe('https://app.example.com/dash/api/mexc/listen-key');
    expect(routeUrl('https://keys.example.com/b', '/balances', page).href).toBe('https://keys.example.com/b/balances');
    expect(fields(() => routeUrl('api/mexc', '/listen-key', undefined))).toEqual(['url']);
  });

  it('check their options, an explicit undefined taken as left out', () => {
    expect(fields(() => remoteListenKeys('/api', loose({ fetch: 'fetch', page: {}, scheduler: 1 })))).toEqual(['fetch', 'page', 'scheduler']);
    expect(fields(() => remoteRepairSources('/api', loose({ symbols: ['BTC-USDT'] })))).toEqual(['symbols']);
    expect(() => remoteListenKeys('/api', { fetch: undefined, page: undefined, scheduler: undefined })).not.toThrow();
    expect(() => remoteRepairSources('/api', { fetch: undefined, page: undefined, symbols: undefined })).not.toThrow();
  });
});

describe('the page reads only the broker’s answers', () => {
  it('refuses a create answer without a key or with a renewal interval it cannot keep', () => {
    expect(readCreated({ listenKey: 'ab12', renewIntervalMs: 60_000 })).toEqual({ listenKey: 'ab12', renewIntervalMs: 60_000 });
    for (const answer of [null, [], { listenKey: 'a/b', renewIntervalMs: 60_000 }, { listenKey: 'ab', renewIntervalMs: 0 }, { listenKey: 'ab', renewIntervalMs: '60000' }, { listenKey: 'ab' }]) {
      expect(readCreated(answer)).toBeUndefined();
    }
  });

  it('refuses balances or orders with a field the books cannot take', () => {
    expect(readBalances({ balances: [{ asset: 'USDT', free: '1.5', locked: '0' }] })).toEqual([{ asset: 'USDT', free: '1.5', locked: '0' }]);
    for (const answer of [{ balances: [{ asset: 'USDT', free: 1.5, locked: '0' }] }, { balances: [{ asset: '', free: '1', locked: '0' }] }, { balances: {} }, [], null]) {
      expect(readBalances(answer)).toBeUndefined();
    }
    const order = {
      orderId: '1',
      symbol: 'BTCUSDT',
      side: 'BUY',
      orderType: 'LIMIT',
      status: 'NEW',
      price: '30000',
      quantity: '0.01',
      amount: '300',
      cumulativeQuantity: '0',
      cumulativeAmount: '0',
      remainQuantity: '0.01',
      remainAmount: '300',
      avgPrice: '0',
      createTime: 1,
      updatedAt: 2,
    };
    expect(readOpenOrders({ orders: [order] })).toEqual([order]);
    for (const broken of [{ side: 'HOLD' }, { price: 'NaN' }, { createTime: -1 }, { clientOrderId: 7 }, { orderId: '' }]) {
      expect(readOpenOrders({ orders: [{ ...order, ...broken }] })).toBeUndefined();
    }
  });
});
