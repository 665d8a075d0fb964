/**
 * What a bundle built for browsers gets in place of `node-http.ts` (through the `browser` field of
 * `package.json`, which browser bundlers read): no node:http sender, so requests go out through
 * `fetch`, as they do in a browser with `node-http.ts` too, whose `nodeHttp()` finds no
 * `process.getBuiltinModule` there. The page does not carry the node:http sender it would never run.
 *
 * @module
 */
import type { NodeHttp } from './node-http.js';

/**
 * Always `undefined`: a browser has no node:http.
 *
 * @example
 * ```ts
 * nodeHttp(); // undefined
 * ```
 */
export function nodeHttp(): NodeHttp | undefined {
  return undefined;
}
