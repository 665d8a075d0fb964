/**
 * How requests leave a Node process when the client was given no `fetch`: `node:http` /
 * `node:https` with one keep-alive agent per protocol, shared by every client of the process. On
 * Node 20 the global `fetch` (undici behind WHATWG `Request`, `Headers`, `Response` and web
 * streams) costs several times the client CPU per request of `node:http` (docs/performance.md).
 *
 * It is picked at run time, never imported: the library also runs in browsers (and is bundled for
 * them), where the global `fetch` stays the default. Only Node itself, lending its built-in modules
 * through `process.getBuiltinModule` (Node 20.16 and later), gets it.
 *
 * @module
 */
import type { Agent, IncomingHttpHeaders, IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import { BodyTooLarge, declaredTooLarge, MAX_BODY_BYTES } from './body.js';
import type { WireResponse } from './wire.js';

/** The part of `node:http` and `node:https` used here. */
interface HttpModule {
  readonly request: typeof httpRequest;
  readonly Agent: typeof Agent;
}

/** Sends requests with node:http. */
export interface NodeHttp {
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
 * uses). A server that announces a shorter `Keep-Alive: timeout` is believed, with a second to
 * spare (Node's agent does that).
 */
const IDLE_MS = 4_000;

/** What Node's `fetch` sends unasked and a gateway may want: who is calling, and that any type will do. */
const DEFAULT_HEADERS: Readonly<Record<string, string>> = { accept: '*/*', 'user-agent': 'node' };

/** The response, read in full: what `send.ts` reads of it, and `ok`, which ky reads. */
class BufferedResponse implements WireResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };

  /** node:http never follows a redirect. */
  readonly redirected = false;

  constructor(
    readonly status: number,
    head: IncomingHttpHeaders,
    private readonly bodyText: string,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = { get: (name) => headerValue(head, name) };
  }

  text(): Promise<string> {
    return Promise.resolve(this.bodyText);
  }
}

function headerValue(head: IncomingHttpHeaders, name: string): string | null {
  const value = head[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Where a URL's origin points, parsed once per origin (a client talks to one). */
interface Origin {
  readonly secure: boolean;
  readonly hostname: string;
  readonly port: string;
}

function originOf(cache: Map<string, Origin>, origin: string): Origin {
  let known = cache.get(origin);
  if (!known) {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`unsupported protocol ${url.protocol}`);
    // IPv6 literals come bracketed in URLs, bare in `hostname` options.
    known = { secure: url.protocol === 'https:', hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port };
    if (cache.size >= 64) cache.clear();
    cache.set(origin, known);
  }
  return known;
}

/** Splits an absolute URL into its origin and its path with the query (no fragment). */
function splitUrl(url: string): [origin: string, path: string] {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('#');
  const pathEnd = end < 0 ? url.length : end;
  if (slash < 0 || slash > pathEnd) return [url.slice(0, pathEnd), '/'];
  return [url.slice(0, slash), url.slice(slash, pathEnd)];
}

/**
 * The body's framing, as `fetch` sends it: its length when there is one, `0` for a POST or PUT
 * without one. Without it node:http sends a POST's body chunked and a DELETE's unframed (it does
 * not chunk DELETE), which the server reads as the start of a next request.
 */
function bodyLength(method: string, body: string | undefined): { readonly 'content-length'?: string } {
  if (body !== undefined) return { 'content-length': String(Buffer.byteLength(body, 'utf8')) };
  return method === 'POST' || method === 'PUT' ? { 'content-length': '0' } : {};
}

/**
 * Reads the whole body as text, up to {@link MAX_BODY_BYTES}; calls back once, with the text or an
 * error ({@link BodyTooLarge} past the bound, the connection then closed).
 */
function readBody(response: IncomingMessage, done: (error: unknown, text?: string) => void): void {
  const tooLarge = (): void => {
    response.destroy();
    done(new BodyTooLarge(response.statusCode ?? 0, headerValue(response.headers, 'retry-after'), MAX_BODY_BYTES));
  };
  if (declaredTooLarge(response.headers['content-length'], MAX_BODY_BYTES)) return tooLarge();
  const chunks: Buffer[] = [];
  let bytes = 0;
  response.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_BODY_BYTES) tooLarge();
    else chunks.push(chunk);
  });
  response.on('end', () => done(undefined, chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8')));
  response.on('error', (error) => done(error));
  response.on('close', () => {
    if (!response.complete) done(new Error('the connection closed before the response ended'));
  });
}

function sender(http: HttpModule, https: HttpModule): NodeHttp {
  const agents = { http: new http.Agent({ keepAlive: true, timeout: IDLE_MS }), https: new https.Agent({ keepAlive: true, timeout: IDLE_MS }) };
  const origins = new Map<string, Origin>();
  return {
    send(method, url, headers, body, signal) {
      return new Promise<WireResponse>((resolve, reject) => {
        if (signal.aborted) return reject(abortReason(signal));
        let settled = false;
        const settle = (error: unknown, response?: WireResponse): void => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          if (response) resolve(response);
          else reject(signal.aborted ? abortReason(signal) : error);
        };
        const [originText, path] = splitUrl(url);
        const origin = originOf(origins, originText);
        const options: RequestOptions = {
          method,
          hostname: origin.hostname,
          port: origin.port,
          path,
          headers: { ...DEFAULT_HEADERS, ...headers, ...bodyLength(method, body) },
          agent: origin.secure ? agents.https : agents.http,
        };
        const request = (origin.secure ? https : http).request(options, (response) =>
          readBody(response, (error, text) => settle(error, text === undefined ? undefined : new BufferedResponse(response.statusCode ?? 0, response.headers, text))),
        );
        function onAbort(): void {
          request.destroy();
          settle(undefined);
        }
        signal.addEventListener('abort', onAbort, { once: true });
        request.on('error', (error) => settle(error));
        request.end(body);
      });
    },
  };
}

/** The parts of Node's `process` looked at. */
interface NodeProcess {
  readonly versions?: { readonly node?: string; readonly bun?: string; readonly deno?: string };
  readonly getBuiltinModule?: (id: string) => unknown;
}

let shared: NodeHttp | null | undefined;

/**
 * The process's node:http sender, made at the first call; `undefined` when the runtime is not Node
 * (a browser, Deno, Bun) or is a Node older than 20.16.
 *
 * @example
 * ```ts
 * const http = nodeHttp();
 * const response = http ? await http.send('GET', url, {}, undefined, signal) : await fetch(url, { signal });
 * ```
 */
export function nodeHttp(): NodeHttp | undefined {
  if (shared === undefined) {
    const process = (globalThis as { process?: NodeProcess }).process;
    const versions = process?.versions;
    const isNode = typeof versions?.node === 'string' && versions.bun === undefined && versions.deno === undefined;
    const http = isNode ? (process?.getBuiltinModule?.('node:http') as HttpModule | undefined) : undefined;
    const https = isNode ? (process?.getBuiltinModule?.('node:https') as HttpModule | undefined) : undefined;
    shared = http && https ? sender(http, https) : null;
  }
  return shared ?? undefined;
}
