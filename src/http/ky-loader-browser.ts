/**
 * What a bundle built for browsers gets in place of `ky-loader.ts` (through the `browser` field of
 * `package.json`): ky imported as usual, since a page pays nothing more for it at load and a bundler
 * would wrap a lazily imported ky in code of its own.
 *
 * @module
 */
import ky, { type KyInstance } from 'ky';

const loaded = Promise.resolve(ky);

/**
 * ky's default instance.
 *
 * @example
 * ```ts
 * const response = await (await kyInstance())(url, { retry: 0 });
 * ```
 */
export function kyInstance(): Promise<KyInstance> {
  return loaded;
}
