/**
 * What a bundle built for browsers gets in place of `node-require.ts` (through the `browser` field
 * of `package.json`): a page has no Node to lend a module, so each look-up finds nothing, as
 * `node-require.ts` itself would find there, and the page does not carry the look-ups.
 *
 * @module
 */

/**
 * Always `false`: a page is not Node.
 *
 * @example
 * ```ts
 * isNode(); // false
 * ```
 */
export function isNode(): boolean {
  return false;
}

/**
 * Always `undefined`: a page has no Node built-ins.
 *
 * @example
 * ```ts
 * builtinModule('node:crypto'); // undefined
 * ```
 */
export function builtinModule<T>(_id: string): Partial<T> | undefined {
  return undefined;
}

/**
 * Always `undefined`: a page has no `require`.
 *
 * @example
 * ```ts
 * requirePackage('ws'); // undefined
 * ```
 */
export function requirePackage<T>(_id: string): T | undefined {
  return undefined;
}
