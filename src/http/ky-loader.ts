/**
 * ky, loaded at the first request it sends, not when the library is imported: loading it builds a
 * `Request` and a `ReadableStream` to probe the runtime, which on Node 20 wakes the web globals
 * (tens of ms of a program's start); a program that only streams, or sends with
 * `transport: 'fetch'`, never pays it. A browser build gets `ky-loader-browser.ts` instead (the
 * `browser` field of `package.json`): a page has its globals awake already, and a bundler would
 * wrap a lazily imported ky in code of its own.
 *
 * @module
 */
import type { KyInstance } from 'ky';

let loading: Promise<KyInstance> | undefined;

/**
 * ky's default instance, loading it the first time.
 *
 * @example
 * ```ts
 * const response = await (await kyInstance())(url, { retry: 0 });
 * ```
 */
export function kyInstance(): Promise<KyInstance> {
  loading ??= import('ky').then((module) => module.default);
  return loading;
}
