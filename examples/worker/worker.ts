/**
 * A page's listen-key broker as a Cloudflare Worker: `createListenKeyBroker` serves the page's
 * listen keys (create, renew, close) and its repair routes (balances, open orders) at
 * `BROKER_PATH`, signed with the account's API key and secret, which are Worker secrets
 * (`MEXC_API_KEY`, `MEXC_API_SECRET`) and never reach the page. No `nodejs_compat` is needed.
 *
 * The broker lives in one Durable Object (`ListenKeys`), not in the Worker itself: a Worker runs in
 * many isolates, each with its own memory, so a broker per isolate would count the account's keys
 * several times over, and a renewal reaching another isolate than the key's creation would find it
 * unknown. One object is one broker for the account: its keys, its limits, and its timers (the
 * keepalives on the service, the close of a key whose page fell silent).
 *
 * In your project, import from `mexc-rx` and `mexc-rx/server` instead of the sources.
 *
 * @module
 */
import { createClient } from '../../src/index.js';
import { createListenKeyBroker, type ListenKeyBroker } from '../../src/server/index.js';

/** The part of a Durable Object namespace binding used here (`@cloudflare/workers-types` has all of it). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

/** The Worker's bindings: wrangler.toml's `[vars]` and durable object, and the two secrets. */
export interface Env {
  /** The API key (a Worker secret: `npx wrangler secret put MEXC_API_KEY`). */
  readonly MEXC_API_KEY?: string;
  /** The API secret (a Worker secret: `npx wrangler secret put MEXC_API_SECRET`). */
  readonly MEXC_API_SECRET?: string;
  /** Where the broker is mounted, e.g. `/api/mexc`. */
  readonly BROKER_PATH: string;
  /** The page origins allowed, separated by commas; empty: any origin, but never a cross-site request. */
  readonly ALLOWED_ORIGINS?: string;
  /** The service's REST address; default the real service. A test points it at the simulator. */
  readonly MEXC_BASE_URL?: string;
  /** The Durable Object that holds the broker. */
  readonly LISTEN_KEYS: DurableObjectNamespaceLike;
}

/** A refusal in the broker's own shape (`{ error, message }`), for what happens before the broker. */
function refusal(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ error, message }), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
}

/** The bindings missing for the broker to start, by name (never their values). */
function missingSecrets(env: Env): string[] {
  return (['MEXC_API_KEY', 'MEXC_API_SECRET'] as const).filter((name) => (env[name] ?? '') === '');
}

/**
 * The Durable Object: one listen-key broker for the account, made at its first request.
 *
 * @example
 * ```toml
 * [[durable_objects.bindings]]
 * name = "LISTEN_KEYS"
 * class_name = "ListenKeys"
 * ```
 */
export class ListenKeys {
  private broker: ListenKeyBroker | undefined;

  constructor(
    _state: unknown,
    private readonly env: Env,
  ) {}

  fetch(request: Request): Promise<Response> {
    const missing = missingSecrets(this.env);
    if (missing.length > 0) return Promise.resolve(refusal(500, 'not-configured', `the Worker has no ${missing.join(' or ')} secret`));
    this.broker ??= this.makeBroker();
    return this.broker.fetch(request);
  }

  private makeBroker(): ListenKeyBroker {
    const { MEXC_API_KEY, MEXC_API_SECRET, MEXC_BASE_URL, BROKER_PATH, ALLOWED_ORIGINS } = this.env;
    const client = createClient({ apiKey: MEXC_API_KEY, secretKey: MEXC_API_SECRET, baseUrl: MEXC_BASE_URL === '' ? undefined : MEXC_BASE_URL });
    const origins = (ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
    return createListenKeyBroker(client, { path: BROKER_PATH, allowedOrigins: origins.length === 0 ? undefined : origins });
  }
}

/**
 * The Worker: requests under `BROKER_PATH` go to the one broker object; anything else is 404.
 *
 * @example
 * ```ts
 * // In the page, served on the same host (wrangler.toml's routes): userDataStream(remoteListenKeys('/api/mexc'), { wsUrl })
 * ```
 */
export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${env.BROKER_PATH}/`)) return Promise.resolve(refusal(404, 'not-found', 'no such route'));
    return env.LISTEN_KEYS.get(env.LISTEN_KEYS.idFromName('broker')).fetch(request);
  },
};
