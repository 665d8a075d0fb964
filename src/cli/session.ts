/**
 * Where a command's calls go: an embedded simulator (`--sim`, acting as its master or, with
 * `--as broker`, its broker), or a service reached with the credentials in `MEXC_API_KEY` and
 * `MEXC_SECRET_KEY`. The credentials stay inside the client; nothing here prints them.
 *
 * @module
 */
import { createClient, DEFAULT_BASE_URL, DEFAULT_WS_URL } from '../client/create-client.js';
import type { Client } from '../client/types.js';
import { startSimulator, type Simulator } from '../simulator/index.js';
import { flag, text, type CommandLine } from './args.js';

/** What the command line said about where to connect. */
export interface Target {
  /** Start an embedded simulator. */
  readonly sim: boolean;
  /** With `sim`: which of its accounts to act as. Default `master`. */
  readonly as: 'master' | 'broker';
  /** REST base URL (ignored with `sim`). Default the real service. */
  readonly baseUrl?: string | undefined;
  /** Websocket base URL (ignored with `sim`). Default the real service. */
  readonly wsUrl?: string | undefined;
}

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
export async function openSession(target: Target, env: Readonly<Record<string, string | undefined>>): Promise<SessionResult> {
  if (target.sim) {
    const simulator = await startSimulator({ realtime: true });
    const account = target.as === 'broker' ? simulator.broker : simulator.master;
    const client = createClient({
      baseUrl: simulator.restUrl,
      wsUrl: simulator.wsUrl,
      apiKey: account.apiKey,
      secretKey: account.secretKey,
      clock: () => simulator.clock.now(),
    });
    return { ok: true, session: { client, simulator, account: account.name, close: () => simulator.close() } };
  }
  const apiKey = env['MEXC_API_KEY'];
  const secretKey = env['MEXC_SECRET_KEY'];
  if (!apiKey || !secretKey) {
    return { ok: false, message: `set ${CREDENTIAL_VARIABLES.join(' and ')} (or use --sim to try an embedded simulator)` };
  }
  const client = createClient({
    apiKey,
    secretKey,
    baseUrl: target.baseUrl ?? DEFAULT_BASE_URL,
    wsUrl: target.wsUrl ?? DEFAULT_WS_URL,
  });
  return { ok: true, session: { client, simulator: undefined, account: undefined, close: () => Promise.resolve() } };
}

/**
 * Reads `--sim`, `--as`, `--base-url` and `--ws-url` from a command line.
 *
 * @example
 * ```ts
 * readTarget(line); // { ok: true, target: { sim: true, as: 'broker' } } for --sim --as broker
 * ```
 */
export function readTarget(line: CommandLine): { readonly ok: true; readonly target: Target } | { readonly ok: false; readonly message: string } {
  const sim = flag(line, 'sim');
  const as = text(line, 'as') ?? 'master';
  if (as !== 'master' && as !== 'broker') return { ok: false, message: `--as takes master or broker, not ${as}` };
  if (!sim && text(line, 'as') !== undefined) return { ok: false, message: '--as needs --sim' };
  return { ok: true, target: { sim, as, baseUrl: text(line, 'base-url'), wsUrl: text(line, 'ws-url') } };
}
