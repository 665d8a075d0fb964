/**
 * Which hosts are this machine's own (loopback): where the simulator listens, where plain
 * `http://` and `ws://` are allowed, and what the command line treats as a local simulator.
 *
 * @module
 */

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether `hostname` (as `URL.hostname` gives it) is a loopback host: `localhost`, `127.x.x.x`
 * or `[::1]`.
 *
 * @example
 * ```ts
 * isLoopbackHost(new URL('http://127.0.0.1:8080').hostname); // true
 * isLoopbackHost('api.mexc.com'); // false
 * ```
 */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}
