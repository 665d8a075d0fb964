/**
 * How requests leave a Node process when the client was given no `fetch`: undici 7's `Pool#request`,
 * one pool per origin (`origin-pools.ts`), shared by every client of the process. On Node 20 the
 * global `fetch` (undici behind WHATWG `Request`, `Headers`, `Response` and web streams) costs
 * several times the client CPU per request of undici's own API (docs/performance.md).
 *
 * undici is loaded when the first request goes out, not when the library is imported: loading it
 * takes 135 to 200 ms on the development machine (`performance.now()` around `require('undici')` in
 * `node -e`, Node 20.20, two cores at load 1 to 1.4; 250 to 540 ms at load 4.5), which a process
 * that makes no REST call (a stream, the simulator, the command line's help) need not pay.
 * It is reached through `createRequire` of `node:module`, itself lent by `process.getBuiltinModule`,
 * never through an `import`: the library also runs in browsers (and is bundled for them), where the
 * global `fetch` stays the default, and a bundler sees no `undici` to pull into a page (the `browser`
 * field of package.json swaps this module out too).
 *
 * @module
 */
import type { Dispatcher, Pool } from 'undici';
import { BodyTooLarge, declaredTooLarge, MAX_BODY_BYTES } from './body.js';
import { isNode, requirePackage } from '../internal/node-require.js';
import { OriginPools } from './origin-pools.js';
import type { WireResponse } from './wire.js';

/** The part of undici used here. */
export interface Undici {
  readonly Pool: typeof Pool;
}

/** Sends requests with undici. */
export interface NodeSender {
  /**
   * Sends `method url` with `headers` and `body`, aborted by `signal`. Resolves once the whole
   * body has arrived, whatever the status (a redirect is not followed); rejects on a network
   * failure, a connection closed before the response ended, a body past `MAX_BODY_BYTES`
   * (`BodyTooLarge`), or an abort (with the signal's reason).
   */
  send(method: string, url: string, headers: Readonly<Record<string, string>>, body: string | undefined, signal: AbortSignal): Promise<WireResponse>;
}

/**
 * How long an idle kept-alive connection stays open, ms (undici's default, which Node's `fetch`
 * uses), and the most a server's `Keep-Alive: timeout` can make it. A server that announces a
 * shorter one is believed, with a second to spare (undici reads the hint; the second is Node's
 * agent's, undici's own default being two); one of a second or less closes the connection after
 * its answer.
 */
const IDLE_MS = 4_000;
const KEEP_ALIVE_SPARE_MS = 1_000;

/** What Node's `fetch` sends unasked and a gateway may want: who is calling, and that any type will do. */
const DEFAULT_HEADERS: Readonly<Record<string, string>> = { accept: '*/*', 'user-agent': 'node' };

type ResponseHeaders = Dispatcher.ResponseData['headers'];

/** The response, read in full: what `send.ts` reads of it, and `ok`, which ky reads. */
class BufferedResponse implements WireResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };

  /** undici's `request` never follows a redirect. */
  readonly redirected = false;

  constructor(
    readonly status: number,
    head: ResponseHeaders,
    private readonly bodyText: string,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = { get: (name) => headerValue(head, name) };
  }

  text(): Promise<string> {
    return Promise.resolve(this.bodyText);
  }
}

function headerValue(head: ResponseHeaders, name: string): string | null {
  const value = head[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Splits an absolute URL into its origin and its path with the query (no fragment). */
function splitUrl(url: string): [origin: string, path: string] {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('#');
  const pathEnd = end < 0 ? url.length : end;
  if (slash < 0 || slash > pathEnd) return [url.slice(0, pathEnd), '/'];
  return [url.slice(0, slash), url.slice(slash, pathEnd)];
}

/** Opens the pool of one origin: idle sockets close after {@link IDLE_MS}; the library keeps its own timeouts. */
function openPool(undici: Undici, origin: string): Pool {
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`unsupported protocol ${url.protocol}`);
  return new undici.Pool(url.origin, {
    keepAliveTimeout: IDLE_MS,
    keepAliveMaxTimeout: IDLE_MS,
    keepAliveTimeoutThreshold: KEEP_ALIVE_SPARE_MS,
    // The call's timeout (covering the body too) is the library's, through the abort signal.
    headersTimeout: 0,
    bodyTimeout: 0,
    // Past the bound, undici stops reading and closes the connection.
    maxResponseSize: MAX_BODY_BYTES,
  });
}

/** Reads the answer's body in full, or refuses it past {@link MAX_BODY_BYTES} with {@link BodyTooLarge}. */
async function readAnswer(answer: Dispatcher.ResponseData): Promise<WireResponse> {
  const { statusCode, headers, body } = answer;
  const tooLarge = (): BodyTooLarge => new BodyTooLarge(statusCode, headerValue(headers, 'retry-after'), MAX_BODY_BYTES);
  if (declaredTooLarge(headerValue(headers, 'content-length'), MAX_BODY_BYTES)) {
    body.destroy();
    throw tooLarge();
  }
  try {
    return new BufferedResponse(statusCode, headers, await body.text());
  } catch (error: unknown) {
    throw (error as { code?: unknown }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE' ? tooLarge() : error;
  }
}

/**
 * A sender over undici's pools: one per origin, at most `maxOrigins` of them.
 *
 * @example
 * ```ts
 * const sender = createNodeSender(require('undici'));
 * const response = await sender.send('GET', url, {}, undefined, signal);
 * ```
 */
export function createNodeSender(undici: Undici, maxOrigins?: number): NodeSender {
  const pools = new OriginPools((origin) => openPool(undici, origin), maxOrigins);
  return {
    async send(method, url, headers, body, signal) {
      if (signal.aborted) throw abortReason(signal);
      const [origin, path] = splitUrl(url);
      try {
        const answer = await pools.get(origin).request({
          method: method as Dispatcher.HttpMethod,
          path,
          headers: { ...DEFAULT_HEADERS, ...headers },
          // undici frames it as `fetch` does: its length, `0` for a POST or PUT without one.
          body: body ?? null,
          signal,
        });
        return await readAnswer(answer);
      } catch (error: unknown) {
        throw signal.aborted ? abortReason(signal) : error;
      }
    },
  };
}

let shared: NodeSender | null | undefined;

/**
 * The process's undici sender, made (and undici loaded) at the first call; `undefined` when the
 * runtime is not Node (a browser, Deno, Bun), lends no built-in modules (`process.getBuiltinModule`),
 * or cannot load undici (a bundle that left it out).
 *
 * @example
 * ```ts
 * const sender = nodeSender();
 * const response = sender ? await sender.send('GET', url, {}, undefined, signal) : await fetch(url, { signal });
 * ```
 */
export function nodeSender(): NodeSender | undefined {
  if (shared === undefined) {
    // A bundle that inlined the library's dependencies saw no import of undici and left it out:
    // requests then go through the global `fetch` (undici too, behind the WHATWG objects), slower,
    // never failing for a module left behind.
    const undici = isNode() ? requirePackage<Undici>('undici') : undefined;
    shared = undici ? createNodeSender(undici) : null;
  }
  return shared ?? undefined;
}
