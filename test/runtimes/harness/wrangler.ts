/**
 * What the Worker example's wrangler.toml says, read as the tests need it: its compatibility date
 * (the date every Worker of the tests runs at), its `[vars]`, and its Durable Object bindings. Only
 * the shapes that file uses are read (`key = "text"` lines under a table).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './program.js';

/** The example's wrangler.toml, as text. */
export function wranglerToml(): string {
  return readFileSync(join(ROOT, 'examples', 'worker', 'wrangler.toml'), 'utf8');
}

/** The `key = "text"` lines of each table, by the table's header (`''` before any). */
export function tables(toml: string = wranglerToml()): Map<string, Record<string, string>[]> {
  const found = new Map<string, Record<string, string>[]>([['', [{}]]]);
  let current: Record<string, string> = found.get('')?.[0] ?? {};
  for (const line of toml.split('\n')) {
    const header = /^\s*\[\[?([\w.]+)\]\]?\s*$/.exec(line)?.[1];
    if (header !== undefined) {
      current = {};
      found.set(header, [...(found.get(header) ?? []), current]);
      continue;
    }
    const pair = /^\s*(\w+)\s*=\s*"([^"]*)"\s*$/.exec(line);
    if (pair?.[1] !== undefined && pair[2] !== undefined) current[pair[1]] = pair[2];
  }
  return found;
}

/** The compatibility date of the Worker example's wrangler.toml. */
export function exampleCompatibilityDate(): string {
  const date = tables().get('')?.[0]?.['compatibility_date'];
  if (date === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('examples/worker/wrangler.toml names no compatibility_date');
  return date;
}
