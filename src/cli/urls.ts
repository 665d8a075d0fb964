/**
 * Where `call` and `stream` connect: the REST and websocket URLs from the flags (`--base-url`,
 * `--ws-url`), the environment (`MEXC_BASE_URL`, `MEXC_WS_URL`, as `mexc-rx simulator` prints
 * them) or the real service's defaults, flags first. The two must agree: a local simulator's REST
 * address with the real websocket (or the reverse) is refused, so a listen key made for a local
 * simulator is never sent to the real service, nor a real one to a local process.
 *
 * @module
 */
import { DEFAULT_BASE_URL, DEFAULT_WS_URL } from '../client/create-client.js';
import { isLoopbackHost } from '../client/loopback.js';

/** The environment variables holding the URLs. */
export const URL_VARIABLES = { base: 'MEXC_BASE_URL', ws: 'MEXC_WS_URL' } as const;

/** A URL and where it came from (`--base-url`, `MEXC_WS_URL`, `derived from --base-url`, `default`). */
export interface ChosenUrl {
  readonly url: string;
  readonly from: string;
}

/** The URLs to use, or why they cannot be used together. */
export type UrlsResult = { readonly ok: true; readonly base: ChosenUrl; readonly ws: ChosenUrl } | { readonly ok: false; readonly message: string };

/** What the command line said. */
export interface UrlFlags {
  readonly baseUrl?: string | undefined;
  readonly wsUrl?: string | undefined;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Whether `url` points at this machine; `undefined` when it is no URL (the client's checks word that). */
function isLocal(url: string): boolean | undefined {
  const parsed = parse(url);
  return parsed === undefined ? undefined : isLoopbackHost(parsed.hostname);
}

/**
 * The websocket URL of the simulator whose REST URL is `baseUrl` (same host and port, path
 * `/ws`; `wss:` for `https:`), or `undefined` when `baseUrl` is not a loopback URL.
 *
 * @example
 * ```ts
 * simulatorWsUrl('http://127.0.0.1:18080'); // 'ws://127.0.0.1:18080/ws'
 * simulatorWsUrl('https://api.mexc.com'); // undefined
 * ```
 */
export function simulatorWsUrl(baseUrl: string): string | undefined {
  const parsed = parse(baseUrl);
  if (parsed === undefined || !isLoopbackHost(parsed.hostname)) return undefined;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  return `${parsed.protocol === 'https:' ? 'wss:' : 'ws:'}//${parsed.host}/ws`;
}

/**
 * A URL as the command line shows it: without user name, password, query or fragment (a listen
 * key or a password given in a URL is never printed).
 *
 * @example
 * ```ts
 * shownUrl('wss://user:pw@example.com/ws?listenKey=abc'); // 'wss://example.com/ws'
 * ```
 */
export function shownUrl(url: string): string {
  const parsed = parse(url);
  if (parsed === undefined) return '(not a URL)';
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Chooses the REST and websocket URLs: each from its flag, else its variable, else the real
 * service's. A loopback `--base-url` without `--ws-url` takes its simulator's websocket URL; so
 * does a loopback REST URL with no websocket URL given at all. Refuses a local REST URL with a
 * non-local websocket URL, and the reverse, naming both and where each came from.
 *
 * @example
 * ```ts
 * resolveUrls({ baseUrl: 'http://127.0.0.1:18080' }, {});
 * // { ok: true, base: { url: 'http://127.0.0.1:18080', from: '--base-url' }, ws: { url: 'ws://127.0.0.1:18080/ws', from: 'derived from --base-url' } }
 * ```
 */
export function resolveUrls(flags: UrlFlags, env: Readonly<Record<string, string | undefined>>): UrlsResult {
  const envBase = nonEmpty(env[URL_VARIABLES.base]);
  const envWs = nonEmpty(env[URL_VARIABLES.ws]);
  const base: ChosenUrl =
    flags.baseUrl !== undefined
      ? { url: flags.baseUrl, from: '--base-url' }
      : envBase !== undefined
        ? { url: envBase, from: URL_VARIABLES.base }
        : { url: DEFAULT_BASE_URL, from: 'default' };
  const derivedFromFlag = flags.baseUrl === undefined ? undefined : simulatorWsUrl(flags.baseUrl);
  const derived = simulatorWsUrl(base.url);
  const ws: ChosenUrl =
    flags.wsUrl !== undefined
      ? { url: flags.wsUrl, from: '--ws-url' }
      : derivedFromFlag !== undefined
        ? { url: derivedFromFlag, from: 'derived from --base-url' }
        : envWs !== undefined
          ? { url: envWs, from: URL_VARIABLES.ws }
          : derived !== undefined
            ? { url: derived, from: `derived from ${base.from}` }
            : { url: DEFAULT_WS_URL, from: 'default' };
  const baseLocal = isLocal(base.url);
  const wsLocal = isLocal(ws.url);
  if (baseLocal === undefined || wsLocal === undefined || baseLocal === wsLocal) return { ok: true, base, ws };
  const describe = (kind: string, chosen: ChosenUrl, local: boolean): string => `${kind} ${shownUrl(chosen.url)} (${chosen.from}) is ${local ? 'a local address' : 'not local'}`;
  return {
    ok: false,
    message:
      `refusing to mix a local simulator with another service: the ${describe('REST URL', base, baseLocal)}, ` +
      `but the ${describe('websocket URL', ws, wsLocal)}. A listen key made by one must not be sent to the other: ` +
      `give --base-url and --ws-url of the same service (or set ${URL_VARIABLES.base} and ${URL_VARIABLES.ws} together).`,
  };
}
