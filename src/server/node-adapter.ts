/**
 * A WHATWG handler (`(request) => Promise<Response>`) served through `node:http` and Express:
 * the request's head and (bounded) body made into a `Request`, the `Response` written back. Only
 * the members of node's request and response used here are typed, so nothing imports node:http:
 * the entry runs wherever `Request` and `Response` exist, and `node()` wherever node:http (or
 * Express, or Bun's and Deno's node:http) calls it.
 *
 * @module
 */
import { jsonResponse, refusal } from './responses.js';

/** The parts of a node:http `IncomingMessage` (or an Express request) read. */
export interface NodeRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  /** Express's path before a mount point removed its prefix. */
  readonly originalUrl?: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** A body parser's result (Express), read when the body stream was consumed already. */
  readonly body?: unknown;
  /** Whether the body stream was read to its end already (by a body parser). */
  readonly readableEnded?: boolean | undefined;
  /** A piece of the body came. */
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  /** The body ended. */
  on(event: 'end', listener: () => void): unknown;
  /** The request broke off. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Lets a body that is not read flow away. */
  resume(): unknown;
}

/** The parts of a node:http `ServerResponse` (or an Express response) written. */
export interface NodeResponse {
  statusCode: number;
  readonly headersSent: boolean;
  /** Sets a header of the answer. */
  setHeader(name: string, value: string): unknown;
  /** Sends the body and ends the answer. */
  end(chunk?: Uint8Array): unknown;
  /** Drops the connection (an answer that cannot be finished). */
  destroy(error?: Error): unknown;
}

/** Express's `next`: hands the request on to whatever is mounted after. */
export type NextHandler = (error?: unknown) => void;

/** A handler in its node form: `(req, res, next?)`, for `http.createServer` and Express. */
export type NodeHandler = (req: NodeRequest, res: NodeResponse, next?: NextHandler) => void;

/** How a WHATWG handler is served through node. */
export interface NodeAdapterOptions {
  /** Whether the handler answers this path (else `next()`, or the handler's own 404 without one). */
  readonly owns: (pathname: string) => boolean;
  /** The WHATWG handler. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** The largest body read, bytes: past it, 413 without calling the handler. */
  readonly maxBodyBytes: number;
}

/** A fixed origin: a request's path is all that is routed on, never its `Host`. */
const BASE = 'http://node.invalid';

/** The request's URL on {@link BASE}: its path and query as sent (`//x` stays a path, never a host). */
function urlOf(req: NodeRequest): URL {
  const raw = req.originalUrl ?? req.url ?? '/';
  return new URL(`${BASE}${raw.startsWith('/') ? raw : `/${raw}`}`);
}

function headersOf(req: NodeRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of typeof value === 'string' ? [value] : value) headers.append(name, one);
  }
  return headers;
}

/** A body as a body parser left it (text, bytes, or parsed JSON), as the text or bytes that came. */
function parsedBody(body: unknown): string | Uint8Array<ArrayBuffer> {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new Uint8Array(body);
  return JSON.stringify(body);
}

/** The body, at most `maxBytes`; `undefined` as soon as it runs past that (the rest is not waited for). */
function readNodeBody(req: NodeRequest, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | string | undefined> {
  if (req.readableEnded === true) return Promise.resolve(parsedBody(req.body));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let over = false;
    req.on('data', (chunk) => {
      if (over) return;
      const bytesOf = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      bytes += bytesOf.byteLength;
      if (bytes <= maxBytes) return void chunks.push(bytesOf);
      over = true;
      resolve(undefined);
    });
    req.on('end', () => {
      if (over) return;
      const whole = new Uint8Array(bytes);
      let at = 0;
      for (const chunk of chunks) {
        whole.set(chunk, at);
        at += chunk.byteLength;
      }
      resolve(whole);
    });
    req.on('error', reject);
  });
}

async function write(res: NodeResponse, response: Response, closeConnection = false): Promise<void> {
  const body = new Uint8Array(await response.arrayBuffer());
  if (res.headersSent) return;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => void res.setHeader(name, value));
  res.setHeader('content-length', String(body.byteLength));
  // The rest of a body too large is never read: the connection cannot carry another request.
  if (closeConnection) res.setHeader('connection', 'close');
  res.end(body);
}

async function serve(req: NodeRequest, res: NodeResponse, url: URL, options: NodeAdapterOptions): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  let body: Uint8Array<ArrayBuffer> | string | undefined;
  if (hasBody) {
    body = await readNodeBody(req, options.maxBodyBytes);
    if (body === undefined) return write(res, refusal('body-too-large', `the body is larger than ${options.maxBodyBytes} bytes`), true);
  } else {
    req.resume();
  }
  const request = new Request(url, { method, headers: headersOf(req), ...(hasBody ? { body: body ?? '' } : {}) });
  await write(res, await options.fetch(request));
}

/**
 * The node form of a WHATWG handler. A request for a path it does not own goes to `next` when
 * there is one (Express), else to the handler (which answers 404).
 *
 * @example
 * ```ts
 * const node = nodeHandler({ owns: (path) => path.startsWith('/api/mexc/'), fetch: handler, maxBodyBytes: 1024 });
 * http.createServer(node).listen(8080);
 * ```
 */
export function nodeHandler(options: NodeAdapterOptions): NodeHandler {
  return (req, res, next) => {
    let url: URL;
    try {
      url = urlOf(req);
    } catch {
      req.resume();
      return void write(res, refusal('bad-request', 'the request target is not a path'), true).catch(() => res.destroy());
    }
    if (next !== undefined && !options.owns(url.pathname)) return next();
    serve(req, res, url, options).catch(() => {
      // The handler never throws; a request that broke off, or a response already started, ends here.
      if (!res.headersSent) void write(res, jsonResponse(500, { error: 'internal', message: 'the request could not be served' })).catch(() => res.destroy());
      else res.destroy();
    });
  };
}
