/**
 * Finds a system program: the path its environment variable names, else the first executable of
 * its names on the PATH, else its fallback paths.
 *
 * @module
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { SystemTool } from './tools.js';

/** Where a tool was looked for and what was found. */
export type Lookup =
  | { readonly found: true; readonly path: string }
  | { readonly found: false; readonly badOverride?: string };

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Looks `tool` up. An environment override that names no executable file is reported as
 * `badOverride` (and never silently replaced by another copy).
 *
 * @example
 * ```ts
 * findTool(natsTool, process.env); // { found: true, path: '/usr/sbin/nats-server' }
 * ```
 */
export function findTool(tool: SystemTool, env: NodeJS.ProcessEnv, exists: (path: string) => boolean = isExecutableFile): Lookup {
  const override = env[tool.envVar];
  if (override !== undefined && override !== '') {
    return exists(override) ? { found: true, path: override } : { found: false, badOverride: override };
  }
  const dirs = (env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '');
  const candidates = [...tool.commands.flatMap((command) => dirs.map((dir) => join(dir, command))), ...tool.fallbackPaths];
  const path = candidates.find((candidate) => exists(candidate));
  return path === undefined ? { found: false } : { found: true, path };
}
