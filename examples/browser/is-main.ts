/**
 * Whether a module is the script node was started with (`npx tsx examples/browser/server.ts`),
 * rather than imported (by a test).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `true` when the module at `moduleUrl` is the program's entry point.
 *
 * @example
 * ```ts
 * if (isMain(import.meta.url)) void main();
 * ```
 */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(resolve(script)).href === moduleUrl;
}
