/**
 * Where a command's calls go: an embedded simulator (`--sim`, acting as its master or, with
 * `--as broker`, its broker), or a service reached at the URLs of {@link resolveUrls} with the
 * credentials in `MEXC_API_KEY` and `MEXC_SECRET_KEY`. The credentials stay inside the client;
 * nothing here prints them.
 *
 * @module
 */
import { createClient, type ClientConfig } from '../client/create-client.js';
import type { Client } from '../client/types.js';
import { startSimulator, type Simulator } from '../simulator/index.js';
import { flag, text, type CommandLine } from './args.js';
import { resolveUrls, shownUrl, type ChosenUrl } from './urls.js';

/** What the command line said about where to connect. */
export type Target =
  | {
      /** Start an embedded simulator. */
      readonly sim: true;
      /** Which of its accounts to act as. Default `master`. */
      readonly as: 'master' | 'broker';
    }
  | {
      readonly sim: false;
      /** REST base URL, and where it came from. */
      readonly base: ChosenUrl;
      /** Websocket base URL, and where it came from. */
      readonly ws: ChosenUrl;
    };

/** A client ready to use, and how to release what was started for it. */
export interface Session {
  readonly client: Client;
  /** The embedded simulator, with `sim`. */
  readonly simulator: Simulator | undefined;
  /** The account acted as (name), with `sim`. */
  readonly account: string | undefined;
  /** Stops the embedded simulator, if any. */
  close(): Promise<void>;
}

/** A session, or why none could be opened (a usage problem, not a failure of the service). */
export type SessionResult = { readonly ok: true; readonly session: Session } | { readonly ok: false; readonly message: string };

/** The names of the environment variables holding the credentials. */
export const CREDENTIAL_VARIABLES = ['MEXC_API_KEY', 'MEXC_SECRET_KEY'] as const;

/**
 * Opens a session for `target`, reading credentials from `env` unless a simulator is started.
 *
 * @throws {@link ValidationError} when a URL breaks the client's rules.
 *
 * @example
 * ```ts
 * const opened = await openSession({ sim: true, as: 'master' }, process.env);
 * if (opened.ok) {
 *   listSubAccounts(opened.session.client).subscribe(console.log);
 * }
 * ```
 */
export async function openSession(target: Target, env: Readonly<Record<string, string | undefined>>, extra: Pick<ClientConfig, 'recorder'> = {}): Promise<SessionResult> {
  if (target.sim) {
    const simulator = await startSimulator({ realtime: true });
    const account = target.as === 'broker' ? simulator.broker : simulator.master;
    const client = createClient({
      baseUrl: simulator.restUrl,
      wsUrl: simulator.wsUrl,
      apiKey: account.apiKey,
      secretKey: account.secretKey,
      clock: () => simulator.clock.now(),
      ...extra,
    });
    return { ok: true, session: { client, simulator, account: account.name, close: () => simulator.close() } };
  }
  const apiKey = env['MEXC_API_KEY'];
  const secretKey = env['MEXC_SECRET_KEY'];
  if (!apiKey || !secretKey) {
    return {
      ok: false,
      message: `set ${CREDENTIAL_VARIABLES.join(' and ')} (mexc-rx simulator prints them for its accounts), or use --sim for a one-off call to an embedded simulator`,
    };
  }
  const client = createClient({ apiKey, secretKey, baseUrl: target.base.url, wsUrl: target.ws.url, ...extra });
  return { ok: true, session: { client, simulator: undefined, account: undefined, close: () => Promise.resolve() } };
}

/**
 * Reads `--sim`, `--as`, `--base-url` and `--ws-url` from a command line, and the URLs from `env`
 * where no flag gives them ({@link resolveUrls}).
 *
 * @example
 * ```ts
 * readTarget(line, process.env); // { ok: true, target: { sim: true, as: 'broker' } } for --sim --as broker
 * ```
 */
export function readTarget(line: CommandLine, env: Readonly<Record<string, string | undefined>>): { readonly ok: true; readonly target: Target } | { readonly ok: false; readonly message: string } {
  const as = text(line, 'as') ?? 'master';
  if (as !== 'master' && as !== 'broker') return { ok: false, message: `--as takes master or broker, not ${as}` };
  const baseUrl = text(line, 'base-url');
  const wsUrl = text(line, 'ws-url');
  if (flag(line, 'sim')) {
    if (baseUrl !== undefined || wsUrl !== undefined) return { ok: false, message: '--sim starts its own simulator: leave out --base-url and --ws-url' };
    return { ok: true, target: { sim: true, as } };
  }
  if (text(line, 'as') !== undefined) return { ok: false, message: '--as needs --sim (without it, the keys in the environment say who you are)' };
  const urls = resolveUrls({ baseUrl, wsUrl }, env);
  return urls.ok ? { ok: true, target: { sim: false, base: urls.base, ws: urls.ws } } : urls;
}

/**
 * Lines saying where a session goes, for `--verbose`: URLs (without any secret part) and where
 * each came from, and whose keys are used. Never a key itself.
 *
 * @example
 * ```ts
 * describeTarget({ sim: false, base: { url: 'http://127.0.0.1:18080', from: 'MEXC_BASE_URL' }, ws: { url: 'ws://127.0.0.1:18080/ws', from: 'MEXC_WS_URL' } }, undefined);
 * // ['REST      http://127.0.0.1:18080 (MEXC_BASE_URL)', 'websocket ws://127.0.0.1:18080/ws (MEXC_WS_URL)', 'keys      MEXC_API_KEY and MEXC_SECRET_KEY']
 * ```
 */
export function describeTarget(target: Target, session: Session | undefined): readonly string[] {
  if (target.sim) {
    const where = session?.simulator === undefined ? '' : ` at ${session.simulator.restUrl}`;
    return [`simulator started for this command${where}, acting as its ${target.as} account (it stops when the command ends)`];
  }
  return [
    `REST      ${shownUrl(target.base.url)} (${target.base.from})`,
    `websocket ${shownUrl(target.ws.url)} (${target.ws.from})`,
    `keys      ${CREDENTIAL_VARIABLES.join(' and ')}`,
  ];
}
