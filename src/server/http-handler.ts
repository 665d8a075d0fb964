/**
 * The shape every handler of the server entry has: a WHATWG form, a node form, and a close. A
 * server mounts several side by side (a listen-key broker, a health probe) the same way.
 *
 * @module
 */
import type { NodeHandler } from './node-adapter.js';

/** A handler of the server entry. */
export interface HttpHandler {
  /**
   * The WHATWG form, `(request) => Promise<Response>`: what Hono, Next.js route handlers, Deno
   * (`Deno.serve`), Bun (`Bun.serve`) and Cloudflare-style servers take as it is. A function of its
   * own (no `this`), so it can be handed over detached.
   */
  readonly fetch: (request: Request) => Promise<Response>;
  /**
   * The node form, `(req, res, next?)`: for `http.createServer` and Express. A request for a path
   * the handler does not serve goes to `next` when there is one, else is answered 404.
   */
  readonly node: NodeHandler;
  /** Releases what the handler holds; resolves when that is done. Requests after it are refused (503). */
  close(): Promise<void>;
}
