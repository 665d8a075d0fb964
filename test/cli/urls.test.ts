import { describe, expect, it } from '@jest/globals';
import { resolveUrls, shownUrl, simulatorWsUrl } from '../../src/cli/urls.js';

const REAL = { base: 'https://api.mexc.com', ws: 'wss://wbs-api.mexc.com/ws' };
const SIM = { base: 'http://127.0.0.1:18080', ws: 'ws://127.0.0.1:18080/ws' };
const OTHER_SIM = { base: 'http://127.0.0.1:18081', ws: 'ws://127.0.0.1:18081/ws' };

describe('simulatorWsUrl', () => {
  it('gives the websocket of a loopback REST URL, and none for another host', () => {
    expect(simulatorWsUrl(SIM.base)).toBe(SIM.ws);
    expect(simulatorWsUrl('https://localhost:8443/api')).toBe('wss://localhost:8443/ws');
    expect(simulatorWsUrl('http://[::1]:9000')).toBe('ws://[::1]:9000/ws');
    expect(simulatorWsUrl(REAL.base)).toBeUndefined();
    expect(simulatorWsUrl('not a url')).toBeUndefined();
  });
});

describe('shownUrl', () => {
  it('drops user, password, query and fragment', () => {
    expect(shownUrl('wss://u:p@example.com:444/ws?listenKey=abc#x')).toBe('wss://example.com:444/ws');
    expect(shownUrl(SIM.base)).toBe(SIM.base);
  });
});

describe('resolveUrls', () => {
  const ok = (base: string, baseFrom: string, ws: string, wsFrom: string) => ({ ok: true, base: { url: base, from: baseFrom }, ws: { url: ws, from: wsFrom } });

  it.each([
    ['nothing given: the real service', {}, {}, ok(REAL.base, 'default', REAL.ws, 'default')],
    ['the pasted variables', {}, { MEXC_BASE_URL: SIM.base, MEXC_WS_URL: SIM.ws }, ok(SIM.base, 'MEXC_BASE_URL', SIM.ws, 'MEXC_WS_URL')],
    ['a local --base-url alone', { baseUrl: SIM.base }, {}, ok(SIM.base, '--base-url', SIM.ws, 'derived from --base-url')],
    ['a local --base-url over variables of another simulator', { baseUrl: OTHER_SIM.base }, { MEXC_BASE_URL: SIM.base, MEXC_WS_URL: SIM.ws }, ok(OTHER_SIM.base, '--base-url', OTHER_SIM.ws, 'derived from --base-url')],
    ['a local MEXC_BASE_URL alone', {}, { MEXC_BASE_URL: SIM.base }, ok(SIM.base, 'MEXC_BASE_URL', SIM.ws, 'derived from MEXC_BASE_URL')],
    ['both flags over the variables', { baseUrl: REAL.base, wsUrl: REAL.ws }, { MEXC_BASE_URL: SIM.base, MEXC_WS_URL: SIM.ws }, ok(REAL.base, '--base-url', REAL.ws, '--ws-url')],
    ['empty variables count as unset', {}, { MEXC_BASE_URL: '', MEXC_WS_URL: '' }, ok(REAL.base, 'default', REAL.ws, 'default')],
    ['a proxy of the real service', { baseUrl: 'https://mexc-proxy.example' }, {}, ok('https://mexc-proxy.example', '--base-url', REAL.ws, 'default')],
  ])('%s', (_, flags, env, expected) => {
    expect(resolveUrls(flags, env)).toEqual(expected);
  });

  it.each([
    ['a local REST URL with the real websocket', { baseUrl: SIM.base, wsUrl: REAL.ws }, {}],
    ['the real REST URL with a local websocket', { wsUrl: SIM.ws }, {}],
    ['the real --base-url with the pasted local websocket', { baseUrl: REAL.base }, { MEXC_BASE_URL: SIM.base, MEXC_WS_URL: SIM.ws }],
    ['a local MEXC_BASE_URL with a real MEXC_WS_URL', {}, { MEXC_BASE_URL: SIM.base, MEXC_WS_URL: REAL.ws }],
  ])('refuses %s, naming both URLs', (_, flags, env) => {
    const result = resolveUrls(flags, env);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    expect(message).toMatch(/^refusing to mix a local simulator with another service: the REST URL \S+ \(.+\) is .+, but the websocket URL \S+ \(.+\) is .+\./);
  });

  it('leaves what is no URL to the client to refuse', () => {
    expect(resolveUrls({ baseUrl: 'nonsense' }, {})).toEqual(ok('nonsense', '--base-url', REAL.ws, 'default'));
  });
});
