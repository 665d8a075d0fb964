/**
 * Node's `require`, reached at call time and never through an `import`: the library also runs in
 * browsers, Workers, Deno and Bun, and is bundled for pages, so no code they may load names a Node
 * module or a Node-only package in an `import`. A Node (20.16 and later) lends its `module` built-in
 * through `process.getBuiltinModule`; elsewhere there is no `require` to reach.
 *
 * @module
 */

/** The parts of `process` looked at. */
interface ProcessLike {
  readonly versions?: { readonly node?: string; readonly bun?: string; readonly deno?: string };
  readonly getBuiltinModule?: (id: string) => unknown;
}

/** The part of `node:module` used here. */
interface ModuleModule {
  createRequire(from: string): (id: string) => unknown;
}

function runtimeProcess(): ProcessLike | undefined {
  return (globalThis as { readonly process?: ProcessLike }).process;
}

/**
 * Whether this runtime is Node itself: Bun and Deno report `process.versions.node` too, but carry
 * their own `fetch` and `WebSocket`, which are the ones to use there.
 *
 * @example
 * ```ts
 * if (isNode()) loadUndici();
 * ```
 */
export function isNode(): boolean {
  const versions = runtimeProcess()?.versions;
  return typeof versions?.node === 'string' && versions.bun === undefined && versions.deno === undefined;
}

/**
 * A Node built-in module (`node:perf_hooks`, `node:crypto`, ...), or `undefined` where the runtime
 * lends none (a browser, a Worker without `nodejs_compat`) or does not have this one.
 *
 * @example
 * ```ts
 * const perfHooks = builtinModule<{ monitorEventLoopDelay?: unknown }>('node:perf_hooks');
 * ```
 */
export function builtinModule<T>(id: string): Partial<T> | undefined {
  try {
    return runtimeProcess()?.getBuiltinModule?.(id) as Partial<T> | undefined;
  } catch {
    return undefined;
  }
}

/**
 * The package `id` as the library's own `require` finds it, or `undefined` where the runtime has no
 * `require` to lend or the package cannot be loaded (a bundle that left it out).
 *
 * @example
 * ```ts
 * const undici = requirePackage<Undici>('undici');
 * ```
 */
export function requirePackage<T>(id: string): T | undefined {
  const modules = builtinModule<ModuleModule>('node:module');
  if (typeof modules?.createRequire !== 'function') return undefined;
  try {
    return modules.createRequire(import.meta.url)(id) as T;
  } catch {
    return undefined;
  }
}
