/**
 * What a bundle built for browsers gets in place of `node-sender.ts` (through the `browser` field
 * of `package.json`, which browser bundlers read): no undici sender, so requests go out through
 * `fetch`, as they do in a browser with `node-sender.ts` too, whose `nodeSender()` finds no
 * `process.getBuiltinModule` there. The page does not carry the sender it would never run.
 *
 * @module
 */
import type { NodeSender, Undici } from './node-sender.js';

/**
 * Always `undefined`: a browser has no undici.
 *
 * @example
 * ```ts
 * nodeSender(); // undefined
 * ```
 */
export function nodeSender(): NodeSender | undefined {
  return undefined;
}

/**
 * Refuses: a browser has no undici to send through.
 *
 * @throws TypeError always.
 * @example
 * ```ts
 * createNodeSender(undici); // throws
 * ```
 */
export function createNodeSender(_undici: Undici, _maxOrigins?: number): NodeSender {
  throw new TypeError('undici does not run in a browser');
}
