/**
 * The version `mexc-rx --version` prints: the `version` field of the package's own package.json,
 * two folders up from this file both in the sources (src/cli) and in the build (dist/cli).
 *
 * @module
 */
import { readFileSync } from 'node:fs';

/**
 * The package's version, read from its package.json.
 *
 * @throws Error when package.json cannot be read or has no version (a broken install).
 * @example
 * ```ts
 * packageVersion(); // '0.1.0'
 * ```
 */
export function packageVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const version = typeof manifest === 'object' && manifest !== null ? (manifest as { version?: unknown }).version : undefined;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}
